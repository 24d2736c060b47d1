package flow

import (
	"sort"

	"github.com/lwipgen/lwipgen/internal/layout"
	"github.com/lwipgen/lwipgen/internal/plan"
	"github.com/lwipgen/lwipgen/internal/render"
)

// Glue is lwipgen's Ethernet driver glue for one MAC family (ethernetif.c
// over the vendor's HAL or library). The flow that owns the vendor driver
// registers it; a flow that reuses a chip's driver (standalone on an STM32)
// finds it by the chip's MAC, without importing the owning flow.
type Glue interface {
	// Inputs are the input sections of the driver's objects (plan.Hooks.Inputs).
	Inputs() map[string]plan.Input
	// Render returns ethernetif.c/.h, lwipgen_sys.c/.h, the RX pool and the
	// compile definitions every translation unit needs.
	Render(p *plan.Plan, l *layout.Layout) (files []render.File, defines []string, err error)
	// RxModel is the RX design the glue's driver implements
	// (plan.Hooks.RxModel of a board on this glue).
	RxModel() plan.RxModel
	// DefaultPHY is the PHY of the vendor's evaluation boards, for a board
	// imported from a project that does not name one.
	DefaultPHY() string
}

// RegisterGlue adds the glue of the MAC families macs (chip ethernet.mac
// values), and its RX design as theirs (RxModelOf).
func RegisterGlue(g Glue, macs ...string) {
	mu.Lock()
	defer mu.Unlock()
	for _, m := range macs {
		if _, dup := glues[m]; dup {
			panic("flow: glue for MAC " + m + " registered twice")
		}
		glues[m] = g
	}
	addRxModel(g.RxModel(), macs)
}

// RegisterRxModel records the RX design of the driver of the MAC families
// macs when it is not lwipgen's glue (the Xilinx BSP adapter, the standalone
// firmware's LAN9118 driver); the flow that owns the driver calls it in its
// init().
func RegisterRxModel(m plan.RxModel, macs ...string) {
	mu.Lock()
	defer mu.Unlock()
	addRxModel(m, macs)
}

func addRxModel(m plan.RxModel, macs []string) {
	for _, mac := range macs {
		if _, dup := rxModels[mac]; dup {
			panic("flow: RX design for MAC " + mac + " registered twice")
		}
		rxModels[mac] = m
	}
}

// RxModelOf is the RX design of a MAC family's driver (its glue's, or one
// registered with RegisterRxModel), for plan.Hooks.RxModel; "" when no flow
// has a driver for it (plan.Build then refuses the board).
func RxModelOf(mac string) plan.RxModel {
	mu.RLock()
	defer mu.RUnlock()
	return rxModels[mac]
}

// GlueFor returns the glue of a MAC family.
func GlueFor(mac string) (Glue, bool) {
	mu.RLock()
	defer mu.RUnlock()
	g, ok := glues[mac]
	return g, ok
}

// GlueMACs lists the MAC families that have glue.
func GlueMACs() []string {
	mu.RLock()
	defer mu.RUnlock()
	var out []string
	for m := range glues {
		out = append(out, m)
	}
	sort.Strings(out)
	return out
}

// RenderGlue is the Render of a flow whose output is the glue g: its files
// and compile definitions.
func RenderGlue(g Glue, p *plan.Plan, l *layout.Layout) (*Rendered, error) {
	files, defines, err := g.Render(p, l)
	if err != nil {
		return nil, err
	}
	return &Rendered{Glue: files, Defines: defines}, nil
}
