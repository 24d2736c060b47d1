// Package diag prints hcl.Diagnostics the way compilers do (file:line:col),
// so editors and CI logs can jump to the offending attribute.
package diag

import (
	"fmt"
	"io"
	"strings"

	"github.com/hashicorp/hcl/v2"
)

// WarningID is a warning's id (hcl.Diagnostic.Extra): what a board's
// accept = [...] names to accept it.
type WarningID string

// Item is one diagnostic in a stable, JSON-friendly form.
type Item struct {
	Severity string `json:"severity"`
	ID       string `json:"id,omitempty"` // a warning's id (board accept = [ID])
	Summary  string `json:"summary"`
	Detail   string `json:"detail,omitempty"`
	File     string `json:"file,omitempty"`
	Line     int    `json:"line,omitempty"`
	Column   int    `json:"column,omitempty"`
}

// Items converts diagnostics.
func Items(diags hcl.Diagnostics) []Item {
	out := make([]Item, 0, len(diags))
	for _, d := range diags {
		it := Item{Severity: "error", Summary: d.Summary, Detail: d.Detail}
		if d.Severity == hcl.DiagWarning {
			it.Severity = "warning"
		}
		if id, ok := d.Extra.(WarningID); ok {
			it.ID = string(id)
		}
		if d.Subject != nil {
			it.File, it.Line, it.Column = d.Subject.Filename, d.Subject.Start.Line, d.Subject.Start.Column
		}
		out = append(out, it)
	}
	return out
}

// String formats one item as "file:line:col: error: summary: detail".
func (it Item) String() string {
	var b strings.Builder
	if it.File != "" {
		fmt.Fprintf(&b, "%s:%d:%d: ", it.File, it.Line, it.Column)
	}
	fmt.Fprintf(&b, "%s: %s", it.Severity, it.Summary)
	if it.Detail != "" {
		fmt.Fprintf(&b, ": %s", it.Detail)
	}
	return b.String()
}

// Write prints every diagnostic: an error on its own line, a warning as a
// first line that says what (with the id a board's accept names) and, below
// it, indented and wrapped, why and the fix.
func Write(w io.Writer, diags hcl.Diagnostics) {
	for _, it := range Items(diags) {
		if it.Severity != "warning" {
			fmt.Fprintln(w, it.String())
			continue
		}
		head := it
		head.Detail = ""
		line := head.String()
		if it.ID != "" {
			line += " [" + it.ID + "]"
		}
		fmt.Fprintln(w, line)
		for _, para := range strings.Split(it.Detail, "\n") {
			for _, l := range Wrap(para, Width-2) {
				fmt.Fprintln(w, "  "+l)
			}
		}
	}
}

// Width is the terminal width warnings are wrapped to.
const Width = 100

// Wrap breaks text into lines of at most width characters at spaces (a
// longer word stays whole on its own line).
func Wrap(text string, width int) []string {
	var lines []string
	var cur strings.Builder
	for _, word := range strings.Fields(text) {
		if cur.Len() > 0 && cur.Len()+1+len(word) > width {
			lines = append(lines, cur.String())
			cur.Reset()
		}
		if cur.Len() > 0 {
			cur.WriteByte(' ')
		}
		cur.WriteString(word)
	}
	if cur.Len() > 0 {
		lines = append(lines, cur.String())
	}
	return lines
}

// Error wraps diagnostics as a Go error whose text is the formatted lines.
type Error struct{ Diags hcl.Diagnostics }

func (e *Error) Error() string {
	var b strings.Builder
	for i, it := range Items(e.Diags) {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(it.String())
	}
	return b.String()
}

// At builds an error diagnostic on a range.
func At(rng hcl.Range, summary, format string, args ...any) *hcl.Diagnostic {
	r := rng
	return &hcl.Diagnostic{Severity: hcl.DiagError, Summary: summary, Detail: fmt.Sprintf(format, args...), Subject: &r}
}
