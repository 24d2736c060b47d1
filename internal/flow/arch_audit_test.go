package flow_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"
)

const auditPkg = module + "internal/audit"

// auditImporters are the packages besides the top (cli, targets, cmd) that
// may import internal/audit, each with why. audit is a command (lwipgen
// audit) on top of the shared readers: a package that only reads a header
// uses internal/cheader (Defines), the flow interface names findings from
// internal/finding, the flows register their MCU families and driver macros
// in internal/auditreg, and RT-Thread's project audit gets the lwipopts.h
// rules passed in (flow.OptionRules). Issue 33: 11 importers -> 5 -> only
// the command.
var auditImporters = map[string]string{}

// auditImportViolations returns one line per package (not test) that imports
// internal/audit without a reason in auditImporters.
func auditImportViolations(imports map[string][]string) []string {
	var bad []string
	for path, is := range imports {
		if path == auditPkg || strings.HasPrefix(path, auditPkg+"/") || isTop(path) || auditAllowed(path) {
			continue
		}
		for _, i := range is {
			if i == auditPkg {
				bad = append(bad, fmt.Sprintf("%s imports internal/audit: read headers with internal/cheader (Defines); audit is the command on top", path))
			}
		}
	}
	sort.Strings(bad)
	return bad
}

func auditAllowed(path string) bool {
	for p := range auditImporters {
		if path == p || strings.HasSuffix(p, "/") && strings.HasPrefix(path, p) {
			return true
		}
	}
	return false
}

// TestOnlyTheCommandImportsAudit: the core imports internal/audit only where
// auditImporters says why (the CLI runs it as a command).
func TestOnlyTheCommandImportsAudit(t *testing.T) {
	imports := map[string][]string{}
	users := 0
	for _, p := range packages(t) {
		imports[p.ImportPath] = p.Imports
		for _, i := range p.Imports {
			if i == auditPkg {
				users++
			}
		}
	}
	for _, bad := range auditImportViolations(imports) {
		t.Error(bad)
	}
	if users == 0 {
		t.Fatal("no package imports internal/audit: the check saw no graph (or audit moved: update auditPkg)")
	}
}

// The rule fails on the imports issue 33 removed and passes the allowed ones.
func TestAuditImportRule(t *testing.T) {
	p := func(s string) string { return module + s }
	for _, c := range []struct {
		name    string
		imports map[string][]string
		want    int
	}{
		{"allowed", map[string][]string{
			p("internal/cli"):            {auditPkg},
			p("internal/flow"):           {p("internal/finding")},
			p("internal/flows/rtthread"): {p("internal/auditreg"), p("internal/finding")},
			p("internal/audit"):          {p("internal/cheader")},
			p("internal/sim"):            {p("internal/cheader")},
		}, 0},
		{"a flow imports audit", map[string][]string{p("internal/flows/gd32"): {auditPkg}}, 1},
		{"a reader imports audit", map[string][]string{p("internal/sim"): {auditPkg}}, 1},
		{"the flow interface imports audit", map[string][]string{p("internal/flow"): {auditPkg}}, 1},
		{"pipeline imports audit", map[string][]string{p("internal/pipeline"): {auditPkg}, p("internal/vendorkit"): {auditPkg}}, 2},
	} {
		if got := auditImportViolations(c.imports); len(got) != c.want {
			t.Errorf("%s: %d violations %v, want %d", c.name, len(got), got, c.want)
		}
	}
}
