package plan_test

import (
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/plan"
)

// An absurd pinned MEM_SIZE (300 KB on a part whose lwIP budget is 96 KiB)
// is blamed at its own line in options {}, not at memory.lwip_budget's
// (which may be a default: the board's first line), and says what to do
// (issue 29 item 12).
func TestAbsurdMemSizeBlamedAtItsLine(t *testing.T) {
	b := load(t, "f407")
	at := hcl.Range{Filename: "f407.hcl", Start: hcl.Pos{Line: 34, Column: 5}, End: hcl.Pos{Line: 34, Column: 22}}
	b.Options = append(b.Options, board.Option{Name: "MEM_SIZE", Expr: "307200", Int: 307200, IsInt: true, Range: at})
	_, err := flow.Plan(b)
	fe, ok := err.(*plan.FitError)
	if !ok {
		t.Fatalf("want a FitError, got %v", err)
	}
	if fe.Range != at {
		t.Errorf("blamed %v, want MEM_SIZE's %v", fe.Range, at)
	}
	for _, want := range []string{"options.MEM_SIZE = 307200 B does not fit", "memory.lwip_budget is", "lower MEM_SIZE"} {
		if !strings.Contains(fe.Msg, want) {
			t.Errorf("message %q lacks %q", fe.Msg, want)
		}
	}
}

// Checks whose text names a pool, not an option (lwip.trap.memp_desc_u16,
// plan.ram_model: "pool TCP_SEG (num=70000...)") land on the option that
// sizes the pool, not on the board's first line (issue 29 item 12).
func TestPoolChecksBlameTheOption(t *testing.T) {
	for _, name := range []string{"MEMP_NUM_TCP_SEG", "PBUF_POOL_BUFSIZE"} {
		b := load(t, "f407")
		at := hcl.Range{Filename: "f407.hcl", Start: hcl.Pos{Line: 34, Column: 5}, End: hcl.Pos{Line: 34, Column: 30}}
		b.Options = append(b.Options, board.Option{Name: name, Expr: "70000", Int: 70000, IsInt: true, Range: at})
		p, err := flow.Plan(b)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		seen := map[string]bool{}
		for _, c := range p.Checks {
			if c.OK || (c.ID != "lwip.trap.memp_desc_u16" && c.ID != "plan.ram_model") {
				continue
			}
			seen[c.ID] = true
			if c.Range == nil || *c.Range != at {
				t.Errorf("%s: %s blamed %v, want the option's %v", name, c.ID, c.Range, at)
			}
		}
		if !seen["lwip.trap.memp_desc_u16"] || !seen["plan.ram_model"] {
			t.Errorf("%s = 70000: failed checks %v, want memp_desc_u16 and plan.ram_model", name, seen)
		}
	}
}
