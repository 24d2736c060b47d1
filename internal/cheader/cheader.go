// Package cheader holds the small C-header text helpers that several readers
// of lwipopts.h / rtconfig.h share.
package cheader

import (
	"bufio"
	"strings"
)

// StripComments removes // and /* */ comments from C text but keeps every
// line break, so line numbers stay valid for diagnostics. It is the one
// comment stripper of lwipgen (lwIP option expressions, opt.h defaults,
// lwipopts.h / rtconfig.h readers, the Vitis BSP headers).
func StripComments(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case strings.HasPrefix(s[i:], "//"):
			for i < len(s) && s[i] != '\n' {
				i++
			}
			if i < len(s) {
				b.WriteByte('\n')
			}
		case strings.HasPrefix(s[i:], "/*"):
			// A comment is whitespace to the preprocessor ("1/**/2" is two
			// tokens): one space, or the line breaks it spans.
			i += 2
			lines := 0
			for i < len(s) && !strings.HasPrefix(s[i:], "*/") {
				if s[i] == '\n' {
					b.WriteByte('\n')
					lines++
				}
				i++
			}
			if lines == 0 {
				b.WriteByte(' ')
			}
			i++
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// Scanner scans the lines of in-memory text with a buffer that fits the
// whole text, so no line is ever too long: bufio.Scanner's only failure on a
// string or byte reader (ErrTooLong, which silently ends the scan early)
// cannot happen, and a reader that checks sc.Err() sees every line.
func Scanner(text string) *bufio.Scanner {
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 0, min(len(text)+1, 64<<10)), len(text)+1)
	return sc
}
