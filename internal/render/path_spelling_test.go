package render_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/boards"
	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/pipeline"
)

// Issue 29 item 11: the generated files of a board file are the same bytes
// however its path is typed (./my.hcl, my.hcl, the absolute path, through
// a sub-folder), and the folder it sits in (a home directory) appears in
// none of them. The absolute path used to be printed in every header, so a
// second vendor with another spelling rewrote six files.
func TestOutputIndependentOfBoardPathSpelling(t *testing.T) {
	for _, bn := range []string{"h743", "h743-rtthread", "gd32f407", "zynq7035"} {
		dir := filepath.Join(t.TempDir(), "home", "someone")
		src, err := boards.FS.ReadFile(bn + ".hcl")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Join(dir, "sub"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "my.hcl"), src, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Chdir(dir)
		var ref map[string][]byte
		for _, spelling := range []string{"./my.hcl", "my.hcl", filepath.Join(dir, "my.hcl"), "sub/../my.hcl"} {
			g, diags := pipeline.Prepare(pipeline.Options{Board: spelling, Source: board.Source{Dirs: []string{"."}}, Out: "out"})
			if diags.HasErrors() {
				t.Fatalf("%s as %s: %v", bn, spelling, diags)
			}
			got := map[string][]byte{}
			for _, f := range g.Files {
				got[f.Path] = f.Content
				if bytes.Contains(f.Content, []byte(dir)) || bytes.Contains(f.Content, []byte("home/someone")) {
					t.Errorf("%s as %s: %s names the board's folder", bn, spelling, f.Path)
				}
			}
			if ref == nil {
				ref = got
				continue
			}
			for p, b := range got {
				if !bytes.Equal(ref[p], b) {
					t.Errorf("%s: %s differs between ./my.hcl and %s:\n%s", bn, p, spelling, firstDiff(ref[p], b))
				}
			}
			if len(got) != len(ref) {
				t.Errorf("%s: %d files as ./my.hcl, %d as %s", bn, len(ref), len(got), spelling)
			}
		}
	}
}

// firstDiff shows the first line that differs.
func firstDiff(a, b []byte) string {
	al, bl := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := 0; i < len(al) && i < len(bl); i++ {
		if al[i] != bl[i] {
			return al[i] + "\n" + bl[i]
		}
	}
	return "(one is a prefix of the other)"
}
