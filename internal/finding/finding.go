// Package finding holds the one finding type of lwipgen's lints: what
// `lwipgen audit` reports about an lwipopts.h and what a flow's project audit
// (flow.Auditor, the RT-Thread rtconfig.h pair) returns. It is separate from
// internal/audit so the flow interface names findings without importing the
// audit engine (audit is a command on top; TestOnlyTheCommandImportsAudit).
package finding

import "sort"

// Severities. error: lwIP refuses to compile the file, or compiles it and
// misbehaves at run time; warning: legal but risky or wasteful; info: not an
// lwIP option but a name known vendor glue reads (named with its consumer).
const (
	SevError   = "error"
	SevWarning = "warning"
	SevInfo    = "info"
)

// Finding is one problem in the audited file.
type Finding struct {
	File     string `json:"file,omitempty"` // "" = the audited file
	Line     int    `json:"line"`
	Severity string `json:"severity"` // error | warning | info
	ID       string `json:"id"`
	Option   string `json:"option,omitempty"`
	Message  string `json:"message"`
	Fix      string `json:"fix,omitempty"`
	// Source says who established the finding: "compiler" (a diagnostic of
	// the real gcc, quoted verbatim), "rule" (a check over the values the
	// preprocessor computed) or "evaluator" (the built-in fallback).
	Source string `json:"source,omitempty"`
	// Unknown are the options the finding depends on whose value is not
	// known here (an unread include, an undefined macro): the finding is
	// then an info saying what to pass (audit's unknown.go)
	Unknown []string `json:"unknown,omitempty"`
}

// IDFollowup is the finding that counts the compile errors that follow from
// a configuration lwIP refuses; Sort puts it last.
const IDFollowup = "lwip.compile.followup"

// Sort orders findings by file, line, rule id and message, the follow-up
// count last; it sorts fs in place and returns it.
func Sort(fs []Finding) []Finding {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		// errors that only follow from the ones above come after them, not
		// first for having no file of their own
		if fa, fb := a.ID == IDFollowup, b.ID == IDFollowup; fa != fb {
			return fb
		}
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.ID != b.ID {
			return a.ID < b.ID
		}
		return a.Message < b.Message
	})
	return fs
}

// Count counts the findings of severity sev.
func Count(fs []Finding, sev string) int {
	n := 0
	for _, f := range fs {
		if f.Severity == sev {
			n++
		}
	}
	return n
}
