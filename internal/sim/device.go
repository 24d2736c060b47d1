package sim

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/layout"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/plan"
	"github.com/lwipgen/lwipgen/internal/render"
)

// macModel says how the simulator runs a MAC family's generated driver:
// the behavioural model of the vendor API (or registers) the driver calls
// and the board file that does what the project around it does (CubeMX's
// lwip.c, the firmware's main loop). Keyed by chip ethernet.mac.
type macModel struct {
	Model   string   // csrc/model_*.c
	Board   string   // csrc/board_*.c
	Defines []string // model flavour
	Wraps   []string // glue functions wrapped at link time (the model counts what goes through them)
	// Drop are generated files the simulator replaces with its own
	// declarations (hardware definitions that only compile for the target).
	Drop []string
	// RegWrites rewrites `REG = value;` into SIM_REG_WRITE(REG, value) in
	// these files: their registers are memory-mapped macros the model must see written.
	RegWrites []string
	Name      string
	// RTOSBoard is the board file of the project shape with FreeRTOS (under
	// csrc/rtos/); RTOS and RTOSAPI are set by runsGlue for such a board.
	RTOSBoard string
	RTOS      bool
	RTOSAPI   string
	LDFlags   []string // link flags the model needs (-no-pie: 32-bit buffer addresses in descriptors)
	NoDMA     bool     // a FIFO MAC: there is no DMA to fail (fault dma-error does not apply)
	MACError  bool     // the driver model has fault mac-error (the H7 HAL's error state on a MAC status error)
	// Vendor code the flow does not render (xemacps.go): Adapter is a behavioural model of the
	// vendor's driver layer compiled with the device; Pick are rendered flow files (file name -> name in
	// the device) it includes; ConfigFile is the rendered header that is the lwipgen configuration
	// (the BSP's lwipopts.h); OwnTimers: the board runs lwIP's timers itself (no LWIP_TIMERS override).
	Adapter    string
	Pick       map[string]string
	ConfigFile string
	OwnTimers  bool
}

var rxPoolWraps = []string{"lwipgen_rxpool_get", "lwipgen_rxpool_put"}

// stm32Wraps: the RX pool, and lwIP's pbuf_free (a TX packet freed while the DMA owns it fails a check).
var stm32Wraps = append(append([]string{}, rxPoolWraps...), "pbuf_free")

var macModels = map[string]macModel{
	"stm32-dwmac": {Name: "STM32 HAL ETH (F4/F7 DMA) + PHY", Model: "model_stm32eth.c", Board: "board_cubemx.c", Wraps: stm32Wraps,
		RTOSBoard: "rtos/board_cubemx_rtos.c"},
	"stm32h7-eqos": {Name: "STM32 HAL ETH (H7 DMA) + PHY", Model: "model_stm32eth.c", Board: "board_cubemx.c", Defines: []string{"SIM_ETH_H7=1"}, Wraps: stm32Wraps,
		RTOSBoard: "rtos/board_cubemx_rtos.c", MACError: true},
	"gd32-enet": {Name: "GD32F4xx ENET library + PHY", Model: "model_gd32enet.c", Board: "board_gd32.c",
		Wraps: []string{"lwipgen_tx_wait"}, LDFlags: []string{"-no-pie"}, RTOSBoard: "rtos/board_gd32_rtos.c"},
	"lan9118": {Name: "LAN9118 registers, FIFOs and IRQ + SysTick/NVIC", Model: "model_lan9118.c", Board: "board_mps2.c",
		Drop: []string{"mps2_an500.h", "arch/cc.h"}, RegWrites: []string{"lan9118.c", "sys.c"}, NoDMA: true},
}

// deviceCode is the generated code a device node compiles: the files (path
// relative to the glue directory), the ones to compile, the compile
// definitions the glue needs, and the model that runs it.
type deviceCode struct {
	Files   map[string][]byte
	Sources []string
	Defines []string
	Model   macModel
	// Headers are the generated headers the device includes (reported with Sources), Vendor the
	// vendor-model sources compiled with it, Config the lwipgen configuration the flow rendered
	// (nil: the core lwipopts.h). See xemacps.go.
	Headers []string
	Vendor  []string
	Config  []byte
}

// runsGlue says whether the board's generated driver runs in the simulator (a driver model exists
// for its MAC, and the board is bare metal or runs FreeRTOS with a board file for its project
// shape, or RT-Thread with the BSP driver's model): every shipped board. FreeRTOS and RT-Thread boards
// run on the virtual-time RTOS model (rtos.go, rtthread.go): their tcpip thread, the driver's RX/TX
// threads and link thread. False: Run refuses the board (there is no stand-in NIC for a device).
func runsGlue(p *plan.Plan) (macModel, bool) {
	path, ok := rtosPaths[p.Board.RTOS]
	if !ok {
		return macModel{}, false
	}
	return path(p)
}

