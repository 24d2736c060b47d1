// Package cubemx is the STM32CubeMX flow (STM32 H7/F7/F4 with the HAL ETH
// driver): lwipgen's ethernetif glue over the HAL, the driver objects' input
// sections, and vendoring into STM32CubeIDE, Makefile and CMake projects
// (through internal/vendorkit).
package cubemx

import (
	"fmt"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/layout"
	"github.com/lwipgen/lwipgen/internal/plan"
	"github.com/lwipgen/lwipgen/internal/vendorkit"
)

func init() {
	flow.Register(Flow{})
	flow.RegisterGlue(Glue{}, eqosMAC, dwmacMAC)
}

// Flow is the CubeMX flow.
type Flow struct{}

// Name is the board's vendor value.
func (Flow) Name() string { return "cubemx" }

// Plan: the HAL driver objects live in the sections CubeMX names; the RX
// design is that of the chip's MAC's glue (a chip this flow has no glue for
// gets another flow's design, which the glue's Render then refuses).
func (Flow) Plan(b *board.Board) plan.Hooks {
	return plan.Hooks{Inputs: Glue{}.Inputs(), RxModel: flow.RxModelOf(b.Chip.Ethernet.MAC)}
}

// Render renders the HAL glue.
func (Flow) Render(p *plan.Plan, l *layout.Layout) (*flow.Rendered, error) {
	return flow.RenderGlue(Glue{}, p, l)
}

// Vendor writes the generated files into a CubeMX project. The H7 hal_conf
// CubeMX generates defines ETH_*_DESC_CNT unconditionally, so it is checked
// against the plan there.
func (Flow) Vendor(g *flow.Generated, o flow.VendorOptions) (*flow.VendorResult, error) {
	return vendorkit.RunWith(g, o, Prepare(g), g.Board.Chip.Family == "stm32h7")
}

// Prepare is the vendorkit hook that reads what the project expects of the
// glue (ReadTarget) and renders the glue for it. On H7, CubeMX's hal_conf
// owns ETH_*_DESC_CNT (vendorkit refuses one that disagrees with the plan),
// so they are not passed as compile definitions too.
func Prepare(g *flow.Generated) func(p *vendorkit.Project) (*vendorkit.Prepared, error) {
	return func(p *vendorkit.Project) (*vendorkit.Prepared, error) {
		t, warn, err := ReadTarget(p, g)
		if err != nil {
			return nil, err
		}
		var kept []string
		t.InPlace, kept = judgeInPlace(p, g, t)
		warn = append(warn, kept...)
		files, defines, err := Glue{}.RenderFor(g.Plan, g.Layout, t)
		if err != nil {
			return nil, fmt.Errorf("driver glue: %v", err)
		}
		if g.Board.Chip.Family == "stm32h7" {
			defines = halConfOwned(defines)
		}
		eth, placed := p.TargetDir+"/ethernetif.c", placedSymbols(g.Layout)
		userCode := func(rel, name, body string) string {
			if b, known := BlockOf(name); rel != eth || !known || b.Place != FileScope {
				return body
			}
			body, _ = supersedePlacements(body, placed)
			return body
		}
		lost := map[string]string{}
		if c, ok := ContractOf(t.Cube); ok {
			for _, f := range c.Lost {
				lost[f.Name] = f.Why
			}
		}
		return &vendorkit.Prepared{Glue: files, Defines: defines, Warnings: warn, UserCode: userCode, Lost: lost}, nil
	}
}
