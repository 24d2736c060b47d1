package board_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
)

// Chip strings that reach generated text hold to a grammar (issue 29 item
// 3): a family that would close the HAL #include's quote, a cpu that would
// add a compiler flag, a description that would end a C comment - each is
// refused at its attribute's line:col, the value clipped in the message.
func TestChipStringsGrammar(t *testing.T) {
	for _, c := range []struct{ attr, value, summary, at string }{
		{"family", `stm32h7\"\n#include \"/etc/passwd`, "Invalid family", "3:17"},
		{"family", `STM32H7`, "Invalid family", "3:17"},
		{"description", `x */ int evil; /* y`, "Invalid description", "3:17"},
		{"description", strings.Repeat("a", 1000), "Invalid description", "3:17"},
		{"vendor", `stm; rm -rf /`, "Invalid vendor", "3:17"},
	} {
		dir := t.TempDir()
		writeFile(t, filepath.Join(dir, "chips", "a.hcl"), "chip \"acme-m7\" {\n  base        = \"stm32h743zi\"\n  "+c.attr+strings.Repeat(" ", 12-len(c.attr))+"= \""+c.value+"\"\n}\n")
		_, diags := board.Source{Dirs: []string{dir}}.Chips()
		errs := errorsOf(diags)
		if len(errs) != 1 || errs[0].Summary != c.summary || pos(errs[0].Subject) != c.at || len(errs[0].Detail) > 400 {
			t.Errorf("%s = %q:%s", c.attr, c.value, describe(errs))
		}
	}
	for _, cpu := range []string{`cortex-m7 -fplugin=/tmp/x.so`, `cortex-m7\"`, `cortex-m7\n`} {
		dir := t.TempDir()
		writeFile(t, filepath.Join(dir, "chips", "a.hcl"), "chip \"acme-m7\" {\n  base = \"stm32h743zi\"\n  core {\n    cpu = \""+cpu+"\"\n  }\n}\n")
		_, diags := board.Source{Dirs: []string{dir}}.Chips()
		errs := errorsOf(diags)
		if len(errs) != 1 || errs[0].Summary != "Invalid core.cpu" || pos(errs[0].Subject) != "4:11" {
			t.Errorf("cpu = %q:%s", cpu, describe(errs))
		}
	}
	// every built-in chip passes
	if _, diags := (board.Source{}).Chips(); diags.HasErrors() {
		t.Errorf("built-in chips:%s", describe(errorsOf(diags)))
	}
}

// An unknown core (a typo, an invented one) is refused at core.cpu's
// line:col with the cores it may be and the nearest one; it passed `check`
// before (issue 29 item 12).
func TestUnknownCPURefused(t *testing.T) {
	for _, c := range []struct{ cpu, hint string }{{"cortex-m99", "cortex-m"}, {"cortex-m77", `"cortex-m7"`}, {"cortx-m4", `"cortex-m4"`}} {
		dir := t.TempDir()
		writeFile(t, filepath.Join(dir, "chips", "a.hcl"), "chip \"acme-m7\" {\n  base = \"stm32h743zi\"\n  core {\n    cpu = \""+c.cpu+"\"\n  }\n}\n")
		_, diags := board.Source{Dirs: []string{dir}}.Chips()
		errs := errorsOf(diags)
		if len(errs) != 1 || errs[0].Summary != "Unknown core.cpu" || pos(errs[0].Subject) != "4:11" || !strings.Contains(errs[0].Detail, c.hint) {
			t.Errorf("cpu = %q:%s", c.cpu, describe(errs))
		}
	}
}
