// Package board turns HCL board descriptions and chip data files into a typed,
// validated Board. It is the first stage of the pipeline: every later stage
// reads the Board, never the HCL, and reports problems against the source
// ranges recorded here.
package board

import "github.com/hashicorp/hcl/v2"

// Chip is what the silicon (or the emulated system) is. All of it comes from
// data files under boards/chips/ (or a `chip` block in a board file); no chip
// fact is written in Go.
type Chip struct {
	Name        string
	Family      string // e.g. stm32h7, stm32f7, stm32f4, gd32f4, zynq7000, mps2
	Vendor      string // stm, gigadevice, xilinx, arm
	Description string
	Flows       []string // board `vendor` values this chip supports
	CodeMemory  string   // standalone images: code and constants
	DataMemory  string   // standalone images: .data, .bss, heap and stack
	Core        Core
	Memories    []Memory
	Ethernet    ChipEthernet
	DeclRange   hcl.Range
}

// Core describes the CPU core as the compiler, cache maintenance and the MPU/MMU see it.
type Core struct {
	CPU        string // cortex-m4, cortex-m7, cortex-a9
	Arch       string // armv7e-m, armv7-a
	FPU        string // fpv4-sp-d16, fpv5-d16, vfpv3, none
	FloatABI   string // hard, softfp, soft
	Thumb      bool   // compile with -mthumb
	DCache     bool   // has a data cache that the Ethernet DMA does not snoop
	DCacheLine int    // bytes; 0 when there is no data cache
	MPURegions int    // ARMv7-M MPU regions (0: none modelled)
	MMUSection uint64 // ARMv7-A translation-table section size (1 MiB on Zynq-7000); 0 for M-profile
	ClockHz    int64  // core clock the timing glue assumes
	MemAlign   int    // lwIP MEM_ALIGNMENT the port uses on this core
}

// MemoryKind is what a chip memory holds: RAM the lwIP objects may live in,
// or flash. The chip decoder accepts only these (MemoryKinds), with a
// diagnostic on the attribute.
type MemoryKind string

const (
	MemoryRAM   MemoryKind = "ram"
	MemoryFlash MemoryKind = "flash"
)

// Memory is one addressable memory of the chip.
type Memory struct {
	Name      string
	Kind      MemoryKind // parsed once by the chip decoder (MemoryKinds)
	Base      uint64
	Size      uint64
	DMA       bool // the Ethernet DMA can read and write it
	Cacheable bool // cacheable in the default memory map (before any MPU/TLB change)
	Note      string
	// Place is where lwipgen carves its sections in the memory: "base"
	// (default) or "top", for a memory whose start the vendor's own linker
	// script fills (Vitis puts .text at the start of ps7_ddr_0).
	Place string
	// ClockRegister is the address of a clock-enable register whose bit ClockBit must be set before
	// the memory is used (0: always clocked), e.g. RCC_AHB2ENR for the STM32H7 D2 SRAMs.
	ClockRegister uint64
	ClockBit      int
	DeclRange     hcl.Range
}

// End is the first address past the memory.
func (m Memory) End() uint64 { return m.Base + m.Size }

// ChipEthernet is the Ethernet MAC as the chip has it.
type ChipEthernet struct {
	MAC             string // stm32h7-eqos, stm32-dwmac, gd32-enet, xemacps, lan9118
	DescriptorSize  int    // bytes per DMA descriptor as the vendor driver lays it out (0: no descriptors)
	DescriptorAlign int    // required descriptor alignment in bytes
	MaxSpeedMbps    int    // what the MAC (and the board's PHY class) can do
	ChecksumOffload bool   // the MAC can insert/verify IP/TCP/UDP/ICMP checksums
	RxFIFOBytes     int    // on-chip RX FIFO (the only RX buffering for FIFO MACs such as LAN9118)
	DefaultRxDesc   int    // vendor driver default ring depth
	DefaultTxDesc   int
	MaxRxBufferLen  int // largest RX buffer one descriptor can describe
	Interfaces      []string
}

// Memory returns the chip memory with that name.
func (c *Chip) Memory(name string) (Memory, bool) {
	for _, m := range c.Memories {
		if m.Name == name {
			return m, true
		}
	}
	return Memory{}, false
}

// MemoryNames lists the chip's memory names in declaration order.
func (c *Chip) MemoryNames() []string {
	var n []string
	for _, m := range c.Memories {
		n = append(n, m.Name)
	}
	return n
}

// MemoryAt returns the memory containing addr.
func (c *Chip) MemoryAt(addr uint64) (Memory, bool) {
	for _, m := range c.Memories {
		if addr >= m.Base && addr < m.End() {
			return m, true
		}
	}
	return Memory{}, false
}
