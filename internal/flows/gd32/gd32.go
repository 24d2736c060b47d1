// Package gd32 is the GigaDevice GD32F4 firmware-library flow: lwipgen's
// ethernetif glue over the library's ENET driver, its arrays' input sections,
// and vendoring into GD32 projects (through internal/vendorkit).
package gd32

import (
	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/layout"
	"github.com/lwipgen/lwipgen/internal/plan"
	"github.com/lwipgen/lwipgen/internal/vendorkit"
)

func init() {
	flow.Register(Flow{})
	flow.RegisterGlue(Glue{}, "gd32-enet")
}

// Flow is the GD32 flow.
type Flow struct{}

// Name is the board's vendor value.
func (Flow) Name() string { return "gd32" }

// Plan: the library's arrays are placed by their -fdata-sections names.
func (Flow) Plan(*board.Board) plan.Hooks { return plan.Hooks{Inputs: Glue{}.Inputs()} }

// Render renders the ENET glue.
func (Flow) Render(p *plan.Plan, l *layout.Layout) (*flow.Rendered, error) {
	return flow.RenderGlue(Glue{}, p, l)
}

// Vendor writes the generated files into a GD32 project.
func (Flow) Vendor(g *flow.Generated, o flow.VendorOptions) (*flow.VendorResult, error) {
	return vendorkit.Run(g, o, Glue{}, false)
}
