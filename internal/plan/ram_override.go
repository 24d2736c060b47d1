package plan

import "github.com/lwipgen/lwipgen/internal/lwip"

// UseRAM replaces the plan's RAM prediction by ram - the lwIP RAM of the
// lwipopts.h the project really builds when a vendor tool, not lwipgen,
// writes that header (the Xilinx BSP regenerates its own from the settings
// lwipgen gives it) - and re-derives the memory objects from it, so that the
// layout, the probe build and the report all describe that header.
func (p *Plan) UseRAM(ram lwip.RAM) {
	p.RAM = ram
	p.Objects = objects(p)
}
