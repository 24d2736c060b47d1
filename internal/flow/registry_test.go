package flow_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/layout"
	"github.com/lwipgen/lwipgen/internal/plan"
	"github.com/lwipgen/lwipgen/internal/simdev"
)

type fake struct{ name string }

func (f fake) Name() string                                            { return f.name }
func (fake) Plan(*board.Board) plan.Hooks                              { return plan.Hooks{} }
func (fake) Render(*plan.Plan, *layout.Layout) (*flow.Rendered, error) { return &flow.Rendered{}, nil }

// Every vendor the board schema accepts has exactly one registered flow.
func TestEveryVendorHasAFlow(t *testing.T) {
	var names []string
	for _, f := range flow.All() {
		names = append(names, f.Name())
	}
	if !slices.IsSorted(names) {
		t.Errorf("All() not sorted: %v", names)
	}
	for _, v := range board.Vendors {
		if _, ok := flow.Lookup(v); !ok {
			t.Errorf("vendor %q has no registered flow", v)
		}
	}
	if len(names) != len(board.Vendors) {
		t.Errorf("flows %v, vendors %v", names, board.Vendors)
	}
	for _, mac := range []string{"stm32h7-eqos", "stm32-dwmac", "gd32-enet"} {
		if _, ok := flow.GlueFor(mac); !ok {
			t.Errorf("no glue for MAC %s", mac)
		}
	}
	if _, ok := flow.GlueFor("lan9118"); ok {
		t.Error("glue registered for the LAN9118 (the standalone firmware brings its own driver)")
	}
}

func TestRegisterTwicePanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("a second cubemx registration was accepted")
		}
	}()
	flow.Register(fake{"cubemx"})
}

func TestUnknownVendor(t *testing.T) {
	_, err := flow.Of(&board.Board{Vendor: "nosuch"})
	if err == nil || !strings.Contains(err.Error(), `"nosuch"`) {
		t.Errorf("err = %v", err)
	}
	if _, err := flow.Plan(&board.Board{Vendor: "nosuch"}); err == nil {
		t.Error("flow.Plan accepted a board without a flow")
	}
}

// Every built-in chip's MAC has a simulator device, registered by the flow
// that owns its driver (internal/simdev), and the RTOS that configures lwIP
// through its own BSP has its kernel's model.
func TestEveryChipHasASimDevice(t *testing.T) {
	for _, name := range []string{"h743", "f767", "f407", "gd32f407", "mps2-an500", "zynq7035", "h743-rtthread"} {
		b, diags := board.Source{}.Load(name)
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		mac := b.Chip.Ethernet.MAC
		if flow.RxModelOf(mac) == "" {
			t.Errorf("%s: no RX design registered for MAC %s (flow.RegisterGlue / RegisterRxModel)", name, mac)
		}
		if d, ok := simdev.Lookup(mac); !ok || d.Model == "" || d.Board == "" {
			t.Errorf("%s: no simulator device for MAC %s: %+v", name, mac, d)
		}
		if own, ok := simdev.LookupRTOS(b.RTOS); ok {
			if d, ok := own(mac); !ok || d.Kernel == nil || d.Kernel.Complete == nil {
				t.Errorf("%s: RTOS %s registered without a kernel model for %s", name, b.RTOS, mac)
			}
		}
	}
	if _, ok := simdev.LookupRTOS("rtthread"); !ok {
		t.Error("no RT-Thread kernel model registered")
	}
}
