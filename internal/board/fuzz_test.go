package board_test

import (
	"io/fs"
	"testing"

	"github.com/lwipgen/lwipgen/boards"
	"github.com/lwipgen/lwipgen/internal/board"
)

// FuzzDecodeBoard: whatever the input, DecodeBoard does not panic, returns a
// board exactly when there is no error, and every error points somewhere in
// the file.
func FuzzDecodeBoard(f *testing.F) {
	files, err := fs.Glob(boards.FS, "*.hcl")
	if err != nil || len(files) == 0 {
		f.Fatalf("no built-in boards: %v", err)
	}
	for _, name := range files {
		src, err := fs.ReadFile(boards.FS, name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(src))
	}
	for _, s := range []string{localsBoard, overrideBoard, userBoard, userChip + userH743 + userBoard} {
		f.Add(s)
	}
	for _, c := range invalidCases {
		f.Add(c.src)
	}
	chips := builtinChips(f)
	f.Fuzz(func(t *testing.T, src string) {
		b, diags := board.DecodeBoard([]byte(src), "fuzz.hcl", chips, fakeOptions{})
		if diags.HasErrors() != (b == nil) {
			t.Fatalf("board %v with errors %v:%s", b != nil, diags.HasErrors(), describe(diags))
		}
		for _, d := range errorsOf(diags) {
			if d.Subject == nil || d.Subject.Filename != "fuzz.hcl" || d.Subject.Start.Line < 1 || d.Subject.Start.Column < 1 {
				t.Fatalf("error without a position:%s", describe(hclDiags(d)))
			}
			if d.Summary == "" {
				t.Fatalf("error without a summary:%s", describe(hclDiags(d)))
			}
		}
		if b != nil && (b.Chip == nil || b.Name == "") {
			t.Fatalf("board without a chip or name: %+v", b)
		}
	})
}
