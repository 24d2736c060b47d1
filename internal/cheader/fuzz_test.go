package cheader

import (
	"bytes"
	"errors"
	"testing"

	"github.com/lwipgen/lwipgen/internal/fsutil"
)

// FuzzCheck: no panic, and every refusal points inside the file.
func FuzzCheck(f *testing.F) {
	f.Add([]byte("#define A 1 /* ok */\n"))
	f.Add([]byte("/* open\n#define A (((1)))\n"))
	f.Add([]byte("#define S \"/* not a comment\"\n'\\''\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		err := Check("f.h", src)
		var te *fsutil.TextError
		if err == nil {
			StripComments(string(src))
			return
		}
		if !errors.As(err, &te) {
			t.Fatalf("not a positioned error: %v", err)
		}
		lines := bytes.Count(src, []byte("\n")) + 1
		if te.Line < 1 || te.Line > lines || te.Col < 1 {
			t.Fatalf("position %d:%d outside a %d-line file", te.Line, te.Col, lines)
		}
	})
}
