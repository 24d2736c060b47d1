// Package cheader holds the small C-header text helpers that several readers
// of lwipopts.h / rtconfig.h share.
package cheader

import "strings"

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
