package escape

import (
	"strings"
	"testing"
)

// FuzzEscape: whatever the text, the comment functions keep it on one line
// and never close their comment; the string functions never leave a raw
// quote, newline or NUL.
func FuzzEscape(f *testing.F) {
	for _, s := range hostile {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for name, out := range map[string]string{"CComment": CComment(s), "HashComment": HashComment(s), "XMLText": XMLText(s)} {
			if strings.ContainsAny(out, "\n\r\x00") {
				t.Fatalf("%s(%q) = %q spans lines", name, s, out)
			}
		}
		if c := CComment(s); strings.Contains(c, "*/") || strings.HasSuffix(c, `\`) {
			t.Fatalf("CComment(%q) = %q", s, c)
		}
		for name, out := range map[string]string{"CString": CString(s), "PyString": PyString(s), "TclString": TclString(s), "CMakeString": CMakeString(s), "YAMLString": YAMLString(s)} {
			inner := out[1 : len(out)-1]
			if strings.ContainsAny(inner, "\n\r\x00") {
				t.Fatalf("%s(%q) = %q has a raw control character", name, s, out)
			}
			for i := 0; i < len(inner); i++ {
				if inner[i] == '\\' {
					i++
					continue
				}
				if inner[i] == '"' || name == "TclString" && strings.IndexByte("$[]", inner[i]) >= 0 || name == "CMakeString" && inner[i] == '$' {
					t.Fatalf("%s(%q) = %q has an unescaped %q", name, s, out, inner[i])
				}
			}
		}
	})
}
