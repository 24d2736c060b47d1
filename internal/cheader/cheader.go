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

// CodeOnly returns C text of the same length in which comments and the
// contents of string and character literals are spaces (line breaks kept),
// so offsets found in it are offsets in s: a search for a function's braces
// is not misled by `void ENET_IRQHandler(void) /* { */` or a "}" in a
// string.
func CodeOnly(s string) string {
	b := []byte(s)
	blank := func(i int) {
		if b[i] != '\n' {
			b[i] = ' '
		}
	}
	for i := 0; i < len(b); i++ {
		switch {
		case b[i] == '/' && i+1 < len(b) && b[i+1] == '/':
			for ; i < len(b) && b[i] != '\n'; i++ {
				blank(i)
			}
		case b[i] == '/' && i+1 < len(b) && b[i+1] == '*':
			blank(i)
			blank(i + 1)
			for i += 2; i < len(b); i++ {
				if b[i] == '*' && i+1 < len(b) && b[i+1] == '/' {
					blank(i)
					blank(i + 1)
					i++
					break
				}
				blank(i)
			}
		case b[i] == '"' || b[i] == '\'':
			q := b[i]
			for i++; i < len(b) && b[i] != q && b[i] != '\n'; i++ {
				if b[i] == '\\' && i+1 < len(b) && b[i+1] != '\n' {
					blank(i)
					i++
				}
				blank(i)
			}
		}
	}
	return string(b)
}
