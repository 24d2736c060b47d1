// Package simdev is where the flows describe how the simulator (internal/sim)
// runs their generated Ethernet driver: the behavioural model of the vendor
// API the driver calls, the board file that does what the project around it
// does, and, for a flow whose RTOS configures lwIP itself (RT-Thread), that
// kernel's model. The flow that owns a MAC family's driver registers its
// device in its init(); sim looks devices up by the chip's MAC and the
// board's RTOS and never names a flow. It is a leaf: the flows import it
// without importing the simulator.
package simdev

import (
	"sort"
	"sync"

	"github.com/lwipgen/lwipgen/internal/render"
)

// Device says how the simulator runs a MAC family's generated driver. File
// names are those of the simulator's C sources (internal/sim/csrc).
type Device struct {
	Name    string   // what the report calls the model
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
	// RTOSBoard is the board file of the project shape with FreeRTOS (under
	// csrc/rtos/); RTOS and RTOSAPI are set by the simulator for such a board.
	RTOSBoard string
	RTOS      bool
	RTOSAPI   string
	LDFlags   []string // link flags the model needs (-no-pie: 32-bit buffer addresses in descriptors)
	NoDMA     bool     // a FIFO MAC: there is no DMA to fail (fault dma-error does not apply)
	MACError  bool     // the driver model has fault mac-error (the H7 HAL's error state on a MAC status error)
	// Vendor code the flow does not render: Adapter is a behavioural model of the
	// vendor's driver layer compiled with the device; Pick are rendered flow files (file name -> name in
	// the device) it includes; ConfigFile is the rendered header that is the lwipgen configuration
	// (the BSP's lwipopts.h); OwnTimers: the board runs lwIP's timers itself (no LWIP_TIMERS override).
	Adapter    string
	Pick       map[string]string
	ConfigFile string
	OwnTimers  bool
	// Kernel is the flow's own RTOS model (nil: bare metal, or FreeRTOS
	// through RTOSAPI).
	Kernel *Kernel
}

// Kernel is an RTOS whose BSP brings lwIP's port (RT-Thread): what the
// simulator compiles instead of the FreeRTOS API on its virtual-time model,
// and how the flow completes the device's code.
type Kernel struct {
	// Sources replace the FreeRTOS API and sys_arch (paths under rtos/ of the
	// simulator's build); Defines go with them.
	Sources []string
	Defines []string
	// BoardSources and BoardIncludes are the BSP models compiled with the
	// device instead of the FreeRTOS boards' common file.
	BoardSources  []string
	BoardIncludes []string
	// Complete finishes the device's code from what the pipeline generated
	// (files the BSP build includes, the configuration as lwIP compiles it).
	Complete func(c *Code, generated []render.File, board string) error
}

// Code is the generated code of a device that a Kernel's Complete may change.
type Code struct {
	Files   map[string][]byte // by path relative to the glue directory
	Headers []string          // generated headers the device includes
	Config  []byte            // the lwipgen configuration the flow rendered (nil: the core lwipopts.h)
}

// ForRTOS returns the device of a board whose RTOS the flow models itself,
// for the chip's MAC (false: no model for that MAC).
type ForRTOS func(mac string) (Device, bool)

var (
	mu      sync.RWMutex
	devices = map[string]Device{}
	rtoses  = map[string]ForRTOS{}
)

// Register adds the device of the MAC families macs (chip ethernet.mac
// values); the flow that owns their driver calls it once, in its init().
func Register(d Device, macs ...string) {
	mu.Lock()
	defer mu.Unlock()
	for _, m := range macs {
		if _, dup := devices[m]; dup {
			panic("simdev: device for MAC " + m + " registered twice")
		}
		devices[m] = d
	}
}

// RegisterRTOS adds the devices of boards with rtos (a board.RTOS value)
// whose kernel the flow models.
func RegisterRTOS(rtos string, f ForRTOS) {
	mu.Lock()
	defer mu.Unlock()
	if _, dup := rtoses[rtos]; dup {
		panic("simdev: RTOS " + rtos + " registered twice")
	}
	rtoses[rtos] = f
}

// Lookup returns the device of a MAC family.
func Lookup(mac string) (Device, bool) {
	mu.RLock()
	defer mu.RUnlock()
	d, ok := devices[mac]
	return d, ok
}

// LookupRTOS returns the devices of a flow-modelled RTOS.
func LookupRTOS(rtos string) (ForRTOS, bool) {
	mu.RLock()
	defer mu.RUnlock()
	f, ok := rtoses[rtos]
	return f, ok
}

// MACs lists the MAC families with a device, sorted (error messages).
func MACs() []string {
	mu.RLock()
	defer mu.RUnlock()
	out := make([]string, 0, len(devices))
	for m := range devices {
		out = append(out, m)
	}
	sort.Strings(out)
	return out
}
