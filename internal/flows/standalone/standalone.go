// Package standalone is the self-contained firmware flow: no vendor SDK, so
// lwipgen writes the whole firmware (the QEMU mps2-an500 with its LAN9118
// driver), gives it an MPU protection map, and on a chip whose MAC has
// lwipgen glue (an STM32 or GD32 without its vendor's generator) uses that
// glue.
package standalone

import (
	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/layout"
	"github.com/lwipgen/lwipgen/internal/plan"
)

func init() {
	flow.Register(Flow{})
	// the RX design of the driver the flow keeps: the firmware's LAN9118 driver copies each frame out of the RX FIFO
	flow.RegisterRxModel(plan.RxFIFO, lan9118MAC)
}

// Flow is the standalone flow.
type Flow struct{}

// Name is the board's vendor value.
func (Flow) Name() string { return "standalone" }

// HowToApply: the standalone flow's firmware (or driver glue) is lwipgen's
// own, written and compiled under build/NAME.
func (Flow) HowToApply(board string) string {
	return "its firmware or driver glue is lwipgen's own: lwipgen build " + board + " writes and compiles it under build/, lwipgen generate " + board + " writes it for a build of yours"
}

// Plan: a protection map (code read-only, data execute-never) and, with the
// chip's glue, its driver objects' sections.
func (Flow) Plan(b *board.Board) plan.Hooks {
	h := plan.Hooks{Protect: true, RxModel: flow.RxModelOf(b.Chip.Ethernet.MAC)}
	if g, ok := flow.GlueFor(b.Chip.Ethernet.MAC); ok {
		h.Inputs = g.Inputs()
	}
	return h
}

// Render renders the firmware of a chip lwipgen has one for, else the chip's
// driver glue (none for a MAC without glue).
func (Flow) Render(p *plan.Plan, l *layout.Layout) (*flow.Rendered, error) {
	if HasFirmware(p) {
		fw, err := Firmware(p, l)
		if err != nil {
			return nil, err
		}
		return &flow.Rendered{Files: fw, Firmware: true}, nil
	}
	g, ok := flow.GlueFor(p.Board.Chip.Ethernet.MAC)
	if !ok {
		return &flow.Rendered{}, nil
	}
	return flow.RenderGlue(g, p, l)
}
