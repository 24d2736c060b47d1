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
	"github.com/lwipgen/lwipgen/internal/simdev"
)

// deviceCode is the generated code a device node compiles: the files (path
// relative to the glue directory), the ones to compile, the compile
// definitions the glue needs, and the model that runs it.
type deviceCode struct {
	// Code: the files, the generated headers the device includes (reported with Sources) and the
	// lwipgen configuration the flow rendered (nil: the core lwipopts.h). See xemacps.go.
	simdev.Code
	Sources []string
	Defines []string
	Model   simdev.Device
	// Vendor are the vendor-model sources compiled with the device.
	Vendor []string
}

// runsGlue says whether the board's generated driver runs in the simulator: a device is registered
// for its MAC (internal/simdev, by the flow that owns the MAC's driver), and the board is bare metal,
// or runs FreeRTOS with a board file for its project shape, or runs an RTOS whose flow registered
// its kernel's model (RT-Thread with the BSP driver's model): every shipped board. FreeRTOS and
// flow-modelled RTOSes run on the virtual-time RTOS model (rtos.go): their tcpip thread, the
// driver's RX/TX threads and link thread. False: Run refuses the board (there is no stand-in NIC
// for a device).
func runsGlue(p *plan.Plan) (simdev.Device, bool) {
	mac := p.Board.Chip.Ethernet.MAC
	if own, ok := simdev.LookupRTOS(p.Board.RTOS); ok {
		return own(mac)
	}
	path, ok := rtosPaths[p.Board.RTOS]
	if !ok {
		return simdev.Device{}, false
	}
	return path(p)
}

// rtosPaths says, per board.RTOS the simulator models itself, which driver model and start-up the
// device runs (data keyed by the RTOS, so the core does not branch on names): bare metal the MAC's
// model with the vendor's main loop, FreeRTOS the MAC's RTOS board file on the virtual-time model.
var rtosPaths = map[string]func(p *plan.Plan) (simdev.Device, bool){
	"none": func(p *plan.Plan) (simdev.Device, bool) {
		return simdev.Lookup(p.Board.Chip.Ethernet.MAC)
	},
	"freertos": func(p *plan.Plan) (simdev.Device, bool) {
		m, ok := simdev.Lookup(p.Board.Chip.Ethernet.MAC)
		if !ok || m.RTOSBoard == "" {
			return simdev.Device{}, false
		}
		m.Board = m.RTOSBoard
		m.RTOS = true
		m.RTOSAPI = p.Board.RTOSAPI
		m.Name += " on the virtual-time FreeRTOS model (" + rtosAPIName(p.Board.RTOSAPI) + ")"
		return m, true
	},
}

// renderDevice renders the board's driver with the driver rings d exactly as
// `lwipgen generate`/`vendor` do: the board's flow renders it from the plan
// and layout (the flow's glue, or the standalone firmware's driver files).
func renderDevice(g *pipeline.Generated, d plan.Driver, m simdev.Device, patch func(map[string][]byte) error) (*deviceCode, error) {
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
	dc := &deviceCode{Code: simdev.Code{Files: map[string][]byte{}}, Defines: r.Defines, Model: m}
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
	if k := m.Kernel; k != nil && k.Complete != nil {
		if err := k.Complete(&dc.Code, g.Files, g.Board.Name); err != nil {
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
func modelList() string { return strings.Join(simdev.MACs(), ", ") }
