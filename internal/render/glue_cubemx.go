package render

import (
	"io/fs"

	"github.com/lwipgen/lwipgen/internal/cubemx"
	"github.com/lwipgen/lwipgen/internal/layout"
	"github.com/lwipgen/lwipgen/internal/plan"
	"github.com/lwipgen/lwipgen/templates"
)

// GlueTarget is what the project the glue goes into expects of it: the
// CubeMX generation style (whose lwip.c calls ethernet_link_thread or
// ethernet_link_check_state), the HAL's spelling of its types, whether the
// project has an ETH_IRQHandler, and the core-locking hooks its lwipopts.h
// maps lwIP macros to. lwipgen vendor reads it from the project
// (vendor.ReadTarget); DefaultTarget is what lwipgen's own builds use.
type GlueTarget struct {
	Cube          cubemx.Style          // "" when the project is not CubeMX's
	TxConfigType  string                // ETH_TxPacketConfigTypeDef, or ETH_TxPacketConfig (H7 HAL 1.11.0-1.11.2, F7 1.3.0, F4 1.8.0-1.8.2)
	ETHIRQHandler bool                  // the glue defines ETH_IRQHandler (the project has none)
	CoreLockHooks []cubemx.CoreLockHook // hooks the glue defines (the project's lwipopts.h uses them, nothing defines them)
	HAL           string                // the project's HAL driver version, for the generated comment ("" = unknown)
}

// DefaultTarget is the target of a board built by lwipgen itself: a
// CubeMX-vendor board gets CubeMX's contract for its RTOS (CMSIS-RTOS v2 with
// FreeRTOS), the newest HAL spelling, and the project's ETH_IRQHandler.
func DefaultTarget(p *plan.Plan) GlueTarget {
	t := GlueTarget{TxConfigType: "ETH_TxPacketConfigTypeDef", ETHIRQHandler: true}
	if p != nil && p.Board != nil && p.Board.Vendor == "cubemx" {
		t.ETHIRQHandler = false
		t.Cube = cubemx.BareMetal
		if p.Board.RTOS != "none" {
			t.Cube = cubemx.RTOSv2
		}
	}
	return t
}

// GlueFor renders the glue for target t (see Glue).
func GlueFor(p *plan.Plan, l *layout.Layout, t GlueTarget) ([]File, []string, error) {
	return glueFS(templates.FS, p, l, t)
}

// glueCube is what the templates see of the CubeMX contract.
type glueCube struct {
	Style       cubemx.Style
	RTOS        bool
	V1          bool
	Contract    cubemx.Contract
	FileBlocks  map[string]bool // names of ethernetif.c blocks compiled at file scope
	KeptBlocks  []string        // names kept in the #if 0 section
	HBlocks     []string
	SysNowBlock string
}

func newGlueCube(s cubemx.Style) *glueCube {
	if s == "" {
		return nil
	}
	c, _ := cubemx.ContractOf(s)
	g := &glueCube{Style: s, RTOS: s.RTOS(), V1: s == cubemx.RTOSv1, Contract: c, FileBlocks: map[string]bool{},
		KeptBlocks: cubemx.BlocksAt(cubemx.Kept), HBlocks: cubemx.EthernetifHBlocks, SysNowBlock: c.SysNowBlock}
	for _, n := range cubemx.BlocksAt(cubemx.FileScope) {
		g.FileBlocks[n] = true
	}
	return g
}

var _ fs.FS = templates.FS
