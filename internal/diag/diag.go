// Package diag prints hcl.Diagnostics the way compilers do (file:line:col),
// so editors and CI logs can jump to the offending attribute.
package diag

import (
	"fmt"
	"io"
	"strings"

	"github.com/hashicorp/hcl/v2"
)

// Item is one diagnostic in a stable, JSON-friendly form.
type Item struct {
	Severity string `json:"severity"`
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

// Write prints every diagnostic on its own line.
func Write(w io.Writer, diags hcl.Diagnostics) {
	for _, it := range Items(diags) {
		fmt.Fprintln(w, it.String())
	}
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
