package standalone

import "github.com/lwipgen/lwipgen/internal/simdev"

// The LAN9118 of the QEMU mps2-an500 in the simulator (internal/sim): the
// firmware's own driver on a model of the chip's registers, FIFOs and IRQ
// (csrc/model_lan9118.c) with the firmware's main loop (csrc/board_mps2.c).
func init() {
	simdev.Register(simdev.Device{
		Name: "LAN9118 registers, FIFOs and IRQ + SysTick/NVIC", Model: "model_lan9118.c", Board: "board_mps2.c",
		// the board header and cc.h only compile for the target: the simulator brings its own
		Drop: []string{"mps2_an500.h", "arch/cc.h"},
		// the driver's registers are memory-mapped macros the model must see written
		RegWrites: []string{"lan9118.c", "sys.c"}, NoDMA: true,
	}, lan9118MAC)
}

// lan9118MAC is the chip ethernet.mac of the SMSC LAN9118 (a FIFO MAC without DMA).
const lan9118MAC = "lan9118"
