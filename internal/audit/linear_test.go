package audit

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/lwip"
)

// auditWork audits a file of n unknown defines in chains of three
// (#define MY_OPT_i (MY_OPT_<i-1> + 1)), the last of each chain used by
// TCP_MSS through a sum of all the chains' ends, and
// returns the work counted in the two searches that were quadratic: the
// helper search and the "did you mean" comparisons.
func auditWork(t *testing.T, n int) (helper, suggest int64) {
	var b strings.Builder
	var ends []string
	for i := 0; i < n; i++ {
		if i%3 == 0 {
			fmt.Fprintf(&b, "#define MY_OPT_%d 1\n", i)
			continue
		}
		fmt.Fprintf(&b, "#define MY_OPT_%d (MY_OPT_%d + 1)\n", i, i-1)
		if i%3 == 2 {
			ends = append(ends, fmt.Sprintf("MY_OPT_%d", i))
		}
	}
	fmt.Fprintf(&b, "#define TCP_MSS (1460 + 0 * (%s))\n", strings.Join(ends, " + "))
	p := filepath.Join(t.TempDir(), "lwipopts.h")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	h0, s0 := helperSteps.Load(), lwip.SuggestComparisons.Load()
	r, err := Run(Options{File: p, CC: "none"})
	if err != nil {
		t.Fatal(err)
	}
	// every helper is named as one (the search reached the end of the chain)
	helpers := 0
	for _, f := range r.Findings {
		if strings.Contains(f.Message, "TCP_MSS") && strings.HasPrefix(f.Message, "MY_OPT_") {
			helpers++
		}
	}
	if helpers < n/2 {
		t.Fatalf("%d defines: only %d are named as helpers of TCP_MSS", n, helpers)
	}
	return helperSteps.Load() - h0, lwip.SuggestComparisons.Load() - s0
}

// Issue 29 item 7: audit is linear in the number of defines (10^4 went from
// 107 s to 22 s with gcc, most of it gcc now). 10^5 defines
// took minutes: each unknown name searched every define for a user
// (quadratic), and compared itself with every lwIP option, three times.
// The work is counted, not timed: ten times the defines may cost at most
// about ten times the steps.
func TestAuditLinearInDefines(t *testing.T) {
	h1, s1 := auditWork(t, 300)
	h10, s10 := auditWork(t, 3000)
	t.Logf("helper search steps: %d for 300 defines, %d for 3000; option-name comparisons: %d, %d", h1, h10, s1, s10)
	if h1 == 0 || s1 == 0 {
		t.Fatal("no work counted: the counters are not wired")
	}
	if h10 > 12*h1 || s10 > 12*s1 {
		t.Errorf("not linear: 10x the defines cost %.1fx the helper steps and %.1fx the comparisons", float64(h10)/float64(h1), float64(s10)/float64(s1))
	}
}

// TestChainOfIfsIsLinear: the built-in preprocessor (audit --cc none) on n
// chained defines each behind an #if on the one before does work linear in
// n: each body lexed once, each #if over a table kept up to date and
// expansions kept (400 defines took ~16 s before, rebuilding the table and
// re-expanding the chain at every #if). Work is counted, not timed.
func TestChainOfIfsIsLinear(t *testing.T) {
	work := func(n int) int64 {
		var b strings.Builder
		b.WriteString("#define D_0 1\n")
		for i := 1; i < n; i++ {
			fmt.Fprintf(&b, "#if D_%d > 0\n#ifndef D_%d\n#define D_%d (D_%d + 1)\n#endif\n#endif\n", i-1, i, i, i-1)
		}
		s0, l0 := lwip.CondTableSteps.Load(), lwip.CondTableLexes.Load()
		tr := evaluate("lwipopts.h", []byte(b.String()), nil, nil)
		if got := tr.final[fmt.Sprintf("D_%d", n-1)].Value; got != fmt.Sprintf("(D_%d + 1)", n-2) {
			t.Fatalf("%d defines: the last is %q: the chain was cut", n, got)
		}
		return lwip.CondTableSteps.Load() - s0 + lwip.CondTableLexes.Load() - l0
	}
	small, large := work(400), work(4000)
	t.Logf("steps: 400 defines %d, 4000 defines %d", small, large)
	if small == 0 || large > 12*small {
		t.Errorf("4000 chained defines: %d steps, 400: %d: not linear", large, small)
	}
}
