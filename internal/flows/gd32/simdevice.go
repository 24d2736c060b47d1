package gd32

import "github.com/lwipgen/lwipgen/internal/simdev"

// The GD32F4 ENET in the simulator (internal/sim): the glue on a model of the
// firmware library's ENET API (csrc/model_gd32enet.c), started as a GD32
// project does (csrc/board_gd32.c, with FreeRTOS csrc/rtos/board_gd32_rtos.c).
func init() {
	simdev.Register(simdev.Device{
		Name: "GD32F4xx ENET library + PHY", Model: "model_gd32enet.c", Board: "board_gd32.c",
		// the glue's busy-wait for a free TX descriptor: wrapped so that the spin takes virtual time
		Wraps: []string{"lwipgen_tx_wait"},
		// descriptors hold 32-bit buffer addresses
		LDFlags:   []string{"-no-pie"},
		RTOSBoard: "rtos/board_gd32_rtos.c",
	}, enetMAC)
}

// enetMAC is the chip ethernet.mac of the GD32F4 ENET.
const enetMAC = "gd32-enet"
