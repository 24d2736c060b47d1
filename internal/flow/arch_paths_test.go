package flow_test

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// roleStages pick generated files by their render.Role: the probe build
// (pipeline) and the simulator's device build (sim). A path prefix ("probe/",
// "firmware/") or a file name ("lwipgen_mpu.c", "main.c") tested there would
// tie the stage to where a flow happens to write a file.
var roleStages = []string{"internal/pipeline", "internal/sim"}

// pendingRoleFiles are stage files still allowed to pick generated files by
// name. Issue 33 emptied it (the RT-Thread device's completion moved into
// internal/flows/rtthread/simdevice.go). Keep it empty.
var pendingRoleFiles = map[string]bool{}

var renderedName = regexp.MustCompile(`^[A-Za-z0-9_.-]+\.(c|h|ld)$`)

// pathDispatch lists where a Go file decides by a rendered file's path: a
// folder literal ("x/") given to strings.HasPrefix/CutPrefix/TrimPrefix, or
// a file name literal compared with == / != or used as a switch case.
func pathDispatch(t *testing.T, file string) []string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	lit := func(e ast.Expr) (string, bool) {
		l, ok := e.(*ast.BasicLit)
		if !ok || l.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(l.Value)
		return s, err == nil
	}
	var hits []string
	add := func(n ast.Node, what, s string) {
		hits = append(hits, fmt.Sprintf("%d: %s %q", fset.Position(n.Pos()).Line, what, s))
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.CallExpr:
			sel, ok := x.Fun.(*ast.SelectorExpr)
			if !ok || len(x.Args) != 2 {
				return true
			}
			if pkg, ok := sel.X.(*ast.Ident); !ok || pkg.Name != "strings" {
				return true
			}
			switch sel.Sel.Name {
			case "HasPrefix", "CutPrefix": // TrimPrefix relocates, it does not choose
				if s, ok := lit(x.Args[1]); ok && strings.HasSuffix(s, "/") {
					add(x, "path prefix", s)
				}
			}
		case *ast.BinaryExpr:
			if x.Op != token.EQL && x.Op != token.NEQ {
				return true
			}
			for _, e := range []ast.Expr{x.X, x.Y} {
				if s, ok := lit(e); ok && renderedName.MatchString(s) {
					add(x, "file name compared", s)
				}
			}
		case *ast.CaseClause:
			for _, e := range x.List {
				if s, ok := lit(e); ok && renderedName.MatchString(s) {
					add(e, "file name case", s)
				}
			}
		}
		return true
	})
	return hits
}

// TestStagesPickFilesByRole: the probe build and the simulator choose
// generated files by render.Role, never by path prefix or file name.
func TestStagesPickFilesByRole(t *testing.T) {
	root := repoRoot(t)
	checked := 0
	for _, p := range packages(t) {
		rel, _ := filepath.Rel(root, p.Dir)
		rel = filepath.ToSlash(rel)
		stage := false
		for _, s := range roleStages {
			stage = stage || rel == s
		}
		if !stage {
			continue
		}
		for _, f := range p.GoFiles {
			if pendingRoleFiles[rel+"/"+f] {
				continue
			}
			checked++
			for _, h := range pathDispatch(t, filepath.Join(p.Dir, f)) {
				t.Errorf("%s/%s:%s: a stage picks generated files by path; give the file a render.Role and test that", rel, f, h)
			}
		}
	}
	if checked < 10 {
		t.Fatalf("checked only %d files of %v", checked, roleStages)
	}
}

// The check catches the dispatch the pipeline and sim were cleared of.
func TestPathDispatchCaught(t *testing.T) {
	dir := t.TempDir()
	src := `package x

import "strings"

func f(p string) bool {
	if strings.HasPrefix(p, "probe/") || p == "lwipgen_mpu.c" {
		return true
	}
	switch p {
	case "main.c":
	}
	return strings.HasPrefix(p, "..") || p == "x"
}
`
	p := filepath.Join(dir, "x.go")
	os.WriteFile(p, []byte(src), 0o644)
	hits := pathDispatch(t, p)
	if len(hits) != 3 || !strings.Contains(hits[0], "path prefix") || !strings.Contains(hits[1], "file name compared") || !strings.Contains(hits[2], "file name case") {
		t.Errorf("hits %v", hits)
	}
}

// TestGoldensLiveUnderFlows: every built-in board's golden copies live under
// the flow of its vendor (internal/flows/<vendor>/testdata/golden/<board>,
// checked by that flow's golden_test.go through internal/golden), and no
// golden directory is left anywhere else.
func TestGoldensLiveUnderFlows(t *testing.T) {
	root := repoRoot(t)
	boards, err := filepath.Glob(filepath.Join(root, "boards", "*.hcl"))
	if err != nil || len(boards) < 5 {
		t.Fatalf("built-in boards: %v %v", boards, err)
	}
	vendor := regexp.MustCompile(`(?m)^\s*vendor\s*=\s*"([^"]+)"`)
	want := map[string]bool{}
	for _, b := range boards {
		src, err := os.ReadFile(b)
		if err != nil {
			t.Fatal(err)
		}
		m := vendor.FindSubmatch(src)
		if m == nil {
			t.Fatalf("%s names no vendor", b)
		}
		name := strings.TrimSuffix(filepath.Base(b), ".hcl")
		dir := filepath.Join("internal", "flows", string(m[1]), "testdata", "golden", name)
		want[filepath.ToSlash(dir)] = true
		if fi, err := os.Stat(filepath.Join(root, dir)); err != nil || !fi.IsDir() {
			t.Errorf("board %s: no goldens in %s", name, dir)
		}
		test, err := os.ReadFile(filepath.Join(root, "internal", "flows", string(m[1]), "golden_test.go"))
		if err != nil || !bytes.Contains(test, []byte("golden.Check(")) || !bytes.Contains(test, []byte(strconv.Quote(name))) {
			t.Errorf("board %s: internal/flows/%s/golden_test.go does not check it with golden.Check", name, m[1])
		}
	}
	err = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if strings.HasPrefix(d.Name(), ".") && rel != "." || d.Name() == "node_modules" {
			return filepath.SkipDir
		}
		if d.Name() != "golden" || filepath.Base(filepath.Dir(p)) != "testdata" {
			return nil
		}
		entries, _ := os.ReadDir(p)
		for _, e := range entries {
			if !want[rel+"/"+e.Name()] {
				t.Errorf("%s/%s: goldens outside their board's flow (internal/flows/<vendor>/testdata/golden/<board>)", rel, e.Name())
			}
		}
		return filepath.SkipDir
	})
	if err != nil {
		t.Fatal(err)
	}
}
