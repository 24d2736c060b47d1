package fsutil_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// openers read a file without fsutil's checks: a FIFO blocks them forever,
// /dev/zero feeds them without end.
var openers = map[string]bool{
	"os.ReadFile": true, "os.Open": true, "os.OpenFile": true, "ioutil.ReadFile": true, "io.ReadAll": true,
}

// readerExempt may read directly, each for its reason.
var readerExempt = map[string]string{
	"internal/sim/objcache.go": "copies objects of lwipgen's own cache, which it wrote itself",
	// benchmarks and test helpers read the repository's own fixtures
	"internal/bench/":   "benchmark tooling over lwipgen's own build folders",
	"internal/testenv/": "test helpers over the repository's fixtures",
	"internal/golden/":  "the goldens' test helper over the repository's reviewed copies",
}

// Issue 29 item 7: every input file is read by one bounded reader
// (fsutil.ReadFile / ReadText / Root.ReadFile): regular files only, size
// capped, a FIFO refused at once. No command code opens a file another way.
func TestOneReaderForEveryInput(t *testing.T) {
	root := filepath.Join("..", "..")
	fset := token.NewFileSet()
	checked := 0
	for _, top := range []string{"internal", "cmd"} {
		err := filepath.WalkDir(filepath.Join(root, top), func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel := filepath.ToSlash(strings.TrimPrefix(p, root+string(filepath.Separator)))
			if d.IsDir() {
				if d.Name() == "testdata" || rel == "internal/fsutil" {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
				return nil
			}
			for pre := range readerExempt {
				if strings.HasPrefix(rel, pre) {
					return nil
				}
			}
			f, err := parser.ParseFile(fset, p, nil, 0)
			if err != nil {
				return err
			}
			checked++
			ast.Inspect(f, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				if id, ok := sel.X.(*ast.Ident); ok && openers[id.Name+"."+sel.Sel.Name] {
					t.Errorf("%s: %s.%s reads a file past fsutil's bounded reader (regular files only, size capped): use fsutil.ReadFile or ReadText",
						fset.Position(sel.Pos()), id.Name, sel.Sel.Name)
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if checked < 100 {
		t.Fatalf("only %d files checked: the walk is broken", checked)
	}
}
