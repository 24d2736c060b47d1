package sim

import (
	"fmt"

	"github.com/lwipgen/lwipgen/internal/lwip"
	"github.com/lwipgen/lwipgen/internal/plan"
)

// CPU is the device's processing cost per frame, in each direction.
//
// The defaults are estimates, not measurements: cycles per frame for the
// driver + lwIP path of one full TCP segment (RX: descriptor handling,
// ethernet_input, ip4_input, tcp_input, the application callback; TX:
// tcp_output, etharp_output, descriptor set-up) on each core, and cycles
// per byte for what touches the payload (cache maintenance of the DMA
// buffer, the application's copy into the send buffer, software checksums
// when the configuration does not leave them to the MAC, CPU copies of RX
// drivers that copy). Override them with `sim { cpu_ns_per_frame,
// cpu_ns_per_byte }` values (Options.CPUNsPerFrame/CPUNsPerByte or the CLI
// flags).
type CPU struct {
	RxNsPerFrame float64 `json:"rx_ns_per_frame"`
	RxNsPerByte  float64 `json:"rx_ns_per_byte"`
	TxNsPerFrame float64 `json:"tx_ns_per_frame"`
	TxNsPerByte  float64 `json:"tx_ns_per_byte"`
	// TimerNsPerPass / TimerNsPerPCB: one TCP timer pass (tcp_tmr()) and each PCB on the lists it
	// walks; plan.TimerPassCycles at the core's clock, the same estimate the tcp.clock rule bounds.
	// The user's cpu_ns_per_frame override scales them with the frame cost.
	TimerNsPerPass float64 `json:"tcp_timer_ns_per_pass"`
	TimerNsPerPCB  float64 `json:"tcp_timer_ns_per_pcb"`
	Source         string  `json:"source"`
}

// cyclesPerFrame by core (driver + lwIP for one full TCP segment).
var cyclesPerFrame = map[string]float64{
	"cortex-m4": 4000, // no cache, single-issue
	"cortex-m7": 3000, // dual-issue, caches: the same code in fewer cycles
	"cortex-a9": 2500, // out-of-order, L2
}

const (
	cyclesPerByteDMA      = 0.25 // cache line maintenance / bus traffic of the DMA buffer
	cyclesPerByteCopy     = 0.5  // memcpy of the payload (TCP_WRITE_FLAG_COPY, copy RX drivers)
	cyclesPerByteChecksum = 1.5  // lwIP's C inet_chksum
	cyclesPerByteFIFO     = 2.0  // programmed I/O from a MAC FIFO (32-bit bus reads)
)

// defaultCPU derives the device's costs from the core, its clock and what the
// configuration makes the CPU do.
func defaultCPU(p *plan.Plan, r *lwip.Config) CPU {
	core := p.Board.Chip.Core
	cpf, ok := cyclesPerFrame[core.CPU]
	if !ok {
		cpf = 4000
	}
	hz := float64(core.ClockHz)
	if hz <= 0 {
		hz = 100e6
	}
	ns := 1e9 / hz
	rxB := cyclesPerByteDMA
	txB := cyclesPerByteDMA + cyclesPerByteCopy
	if v, _ := r.Value("CHECKSUM_CHECK_TCP"); v != 0 {
		rxB += cyclesPerByteChecksum
	}
	if v, _ := r.Value("CHECKSUM_GEN_TCP"); v != 0 {
		txB += cyclesPerByteChecksum
	}
	switch p.Driver.RxModel {
	case plan.RxCopyToPool:
		rxB += cyclesPerByteCopy
	case plan.RxFIFO:
		rxB += cyclesPerByteFIFO
	}
	return CPU{
		RxNsPerFrame: cpf * ns, RxNsPerByte: rxB * ns,
		TxNsPerFrame: cpf * ns, TxNsPerByte: txB * ns,
		TimerNsPerPass: plan.TimerPassBaseCycles * ns, TimerNsPerPCB: plan.TimerPassPCBCycles * ns,
		Source: fmt.Sprintf("default for %s @ %.0f MHz: %.0f cycles/frame, %.2f (RX) / %.2f (TX) cycles/byte, TCP timer pass %d + %d/PCB cycles",
			core.CPU, hz/1e6, cpf, rxB, txB, plan.TimerPassBaseCycles, plan.TimerPassPCBCycles),
	}
}
