package cheader

import (
	"bytes"
	"regexp"
	"strings"
)

// Define is one `#define NAME VALUE` of a header.
type Define struct {
	Name  string
	Value string // the C expression, comments removed ("" for a bare #define)
	Line  int
}

var defineRe = regexp.MustCompile(`^\s*#\s*define\s+([A-Za-z_][A-Za-z0-9_]*)(\([^)]*\))?\s*(.*)$`)

// Defines returns the object-like #defines of a header in file order. It
// strips // and /* */ comments and joins continuation lines. Conditionals
// are not evaluated: every #define is taken, as a reviewer reads the file.
// It is the one #define reader of lwipgen (lwipopts.h, FreeRTOSConfig.h,
// rtconfig.h, cc.h).
func Defines(src []byte) []Define {
	text := StripComments(string(bytes.ReplaceAll(src, []byte("\r\n"), []byte("\n"))))
	var out []Define
	line, pending, start := 0, "", 0
	for _, l := range strings.Split(text, "\n") { // no line-length limit (a Scanner stopped silently at a long line)
		line++
		if strings.HasSuffix(l, "\\") {
			if pending == "" {
				start = line
			}
			pending += strings.TrimSuffix(l, "\\") + " "
			continue
		}
		if pending != "" {
			l, pending = pending+l, ""
		} else {
			start = line
		}
		m := defineRe.FindStringSubmatch(l)
		if m == nil || m[2] != "" { // function-like macros are not options
			continue
		}
		out = append(out, Define{Name: m[1], Value: strings.TrimSpace(m[3]), Line: start})
	}
	return out
}
