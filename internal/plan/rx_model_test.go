package plan_test

import (
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/plan"
)

// The RX design comes from the board's flow (plan.Hooks.RxModel): hooks
// without one are refused, naming the MAC, and each built-in board's flow
// sets the design its driver implements.
func TestRxModelFromTheFlow(t *testing.T) {
	want := map[string]plan.RxModel{
		"h743": plan.RxCustomPool, "f767": plan.RxCustomPool, "f407": plan.RxCustomPool,
		"gd32f407": plan.RxCopyToPool, "mps2-an500": plan.RxFIFO, "zynq7035": plan.RxPbufPoolDMA,
		"h743-rtthread": "copy_to_heap", // the rtthread flow's own design (its rules size drv_eth.c)
	}
	for name, rx := range want {
		b, diags := board.Source{}.Load(name)
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		f, err := flow.Of(b)
		if err != nil {
			t.Fatal(err)
		}
		h := f.Plan(b)
		if h.RxModel != rx {
			t.Errorf("%s: the %s flow sets RX design %q, want %q", name, f.Name(), h.RxModel, rx)
		}
		h.RxModel = ""
		_, err = plan.Build(b, h)
		if err == nil || !strings.Contains(err.Error(), "no driver for the \""+b.Chip.Ethernet.MAC+"\" MAC") {
			t.Errorf("%s: hooks without an RX design: %v, want a refusal naming the MAC", name, err)
		}
	}
}
