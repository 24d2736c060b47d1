package board

import (
	"fmt"
	"strings"

	"github.com/agext/levenshtein"
)

// suggest returns the candidate closest to got, or "" when nothing is close
// enough to be a plausible typo.
func suggest(got string, candidates []string) string {
	best, bestD := "", 1<<30
	for _, c := range candidates {
		d := levenshtein.Distance(strings.ToLower(got), strings.ToLower(c), nil)
		if d < bestD {
			best, bestD = c, d
		}
	}
	limit := len(got)/3 + 1
	if limit < 2 {
		limit = 2
	}
	if bestD <= limit {
		return best
	}
	return ""
}

// didYouMean formats the " Did you mean "x"?" tail of an enum diagnostic.
func didYouMean(got string, candidates []string) string {
	s := suggest(got, candidates)
	if s == "" {
		return ""
	}
	return fmt.Sprintf(" Did you mean %q?", s)
}

func quoteList(vals []string) string {
	q := make([]string, len(vals))
	for i, v := range vals {
		q[i] = fmt.Sprintf("%q", v)
	}
	return strings.Join(q, ", ")
}
