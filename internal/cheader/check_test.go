package cheader

import (
	"strings"
	"testing"
)

func TestCheck(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"#define A 1 /* ok */\n#define B \"/*\" // x\n", ""},
		{"#define A 1\n  /* never closed\n#define MEM_SIZE 1600\n", "a.h:2:3: unterminated /* comment"},
		{"#define A 1\n#define X " + strings.Repeat("(", 100) + "1" + strings.Repeat(")", 100) + "\n", "a.h:2:75: more than 64 nested parentheses"},
		{"#define A 1\x00\n", "a.h:1:12: binary content"},
		{"#define A '(' /* ( */ \"((\"\n", ""},
	} {
		err := Check("a.h", []byte(c.src))
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.HasPrefix(err.Error(), c.want)) {
			t.Errorf("%q: got %v, want %q", c.src, err, c.want)
		}
	}
}
