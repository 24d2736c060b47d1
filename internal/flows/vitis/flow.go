package vitis

import (
	"fmt"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/layout"
	"github.com/lwipgen/lwipgen/internal/plan"
)

func init() { flow.Register(Flow{}) }

// Flow is the Xilinx Vitis BSP flow: the lwIP BSP library's constraints as
// plan rules, and the BSP settings (.mss, xsct, SDT) with their checks.
type Flow struct{}

// Name is the board's vendor value.
func (Flow) Name() string { return "vitis" }

// Plan: what the Xilinx lwIP BSP hard-codes, applied before the heap and
// pools are derived from the window.
func (Flow) Plan(*board.Board) plan.Hooks {
	return plan.Hooks{Constraints: []plan.Rule{ruleVitis}}
}

// Render renders the BSP fragments; their checks (names per library version,
// round trips, the non-cacheable section) need the layout.
func (Flow) Render(p *plan.Plan, l *layout.Layout) (*flow.Rendered, error) {
	files, checks, err := Fragments(p, l)
	if err != nil {
		return nil, fmt.Errorf("vitis BSP settings: %v", err)
	}
	return &flow.Rendered{Files: files, Checks: checks}, nil
}
