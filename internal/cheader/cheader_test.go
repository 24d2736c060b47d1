package cheader

import "testing"

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
