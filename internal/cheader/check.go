package cheader

import (
	"fmt"
	"strings"

	"github.com/lwipgen/lwipgen/internal/fsutil"
)

// maxParenDepth bounds the parentheses of one preprocessor line: option
// expressions are evaluated recursively, and none in a real header nests
// more than a few levels.
const maxParenDepth = 64

// Check refuses a C header that lwipgen would otherwise misread silently:
// binary content, a /* comment that never ends (everything after it would
// vanish, and the file would pass as a clean empty config), and absurdly
// nested parentheses. The error names file:line:col.
func Check(name string, src []byte) error {
	if err := fsutil.CheckText(name, src); err != nil {
		return err
	}
	s := string(src)
	line, col, depth := 1, 0, 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		col++
		switch {
		case c == '\n':
			line, col = line+1, 0
			if i == 0 || s[i-1] != '\\' {
				depth = 0 // a directive ends with its line
			}
		case strings.HasPrefix(s[i:], "//"):
			for i < len(s) && s[i] != '\n' {
				i++
			}
			i--
		case strings.HasPrefix(s[i:], "/*"):
			sl, sc := line, col
			j := strings.Index(s[i+2:], "*/")
			if j < 0 {
				return &fsutil.TextError{File: name, Line: sl, Col: sc, Msg: "unterminated /* comment: it hides everything after it"}
			}
			for _, r := range s[i : i+2+j+2] {
				if r == '\n' {
					line, col = line+1, 0
				} else {
					col++
				}
			}
			col--
			i += 2 + j + 1
		case c == '"' || c == '\'':
			sl, sc, start := line, col, i
			for i++; i < len(s) && s[i] != c && s[i] != '\n'; i++ {
				col++
				if s[i] == '\\' {
					i++
					col++
				}
			}
			if c == '"' && (i >= len(s) || s[i] != c) && !diagnosticLine(s, start) {
				// gcc stops at it ("missing terminating \" character"); read
				// on, the value would silently run into the next line's
				return &fsutil.TextError{File: name, Line: sl, Col: sc, Msg: "unterminated string: add the closing \" on this line"}
			}
			if i < len(s) && s[i] == '\n' {
				i-- // the newline is the loop's: count the line
				continue
			}
			col++
		case c == '(':
			depth++
			if depth > maxParenDepth {
				return &fsutil.TextError{File: name, Line: line, Col: col, Msg: fmt.Sprintf("more than %d nested parentheses", maxParenDepth)}
			}
		case c == ')':
			if depth > 0 {
				depth--
			}
		}
	}
	return nil
}

// diagnosticLine reports whether the text at i is on an #error or
// #warning line, whose free text may hold a lone quote.
func diagnosticLine(s string, i int) bool {
	start := strings.LastIndexByte(s[:i], '\n') + 1
	d := strings.TrimLeft(s[start:i], " \t")
	if !strings.HasPrefix(d, "#") {
		return false
	}
	d = strings.TrimLeft(d[1:], " \t")
	return strings.HasPrefix(d, "error") || strings.HasPrefix(d, "warning")
}

// ReadHeader reads a C header lwipgen lints or imports: a regular file of
// bounded size that passes Check.
func ReadHeader(path string) ([]byte, error) {
	b, err := fsutil.ReadFile(path, fsutil.MaxInput)
	if err != nil {
		return nil, err
	}
	return b, Check(path, b)
}
