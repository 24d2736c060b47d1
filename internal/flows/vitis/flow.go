package vitis

import (
	"fmt"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/layout"
	"github.com/lwipgen/lwipgen/internal/lwip"
	"github.com/lwipgen/lwipgen/internal/plan"
	"github.com/lwipgen/lwipgen/internal/render"
)

func init() {
	flow.Register(Flow{})
	// the RX design of the driver the flow keeps: the BSP adapter arms PBUF_POOL pbufs on the GEM's RX ring
	flow.RegisterRxModel(plan.RxPbufPoolDMA, gemMAC)
}

// Flow is the Xilinx Vitis BSP flow: the lwIP BSP library's constraints as
// plan rules, and the BSP settings (.mss, xsct, SDT) with their checks, for
// the board's Vitis release (board.ToolRelease; "" = every flow, no version
// pinned).
type Flow struct{}

// Name is the board's vendor value.
func (Flow) Name() string { return "vitis" }

// Plan: what the Xilinx lwIP BSP hard-codes, applied before the heap and
// pools are derived from the window; then the plan's RAM becomes that of the
// lwipopts.h the BSP generates from lwipgen's settings - the header the user
// links - so the layout, the probe build and the report describe it.
func (Flow) Plan(b *board.Board) plan.Hooks {
	return plan.Hooks{Constraints: []plan.Rule{ruleVitis}, Finish: []func(*plan.Plan, *plan.Sizer){useBSPRAM},
		RxModel: flow.RxModelOf(b.Chip.Ethernet.MAC)}
}

func useBSPRAM(p *plan.Plan, _ *plan.Sizer) {
	b := p.Board
	if rel := b.ToolRelease; rel != "" {
		r, err := ReleaseOf(rel)
		if err != nil {
			p.Checks = append(p.Checks, plan.Check{ID: "vitis.release", OK: false, Detail: err.Error()})
			return
		}
		lw := MustLib(r.Lib).LwIP
		ok := sameLine(lw, b.LwIPVersion)
		ck := plan.Check{ID: "vitis.release", OK: ok, Detail: fmt.Sprintf("Vitis %s ships %s %s with lwIP %s; the board declares lwip_version = %q", r.Name, r.Lib, r.LibraryVer, lw, b.LwIPVersion)}
		if !ok {
			ck.Detail += fmt.Sprintf(": declare %q (or pin another release)", lw)
			rg := b.RangeOf("lwip_version")
			ck.Range = &rg
			p.Checks = append(p.Checks, ck)
			return
		}
		p.Checks = append(p.Checks, ck)
	}
	r, err := BuildFor(p, nil, b.ToolRelease)
	var ram lwip.RAM
	if err == nil {
		var ok bool
		if ram, ok = r.RAM[r.Primary]; !ok {
			err = fmt.Errorf("vitis: no RAM model for the %s lwipopts.h", r.Primary)
		}
	}
	if err != nil {
		p.Checks = append(p.Checks, plan.Check{ID: "vitis.bsp_ram", OK: false, Detail: err.Error()})
		return
	}
	p.UseRAM(ram)
	flags := FlagArgs(r.Flags())
	if flags == "" {
		flags = "none"
	}
	p.Checks = append(p.Checks, plan.Check{ID: "vitis.bsp_ram", OK: true, Detail: fmt.Sprintf("lwIP RAM is that of the BSP build (%d B): the lwipopts.h the BSP generates, compiled with the options carried in extra_compiler_flags (%s); the probe build compiles lwIP the same way", ram.Total, flags)})
}

// sameLine: two lwIP versions share option tables, rules and RAM model.
func sameLine(a, b string) bool {
	va, errA := lwip.ParseVersion(a)
	vb, errB := lwip.ParseVersion(b)
	return errA == nil && errB == nil && lwip.SameLine(va, vb)
}

// Render renders the BSP fragments for the board's release; their checks
// (names per library version, round trips, the non-cacheable section) need
// the layout. lwipopts.h is the header the BSP generates.
func (Flow) Render(p *plan.Plan, l *layout.Layout) (*flow.Rendered, error) {
	r, err := BuildFor(p, l, p.Board.ToolRelease)
	if err != nil {
		return nil, fmt.Errorf("vitis BSP settings: %v", err)
	}
	h, _, err := BSPHeader(p, p.Board.ToolRelease)
	if err != nil {
		return nil, fmt.Errorf("vitis BSP settings: %v", err)
	}
	files := append(r.Files, render.File{Path: "lwipopts.h", Content: h})
	// The BSP compiles lwIP with the carried options on its command line
	// (extra_compiler_flags): so does the probe build.
	var defs []string
	for _, f := range r.Flags() {
		defs = append(defs, f.Define())
	}
	return &flow.Rendered{Files: files, Checks: r.Checks, LwIPDefines: defs}, nil
}

// HowToApply: the Vitis BSP builds lwIP from its own library settings, so
// lwipgen writes those for the user to apply in the tool.
func (Flow) HowToApply(board string) string {
	return fmt.Sprintf("a Vitis BSP builds lwIP from its library settings; lwipgen generate --board %s --project WORKSPACE writes them for the workspace's release (the system.mss LIBRARY block and an xsct script; bsp.yaml and CMake for Vitis Unified) to apply in Vitis (docs/vitis.md)", board)
}

// ToolRelease reads the Vitis release from a classic workspace's system.mss.
func (Flow) ToolRelease(project string) (string, error) {
	return ReleaseFromWorkspace(project)
}
