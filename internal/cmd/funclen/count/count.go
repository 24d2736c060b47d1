// Package count measures Go source: long functions and exported identifiers.
// Test files and testdata are left out: the numbers are about the code a
// newcomer reads, not the fixtures.
package count

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
)

// Func is one function over the limit.
type Func struct {
	Pos   string // file:line
	Name  string // Recv.Name or Name
	Lines int
}

// Pkg is the exported identifier count of one package directory.
type Pkg struct {
	Dir   string
	Count int
}

// Long returns the functions below root longer than max lines, longest first.
func Long(root string, max int) ([]Func, error) {
	var out []Func
	fset := token.NewFileSet()
	err := walkGo(root, func(path string) error {
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			start := fset.Position(fd.Pos())
			n := fset.Position(fd.End()).Line - start.Line + 1
			if n > max {
				out = append(out, Func{Pos: fmt.Sprintf("%s:%d", path, start.Line), Name: funcName(fd), Lines: n})
			}
		}
		return nil
	})
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Lines != out[j].Lines {
			return out[i].Lines > out[j].Lines
		}
		return out[i].Pos < out[j].Pos
	})
	return out, err
}

// Exported counts exported top-level identifiers (funcs, methods, types,
// vars, consts) per package directory below root.
func Exported(root string) ([]Pkg, error) {
	counts := map[string]int{}
	fset := token.NewFileSet()
	err := walkGo(root, func(path string) error {
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		dir := filepath.Dir(path)
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Name.IsExported() {
					counts[dir]++
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						if s.Name.IsExported() {
							counts[dir]++
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							if n.IsExported() {
								counts[dir]++
							}
						}
					}
				}
			}
		}
		return nil
	})
	var out []Pkg
	for d, n := range counts {
		out = append(out, Pkg{Dir: d, Count: n})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Dir < out[j].Dir })
	return out, err
}

func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	if ix, ok := t.(*ast.IndexExpr); ok {
		t = ix.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name + "." + fd.Name.Name
	}
	return fd.Name.Name
}

// walkGo calls fn for every non-test .go file below root, skipping testdata,
// hidden and vendor folders.
func walkGo(root string, fn func(string) error) error {
	return filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if path != root && (name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		return fn(path)
	})
}
