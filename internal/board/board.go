package board

import (
	"sort"

	"github.com/hashicorp/hcl/v2"
)

// Board is a validated board description: the chip plus how this board uses it.
type Board struct {
	Name        string
	Description string
	File        string // the HCL file it came from ("embedded:boards/h743.hcl" for built-in boards)
	Seed        string // which seed article the board reproduces, if any
	Chip        *Chip
	Vendor      string // cubemx | gd32 | vitis | standalone | rtthread
	RTOS        string // none | freertos | rtthread
	RTOSVersion string // e.g. "4.0.3" for rtthread
	// RTOSAPI is the thread API lwIP's sys_arch goes through on FreeRTOS:
	// "cmsis_v2" (CubeMX's default: priorities osPriority_t, osPriorityNormal
	// 24; stack sizes in bytes) or "cmsis_v1" (osPriority, osPriorityNormal 0;
	// stack sizes in words); "" without FreeRTOS.
	RTOSAPI string
	// RTOSPriorities is configMAX_PRIORITIES of the FreeRTOS the board runs
	// on (rtos_priorities): the scale lwIP's thread priorities are chosen
	// on when no project says it. 0 = not pinned; a project's
	// FreeRTOSConfig.h that disagrees is an error at this attribute.
	RTOSPriorities int
	// ToolRelease is the vendor tool release the project uses (Vitis
	// "2023.2"), set by the caller (lwipgen --vitis-version, or read from
	// the project by the flow), not by the board file.
	ToolRelease string
	LwIPVersion string // "2.1.3", "2.2.0", "2.2.1" (2.1.2 on RT-Thread)
	LwIPDir     string // lwIP source tree the board asks for ("" = LWIP_DIR, project copy, cache)
	Ethernet    Ethernet
	Workload    Workload
	Memory      MemoryConfig
	Options     []Option // user overrides, sorted by name
	// Accept lists the warning ids (Warnings) the board accepts knowingly:
	// they are not printed, and report.json lists them as accepted.
	Accept    []string
	DeclRange hcl.Range
	// Ranges maps a dotted attribute path ("memory.lwip_region", "ethernet.rx_descriptors",
	// "options.TCP_WND") to where it is written, so later stages can report a problem on the
	// exact attribute. Missing keys mean the value is a default; use RangeOf.
	Ranges map[string]hcl.Range
}

// Ethernet is the board's Ethernet set-up. Zero counts mean "lwipgen chooses".
type Ethernet struct {
	PHY             string
	Interface       string // rmii | mii | rgmii | internal
	SpeedMbps       int
	RxDescriptors   int
	TxDescriptors   int
	RxBuffers       int
	ChecksumOffload bool
	RxCoalesceUs    int
	MAC             string // "02:00:00:00:00:01"
}

// DefaultLossPercent is the frame loss a workload is sized for when the board
// does not say: 0.1 %, a realistic figure for a switched LAN with some
// congestion (a link with no loss at all is the exception a design must not
// depend on).
const DefaultLossPercent = 0.1

// Workload is what the application expects the stack to carry.
type Workload struct {
	Profile        string // throughput | latency | balanced
	TCPConnections int
	TCPListeners   int
	UDPEndpoints   int
	TargetMbps     float64
	RTTMs          float64
	AppTimers      int     // sys_timeout users of the application (sntp, mdns, own timers)
	RxStreams      int     // connections that receive bulk data at the same time (receive buffers hold one window each)
	LossPercent    float64 // frames the path loses, in percent (default 0.1): windows keep fast retransmit working at that loss
	DHCP           bool
	DNS            bool
}

// MemoryConfig says where lwIP RAM goes and how much of it there may be.
type MemoryConfig struct {
	LwIPRegion string // chip memory name; "" = the tool chooses
	LwIPBudget uint64 // bytes; 0 = what the region allows
	DMARegion  string // chip memory for descriptors and RX buffers; "" = the tool chooses
	// MPUFirstRegion is the first MPU region number lwipgen may program; lower
	// numbers stay the application's. Default 1 for CubeMX (its MPU_Config uses
	// region 0 as the background region), else 0.
	MPUFirstRegion int
	// Placement is where in its memory lwipgen carves lwIP's sections:
	// "bottom" (from the memory's base) or "top" (ending at its last byte);
	// "" leaves it to the chip memory's lwipgen_place. Default "top" for
	// CubeMX on STM32F7, whose linker script runs one RAM
	// region from DTCM (0x20000000) through SRAM1/SRAM2: a carve at the top
	// leaves DTCM and the rest below it to .data/.bss and the stack.
	Placement string
}

// Option is one `options {}` entry: an lwIP option the user pins.
type Option struct {
	Name  string
	Expr  string // the C expression written into lwipopts.h
	Int   int64  // its value when it is a plain integer
	IsInt bool
	Range hcl.Range
}

// RangeOf returns where the attribute at path is written, or the board's
// declaration when it is not written (a default was used).
func (b *Board) RangeOf(path string) hcl.Range {
	if r, ok := b.Ranges[path]; ok {
		return r
	}
	return b.DeclRange
}

// Option returns the user override with that name.
func (b *Board) Option(name string) (Option, bool) {
	i := sort.Search(len(b.Options), func(i int) bool { return b.Options[i].Name >= name })
	if i < len(b.Options) && b.Options[i].Name == name {
		return b.Options[i], true
	}
	return Option{}, false
}
