package cheader

import (
	"strings"
	"testing"
)

func TestStripComments(t *testing.T) {
	for in, want := range map[string]string{
		"#define A 1 /* one */\n#define B 2 // two\n": "#define A 1  \n#define B 2 \n",
		"1/**/2":                    "1 2", // a comment is whitespace: two tokens
		"a /* spans\nlines */ b\nc": "a \n b\nc",
		"x // tail":                 "x ",
		"y /* unterminated":         "y  ",
		"(4 * TCP_MSS) /*x*/":       "(4 * TCP_MSS)  ",
	} {
		if got := StripComments(in); got != want {
			t.Errorf("StripComments(%q) = %q, want %q", in, got, want)
		}
	}
}

// A line longer than bufio's default 64 KiB token is read whole.
func TestScannerReadsLongLines(t *testing.T) {
	long := strings.Repeat("x", 200<<10)
	sc := Scanner("#define A 1\n" + long + "\n#define B 2")
	var n int
	for sc.Scan() {
		n++
		if n == 2 && len(sc.Text()) != len(long) {
			t.Fatalf("line 2 is %d bytes", len(sc.Text()))
		}
	}
	if err := sc.Err(); err != nil || n != 3 {
		t.Fatalf("%d lines, %v", n, err)
	}
}

func TestCodeOnly(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"void f(void) /* { */\n{ x; }", "void f(void)        \n{ x; }"},
		{"a // }\nb", "a     \nb"},
		{`s = "}\"{"; c = '}';`, `s = "    "; c = ' ';`},
		{"/* a\n b */x", "    \n     x"},
		{"unterminated /* {", "unterminated     "},
	} {
		got := CodeOnly(tc.in)
		if got != tc.want {
			t.Errorf("CodeOnly(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if len(got) != len(tc.in) {
			t.Errorf("CodeOnly(%q) changed the length", tc.in)
		}
	}
}
