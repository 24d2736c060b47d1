package plan_test

import (
	"github.com/lwipgen/lwipgen/internal/flow"
	_ "github.com/lwipgen/lwipgen/internal/flows/all"
	"math/rand"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/lwip/lwiptest"
	"github.com/lwipgen/lwipgen/internal/plan"
	"github.com/lwipgen/lwipgen/internal/render"
	"github.com/lwipgen/lwipgen/internal/testenv"
	"github.com/lwipgen/lwipgen/internal/toolchain"
)

// compileWith builds lwIP's core, IPv4 and Ethernet (and api/ when an RTOS
// runs lwIP) with the plan's generated lwipopts.h for the board's CPU, at
// -Wall, and fails on any error or on any warning from lwIP's headers.
func compileWith(t *testing.T, p *plan.Plan, work string) {
	t.Helper()
	f, err := render.LwipOpts(p)
	if err != nil {
		t.Fatal(err)
	}
	groups := []string{"core", "ipv4", "ethernet"}
	if p.Board.RTOS != "none" {
		groups = append(groups, "api")
	}
	dir := testenv.LwIP(t)
	files, err := lwiptest.Sources(dir, groups...)
	if err != nil {
		t.Fatal(err)
	}
	res, err := lwiptest.Compile(lwiptest.Build{LwipDir: dir, Opts: string(f.Content), CFlags: append(toolchain.CPUFlags(p.Board.Chip.Core), "-Wall"),
		Files: files, WorkDir: work, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Errors) > 0 {
		t.Fatalf("%s: %d errors, first: %v", p.Board.Name, len(res.Errors), res.Errors[0])
	}
	for _, w := range res.Warnings {
		if strings.Contains(w.File, "include/lwip") || strings.Contains(w.File, "lwipopts") {
			t.Errorf("%s: warning from lwIP headers: %v", p.Board.Name, w)
		}
	}
}

// The generated lwipopts.h of every board compiles lwIP for that board's CPU.
func TestGeneratedHeaderCompiles(t *testing.T) {
	testenv.CrossCompiler(t)
	for _, name := range boards {
		t.Run(name, func(t *testing.T) {
			p, err := flow.Plan(load(t, name))
			if err != nil {
				t.Fatal(err)
			}
			compileWith(t, p, t.TempDir())
		})
	}
}

// A sample of the random workloads of TestRandomWorkloads, compiled for real:
// a plan the Go rules accept is a plan lwIP accepts.
func TestRandomWorkloadsCompile(t *testing.T) {
	testenv.CrossCompiler(t)
	r := rand.New(rand.NewSource(7))
	n := 0
	for _, rp := range randomPlans(t, r, 60) {
		if rp.err != nil || len(rp.plan.Failed()) > 0 || n >= 6 {
			continue
		}
		n++
		t.Run(rp.desc, func(t *testing.T) { compileWith(t, rp.plan, t.TempDir()) })
	}
	if n < 6 {
		t.Fatalf("only %d compilable samples", n)
	}
}