// rtosPaths says, per board.RTOS, which driver model and start-up the device runs (data keyed by
// the RTOS, so the core does not branch on names): bare metal the MAC's model with the vendor's
// main loop, FreeRTOS the MAC's RTOS board file on the virtual-time model, RT-Thread its port and
// the BSP driver's model (rtthread.go).
var rtosPaths = map[string]func(p *plan.Plan) (macModel, bool){
	"none": func(p *plan.Plan) (macModel, bool) {
		m, ok := macModels[p.Board.Chip.Ethernet.MAC]
		return m, ok
	},
	"freertos": func(p *plan.Plan) (macModel, bool) {
		m, ok := macModels[p.Board.Chip.Ethernet.MAC]
		if !ok || m.RTOSBoard == "" {
			return macModel{}, false
		}
		m.Board = m.RTOSBoard
		m.RTOS = true
		m.RTOSAPI = p.Board.RTOSAPI
		m.Name += " on the virtual-time FreeRTOS model (" + rtosAPIName(p.Board.RTOSAPI) + ")"
		return m, true
	},
	"rtthread": func(p *plan.Plan) (macModel, bool) { return rtthreadModel(p.Board.Chip.Ethernet.MAC) },
}

// renderDevice renders the board's driver with the driver rings d exactly as
// `lwipgen generate`/`vendor` do: the board's flow renders it from the plan
// and layout (the flow's glue, or the standalone firmware's driver files).
func renderDevice(g *pipeline.Generated, d plan.Driver, m macModel, patch func(map[string][]byte) error) (*deviceCode, error) {
	fl, err := flow.Of(g.Board)
	if err != nil {
		return nil, err
	}
	p := *g.Plan
	p.Driver = d
	var l *layout.Layout = g.Layout
	r, err := fl.Render(&p, l)
	if err != nil {
		return nil, fmt.Errorf("rendering the %s flow's driver: %v", fl.Name(), err)
	}
	dc := &deviceCode{Files: map[string][]byte{}, Defines: r.Defines, Model: m}
	if n := g.Board.Chip.Ethernet.RxFIFOBytes; n > 0 {
		dc.Defines = append(dc.Defines, fmt.Sprintf("SIM_LAN_RX_FIFO_BYTES=%du", n))
	}
	drop := map[string]bool{}
	for _, f := range m.Drop {
		drop[f] = true
	}
	add := func(name string, content []byte) {
		if drop[name] {
			return
		}
		dc.Files[name] = content
	}
	for _, f := range r.Glue {
		add(f.Path, f.Content)
	}
	if err := vendorFiles(dc, r, m); err != nil {
		return nil, fmt.Errorf("the %s flow's files for the %s model: %v", fl.Name(), m.Name, err)
	}
	if m.RTOSAPI == rtosRTThread {
		if err := rtthreadDevice(dc, g); err != nil {
			return nil, fmt.Errorf("the %s flow's files for the %s model: %v", fl.Name(), m.Name, err)
		}
	}
	for _, f := range r.Files {
		// the firmware's own application, start-up, MPU and console
		// (RoleFirmwareApp) are not the driver: the simulator's board file and
		// workload take their place
		if f.Role != render.RoleFirmwareDriver {
			continue
		}
		add(strings.TrimPrefix(f.Path, "firmware/"), f.Content)
	}
	if len(dc.Files) == 0 {
		return nil, fmt.Errorf("the %s flow rendered no driver files for board %s", fl.Name(), g.Board.Name)
	}
	if patch != nil {
		if err := patch(dc.Files); err != nil {
			return nil, err
		}
	}
	for _, f := range m.RegWrites {
		src, ok := dc.Files[f]
		if !ok {
			return nil, fmt.Errorf("driver file %s not rendered", f)
		}
		out, n := rewriteRegWrites(src)
		if n == 0 {
			return nil, fmt.Errorf("%s: no register write found to instrument", f)
		}
		dc.Files[f] = out
	}
	vendor := map[string]bool{}
	for _, v := range dc.Vendor {
		vendor[v] = true
	}
	for name := range dc.Files {
		if strings.HasSuffix(name, ".c") && !vendor[name] {
			dc.Sources = append(dc.Sources, name)
		}
	}
	sort.Strings(dc.Sources)
	return dc, nil
}

// regWrite matches a statement that stores into a memory-mapped register
// macro of the mps2-an500 firmware (LAN_*, SYST_*, SCB_*, NVIC_*, MPU_*),
// with an optional argument list: `LAN_INT_EN = 0u;`, `NVIC_ISER(n) = v;`.
var regWrite = regexp.MustCompile(`(?m)^(\s*)((?:LAN|SYST|SCB|NVIC|MPU)_[A-Z0-9_]+(?:\((?:[^()]|\([^()]*\))*\))?)\s*=\s*([^;=][^;]*);`)

// rewriteRegWrites instruments the register stores: the text is otherwise
// unchanged (the driver's logic is what runs). Reads need nothing: the
// simulator's REG32 is an accessor that applies read side effects (FIFO
// pops, clear-on-read).
func rewriteRegWrites(src []byte) ([]byte, int) {
	n := 0
	out := regWrite.ReplaceAllFunc(src, func(m []byte) []byte {
		n++
		s := regWrite.FindSubmatch(m)
		return []byte(fmt.Sprintf("%sSIM_REG_WRITE(%s, %s);", s[1], s[2], s[3]))
	})
	return out, n
}

// modelList names the MACs the simulator has a driver model for (error messages).
func modelList() string {
	names := make([]string, 0, len(macModels))
	for k := range macModels {
		names = append(names, k)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}
