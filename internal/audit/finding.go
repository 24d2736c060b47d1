package audit

import "github.com/lwipgen/lwipgen/internal/finding"

// The finding type and its order live in internal/finding (the flow
// interface names it without importing audit); these names keep audit's
// rules short.
type Finding = finding.Finding

const (
	SevError   = finding.SevError
	SevWarning = finding.SevWarning
	SevInfo    = finding.SevInfo
	idFollowup = finding.IDFollowup
)

func sortFindings(fs []Finding) []Finding { return finding.Sort(fs) }

func or(s, d string) string {
	if s == "" {
		return d
	}
	return s
}
