package lwip

import (
	"fmt"
	"math/rand"
	"testing"
)

// condCorpus are definitions and conditions of real lwipopts.h files and
// their tricky corners: chains, function-like macros, defined, self and
// mutual references (a cycle must stay unexpanded), names defined after a
// condition used them, unparenthesised bodies (1 + 2 times 3 is 7).
var condCorpus = struct{ bodies, conds []string }{
	bodies: []string{
		"1", "0", "(A + 1)", "(B * 2)", "A + 1", "C", "(A)", "defined(B)", "B - A", "(TCP_MSS * 4)",
		"A", "(C + D)", "D + 1", "((A) << 2)", "SQ(A)", "1460", "(E ? 1 : 2)", "E", "(1 + 2)", "(0u - 1)", "(-1)", "(1) + (2)",
	},
	conds: []string{
		"A", "B > 2", "C * 3", "defined(D) && D", "!defined(E)", "A + B * C", "SQ(B) > 4", "TCP_MSS >= 536",
		"(A) && (B || C)", "E", "D == 7", "A - B - C - D", "defined E", "C * 3 == 7", "A > 0", "B < 0",
	},
}

// TestCondTableMatchesEvalCond: the table, updated define by define with
// its kept expansions, answers every condition as EvalCond does over the
// same macros rebuilt from scratch, over random sequences of the corpus.
func TestCondTableMatchesEvalCond(t *testing.T) {
	names := []string{"A", "B", "C", "D", "E", "TCP_MSS"}
	r := rand.New(rand.NewSource(33))
	compared := 0
	for seq := 0; seq < 300; seq++ {
		tab := NewCondTable()
		defs := map[string]string{}
		tab.Define("SQ(x)", "((x) * (x))")
		defs["SQ(x)"] = "((x) * (x))"
		for step := 0; step < 30; step++ {
			switch k := r.Intn(10); {
			case k < 5:
				n, b := names[r.Intn(len(names))], condCorpus.bodies[r.Intn(len(condCorpus.bodies))]
				tab.Define(n, b)
				defs[n] = b
			case k < 6:
				n := names[r.Intn(len(names))]
				tab.Undef(n)
				delete(defs, n)
			default:
				c := condCorpus.conds[r.Intn(len(condCorpus.conds))]
				gv, gu, gerr := tab.Eval(c)
				wv, wu, werr := EvalCond(c, defs)
				if gv != wv || fmt.Sprint(gu) != fmt.Sprint(wu) || (gerr == nil) != (werr == nil) {
					t.Fatalf("seq %d step %d: %q over %v: table %d %v %v, EvalCond %d %v %v", seq, step, c, defs, gv, gu, gerr, wv, wu, werr)
				}
				compared++
			}
		}
	}
	if compared < 1000 {
		t.Fatalf("only %d conditions compared", compared)
	}
}

// The kept expansion of an unparenthesised body stays tokens, not a value:
// #define A 1 + 2, then A * 3 is 7 as cpp says.
func TestCondTableKeepsTokens(t *testing.T) {
	tab := NewCondTable()
	tab.Define("A", "1 + 2")
	for i := 0; i < 2; i++ { // the second time from the kept expansion
		if v, _, err := tab.Eval("A * 3"); err != nil || v != 7 {
			t.Fatalf("A * 3 = %d, %v; want 7", v, err)
		}
	}
	tab.Define("B", "(A)")
	tab.Eval("B")
	tab.Define("A", "5") // B's kept expansion used A: it must go
	if v, _, _ := tab.Eval("B"); v != 5 {
		t.Fatalf("B after redefining A = %d, want 5", v)
	}
}

// chainWork evaluates a file of n chained defines, each behind an #if on
// the one before (#if D_<i-1> > 0 / #define D_i (D_<i-1> + 1)), and returns
// the tokens expanded.
func chainWork(t *testing.T, n int) int64 {
	t.Helper()
	s0 := CondTableSteps.Load()
	tab := NewCondTable()
	tab.Define("D_0", "1")
	for i := 1; i < n; i++ {
		v, _, err := tab.Eval(fmt.Sprintf("D_%d > 0", i-1))
		if err != nil || v != 1 {
			t.Fatalf("D_%d > 0 = %d, %v", i-1, v, err)
		}
		tab.Define(fmt.Sprintf("D_%d", i), fmt.Sprintf("(D_%d + 1)", i-1))
	}
	v, _, err := tab.Eval(fmt.Sprintf("D_%d", n-1))
	if err != nil || v != int64(n) {
		t.Fatalf("D_%d = %d, %v; want %d", n-1, v, err, n)
	}
	return CondTableSteps.Load() - s0
}

// TestChainWorkIsLinear: ten times the chain costs about ten times the
// expansion steps (it was quadratic: every #if re-expanded the chain).
// Work is counted, not timed.
func TestChainWorkIsLinear(t *testing.T) {
	small, large := chainWork(t, 400), chainWork(t, 4000)
	t.Logf("expansion steps: 400 defines %d, 4000 defines %d (%.1fx)", small, large, float64(large)/float64(small))
	if large > 12*small {
		t.Errorf("4000 chained defines took %d steps, 400 took %d: not linear", large, small)
	}
	if small == 0 {
		t.Fatal("no work counted")
	}
}
