package diag

import (
	"bytes"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
)

// A warning prints as a first line that says what, with its id, and the
// detail wrapped below it, one paragraph per line of the detail; an error
// stays on one line, as compilers print it (editors jump to it).
func TestWriteWrapsWarnings(t *testing.T) {
	r := hcl.Range{Filename: "b.hcl", Start: hcl.Pos{Line: 3, Column: 5}}
	long := strings.Repeat("word ", 50) + "end."
	var out bytes.Buffer
	Write(&out, hcl.Diagnostics{
		{Severity: hcl.DiagWarning, Summary: "what it costs", Detail: long + "\nFix: do this.", Subject: &r, Extra: WarningID("x.y")},
		{Severity: hcl.DiagError, Summary: "bad", Detail: long, Subject: &r},
	})
	lines := strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
	if lines[0] != "b.hcl:3:5: warning: what it costs [x.y]" {
		t.Errorf("first line %q", lines[0])
	}
	var fix bool
	for _, l := range lines[1 : len(lines)-1] {
		if !strings.HasPrefix(l, "  ") || len(l) > Width {
			t.Errorf("continuation %q not indented or over %d", l, Width)
		}
		fix = fix || l == "  Fix: do this."
	}
	if !fix || lines[len(lines)-1] != "b.hcl:3:5: error: bad: "+long {
		t.Errorf("fix line missing or the error wrapped:\n%s", out.String())
	}
	if got := Wrap("a "+strings.Repeat("x", 30)+" b", 10); len(got) != 3 || got[1] != strings.Repeat("x", 30) {
		t.Errorf("a word longer than the width: %q", got)
	}
}
