package report

import (
	"sort"
	"strings"

	"github.com/lwipgen/lwipgen/internal/memusage"
	"github.com/lwipgen/lwipgen/internal/plan"
)

// Stages of report.json "stage": what the report rests on.
const (
	StageGenerated = "generated" // the plan only: nothing was compiled or linked
	StageVerified  = "verified"  // an ELF was linked and read back
)

// Family is one row of report.json "check_summary" and of report.md's
// check table: the checks of one family (lwip.init.TCP_WND is in lwip.init),
// how many passed, and the failures.
type Family struct {
	Family string   `json:"family"`
	Checks int      `json:"checks"`
	Passed int      `json:"passed"`
	Failed []string `json:"failed,omitempty"` // IDs
}

// Summary is report.json "summary": the one number of checks every output
// (terminal, report.md, report.json) gives.
type Summary struct {
	Stage  string   `json:"stage"`
	Checks int      `json:"checks"`
	Failed int      `json:"failed"`
	ELF    string   `json:"elf,omitempty"`
	What   string   `json:"elf_kind,omitempty"` // probe | firmware | project firmware
	Fams   []Family `json:"families"`
}

// family is the ID's first two parts when it has more (lwip.init.TCP_WND,
// verify.section..lwip_dma), else its first (plan.ring_depth, verify.mpu).
func family(id string) string {
	parts := strings.SplitN(id, ".", 3)
	if len(parts) == 3 {
		return parts[0] + "." + parts[1]
	}
	return parts[0]
}

// summarize counts the checks per family.
func summarize(checks []plan.Check, u *memusage.Usage) Summary {
	s := Summary{Stage: StageGenerated, Checks: len(checks)}
	if u != nil {
		s.Stage, s.ELF, s.What = StageVerified, u.ELF, u.Kind
	}
	idx := map[string]int{}
	for _, c := range checks {
		f := family(c.ID)
		i, ok := idx[f]
		if !ok {
			i = len(s.Fams)
			idx[f] = i
			s.Fams = append(s.Fams, Family{Family: f})
		}
		s.Fams[i].Checks++
		if c.OK {
			s.Fams[i].Passed++
		} else {
			s.Failed++
			s.Fams[i].Failed = append(s.Fams[i].Failed, c.ID)
		}
	}
	sort.Slice(s.Fams, func(i, j int) bool { return s.Fams[i].Family < s.Fams[j].Family })
	return s
}

// SetUsage adds the size summary of the linked ELF (report.json "memory")
// and marks the report verified.
func (r *Report) SetUsage(u *memusage.Usage) {
	r.Memory = u
	r.Summary = summarize(r.Checks, u)
}
