// Package golden compares a built-in board's generated files with their
// reviewed golden copies. Each flow owns the goldens of its boards: its
// golden_test.go calls Check, and the copies live in that flow's
// testdata/golden/<board> (internal/flow's arch test checks where). A
// difference is shown as a unified diff; regenerate after a reviewed change
// with `go test ./internal/flows/<flow> -run Golden -update` (refused under
// CI=true).
package golden

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	udiff "github.com/aymanbagabas/go-udiff"
	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/testenv"
)

var update = flag.Bool("update", false, "rewrite testdata/golden from the current output")

// Dir is where a flow package's test keeps the goldens of a board.
func Dir(boardName string) string { return filepath.Join("testdata", "golden", boardName) }

// Check compares every generated file of each board (built-in boards of
// vendor flowName) with its golden copy under Dir, and checks the output is
// byte-reproducible: two runs give identical bytes. The program must link
// the flows (internal/flows/all).
func Check(t *testing.T, flowName string, boards ...string) {
	t.Helper()
	if *update && testenv.InCI() {
		t.Fatal("-update is refused under CI=true: golden files are reviewed changes, regenerate them locally")
	}
	if len(boards) == 0 {
		t.Fatal("no boards to check")
	}
	for _, name := range boards {
		t.Run(name, func(t *testing.T) { checkBoard(t, flowName, name) })
	}
}

func checkBoard(t *testing.T, flowName, name string) {
	g1, diags := pipeline.Prepare(pipeline.Options{Board: name, Source: board.Source{}})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if g1.Board.Vendor != flowName {
		t.Fatalf("board %s is of the %s flow: its goldens belong under internal/flows/%s", name, g1.Board.Vendor, g1.Board.Vendor)
	}
	g2, _ := pipeline.Prepare(pipeline.Options{Board: name, Source: board.Source{}})
	if len(g1.Files) != len(g2.Files) {
		t.Fatalf("runs differ in file count")
	}
	dir := Dir(name)
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
}
