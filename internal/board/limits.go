package board

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/lwipgen/lwipgen/internal/fsutil"
)

// Limits on board and chip files, checked before the HCL parser sees them:
// the parser recurses once per nesting level, so 100,000 nested parentheses
// would exhaust the stack; no real board nests more than a few levels.
const (
	maxFileSize = 1 << 20 // bytes of one board or chip file
	maxNesting  = 64      // brackets, braces and parentheses, and unary operators in a row
)

// readSource reads a board or chip file: a regular file of bounded size.
func readSource(path string) ([]byte, error) {
	return fsutil.ReadFile(path, maxFileSize)
}

// prescan refuses input the HCL parser must not see: binary content and
// absurd nesting, with the position of the offending byte.
func prescan(src []byte, filename string) hcl.Diagnostics {
	if err := fsutil.CheckText(filename, src); err != nil {
		te := err.(*fsutil.TextError)
		return hcl.Diagnostics{posDiag(filename, src, te.Line, te.Col, "Not a text file", te.Msg+".")}
	}
	depth, unary := 0, 0
	line, col := 1, 0
	for i := 0; i < len(src); i++ {
		c := src[i]
		col++
		if c == '\n' {
			line, col = line+1, 0
			continue
		}
		switch {
		case c == '#' || c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
			i--
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			j := i + 2
			for j+1 < len(src) && !(src[j] == '*' && src[j+1] == '/') {
				if src[j] == '\n' {
					line, col = line+1, 0
				} else {
					col++
				}
				j++
			}
			i = j + 1
			col += 2
			continue
		case c == '(' || c == '[' || c == '{':
			depth++
			if depth > maxNesting {
				return hcl.Diagnostics{posDiag(filename, src, line, col, "Nesting too deep",
					fmt.Sprintf("More than %d nested brackets, braces or parentheses: a board file never needs that many (lwipgen refuses it before parsing).", maxNesting))}
			}
		case c == ')' || c == ']' || c == '}':
			if depth > 0 {
				depth--
			}
		}
		switch {
		case c == '!' || c == '-':
			unary++
			if unary > maxNesting {
				return hcl.Diagnostics{posDiag(filename, src, line, col, "Nesting too deep",
					fmt.Sprintf("More than %d unary operators in a row.", maxNesting))}
			}
		case c != ' ' && c != '\t':
			unary = 0
		}
	}
	return nil
}

func posDiag(filename string, src []byte, line, col int, summary, detail string) *hcl.Diagnostic {
	p := hcl.Pos{Line: line, Column: max(col, 1)}
	return &hcl.Diagnostic{Severity: hcl.DiagError, Summary: summary, Detail: detail,
		Subject: &hcl.Range{Filename: filename, Start: p, End: hcl.Pos{Line: line, Column: p.Column + 1}}}
}
