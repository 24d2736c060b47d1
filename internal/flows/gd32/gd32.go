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
	flow.RegisterGlue(Glue{}, enetMAC)
}

// Flow is the GD32 flow.
type Flow struct{}

// Name is the board's vendor value.
func (Flow) Name() string { return "gd32" }

// Plan: the library's arrays are placed by their -fdata-sections names; GD's
// lwIP port brings the socket API's struct timeval itself.
func (Flow) Plan(b *board.Board) plan.Hooks {
	return plan.Hooks{Inputs: Glue{}.Inputs(), Constraints: []plan.Rule{portErrno}, PortTimeval: true,
		RxModel: flow.RxModelOf(b.Chip.Ethernet.MAC)}
}

// GD's lwIP port (port/GD32F4xx/arch/cc.h and cpu.h; read at
// BestSens/gd32-cmake-example@59a0a62f Examples/ENET/Telnet/lwip-2.2.0/port/GD32F4xx/arch)
// defines no LWIP_PLATFORM_DIAG, so lwIP's arch.h includes <stdio.h>, and with it
// newlib's <sys/types.h> and <sys/select.h>: struct timeval and fd_set for every
// lwIP file, after cpu.h. An lwipopts.h that included <sys/time.h> itself made
// newlib define BYTE_ORDER ahead of cpu.h's unguarded definition: "BYTE_ORDER
// redefined" in every lwIP file (PortTimeval). Its cc.h declares no errno either.
func portErrno(s *plan.Sizer) {
	if s.Val("LWIP_SOCKET") != 1 {
		return
	}
	s.Set("LWIP_ERRNO_STDINCLUDE", 1, "System integration", "sys.errno",
		"sockets.c sets errno: GD's port (arch/cc.h) declares none, so lwIP's errno.h takes newlib's <errno.h>")
}

// Render renders the ENET glue.
func (Flow) Render(p *plan.Plan, l *layout.Layout) (*flow.Rendered, error) {
	return flow.RenderGlue(Glue{}, p, l)
}

// Vendor writes the generated files into a GD32 project.
func (Flow) Vendor(g *flow.Generated, o flow.VendorOptions) (*flow.VendorResult, error) {
	return vendorkit.Run(g, o, Glue{}, false)
}
