package board

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"
)

// Board, chip and memory names become file names (build/NAME/, NAME.ld,
// NAME.elf), C and linker identifiers, and words in generated C comments,
// Tcl, Python, CMake and .mss text. They are held to a small safe set here,
// once, so no later stage has to wonder what a name may contain.
const maxNameLen = 64

// ValidName reports why s cannot be a board, chip or memory name ("" when it
// can): 1-64 characters of letters, digits, '_', '-' and '.', starting with a
// letter or digit, with no "..".
func ValidName(s string) string {
	if s == "" {
		return "it is empty"
	}
	if len(s) > maxNameLen {
		return fmt.Sprintf("it is %d characters long (at most %d)", len(s), maxNameLen)
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case (c == '_' || c == '-' || c == '.') && i > 0:
			if c == '.' && s[i-1] == '.' {
				return `it contains ".."`
			}
		default:
			return fmt.Sprintf("character %q at offset %d is not allowed", c, i)
		}
	}
	return ""
}

// checkName adds a positioned error when name is not a safe name.
func checkName(what, name string, r hcl.Range) hcl.Diagnostics {
	why := ValidName(name)
	if why == "" {
		return nil
	}
	return hcl.Diagnostics{{Severity: hcl.DiagError, Summary: "Invalid " + what + " name",
		Detail: fmt.Sprintf("%s name %q cannot be used: %s. Names become file names and C/Tcl/Python identifiers; use letters, digits, '_', '-' and '.' (not first, no \"..\"), at most %d characters.",
			what, name, why, maxNameLen), Subject: r.Ptr()}}
}
