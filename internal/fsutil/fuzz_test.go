package fsutil

import (
	"bytes"
	"testing"
)

// FuzzCheckText: a refusal points inside the file.
func FuzzCheckText(f *testing.F) {
	f.Add([]byte("text\n"))
	f.Add([]byte("a\nb\x00c"))
	f.Add([]byte("\xff\xfe\xfd"))
	f.Fuzz(func(t *testing.T, src []byte) {
		err := CheckText("f", src)
		if te, ok := err.(*TextError); ok {
			if te.Line < 1 || te.Line > bytes.Count(src, []byte("\n"))+1 || te.Col < 1 {
				t.Fatalf("position %d:%d", te.Line, te.Col)
			}
		} else if err != nil {
			t.Fatalf("unpositioned: %v", err)
		}
	})
}
