package audit

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
	// then an info saying what to pass (unknown.go)
	Unknown []string `json:"unknown,omitempty"`
}

// idFollowup is the finding that counts the compile errors that follow from
// a configuration lwIP refuses.
const idFollowup = "lwip.compile.followup"

func sortFindings(fs []Finding) []Finding {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		// errors that only follow from the ones above come after them, not
		// first for having no file of their own
		if fa, fb := a.ID == idFollowup, b.ID == idFollowup; fa != fb {
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

// Errors counts the findings of severity error.
func Errors(fs []Finding) int { return count(fs, SevError) }

func count(fs []Finding, sev string) int {
	n := 0
	for _, f := range fs {
		if f.Severity == sev {
			n++
		}
	}
	return n
}

func or(s, d string) string {
	if s == "" {
		return d
	}
	return s
}
