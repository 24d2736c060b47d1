package render_test

import (
	"bytes"
	"flag"
	_ "github.com/lwipgen/lwipgen/internal/flows/all"
	"os"
	"path/filepath"
	"testing"

	udiff "github.com/aymanbagabas/go-udiff"
	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/testenv"
)

var update = flag.Bool("update", false, "rewrite testdata/golden from the current output")

// Every generated file of every board against its reviewed golden copy, a
// difference shown as a unified diff
// (regenerate with: go test ./internal/render -run Golden -update), and
// byte-reproducible: two runs give identical bytes.
func TestGoldenGeneratedFiles(t *testing.T) {
	if *update && testenv.InCI() {
		t.Fatal("-update is refused under CI=true: golden files are reviewed changes, regenerate them locally")
	}
	for _, name := range []string{"h743", "f767", "f407", "gd32f407", "zynq7035", "mps2-an500", "h743-rtthread"} {
		t.Run(name, func(t *testing.T) {
			g1, diags := pipeline.Prepare(pipeline.Options{Board: name, Source: board.Source{}})
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			g2, _ := pipeline.Prepare(pipeline.Options{Board: name, Source: board.Source{}})
			if len(g1.Files) != len(g2.Files) {
				t.Fatalf("runs differ in file count")
			}
			dir := filepath.Join("testdata", "golden", name)
			if *update {
				os.RemoveAll(dir)
			}
			seen := map[string]bool{}
			for i, f := range g1.Files {
				if !bytes.Equal(f.Content, g2.Files[i].Content) || f.Path != g2.Files[i].Path {
					t.Errorf("%s is not reproducible", f.Path)
				}
				path := filepath.Join(dir, f.Path) + ".golden" // data, not source: keeps linters and duplicate finders off it
				seen[path] = true
				if *update {
					os.MkdirAll(filepath.Dir(path), 0o755)
					if err := os.WriteFile(path, f.Content, 0o644); err != nil {
						t.Fatal(err)
					}
					continue
				}
				want, err := os.ReadFile(path)
				if err != nil {
					t.Errorf("%s: no golden copy (run with -update and review)", f.Path)
					continue
				}
				if !bytes.Equal(want, f.Content) {
					t.Errorf("%s differs from its golden copy (review, then run with -update):\n%s", f.Path,
						udiff.Unified(path, f.Path+" (generated)", string(want), string(f.Content)))
				}
			}
			filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
				if err == nil && !info.IsDir() && !seen[p] {
					t.Errorf("golden file %s is no longer generated", p)
				}
				return nil
			})
		})
	}
}
