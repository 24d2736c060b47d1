package vitis

import "github.com/lwipgen/lwipgen/internal/simdev"

// The Zynq-7000 GEM in the simulator (internal/sim). On a Vitis board the code
// users flash around lwIP is Xilinx's BSP adapter (xemacpsif*.c, not lwipgen's
// and not copyable), configured by what lwipgen generates: the BSP's
// lwipopts.h and xlwipconfig.h (ring sizes). The simulator compiles those
// generated headers with a behavioural model of that adapter
// (csrc/adapter_xemacpsif.c), the GEM + XEmacPs driver model
// (csrc/model_xemacps.c) and the echo-server start-up (csrc/board_zynq.c).
func init() {
	simdev.Register(simdev.Device{
		Name:    "Xilinx xemacps adapter (behavioural) + XEmacPs/GEM + PHY",
		Model:   "model_xemacps.c",
		Board:   "board_zynq.c",
		Adapter: "adapter_xemacpsif.c",
		// the BSP build's headers: its lwipopts.h is the configuration under
		// test (with the options lwipgen carries in extra_compiler_flags),
		// xlwipconfig.h gives the adapter its BD counts
		Pick:       map[string]string{"xlwipconfig.h": "xlwipconfig.h"},
		ConfigFile: "lwipopts.h",
		OwnTimers:  true,
		// the received-frame cache check sits in front of lwIP's ethernet_input
		Wraps: []string{"ethernet_input"},
		// BD words hold 32-bit buffer addresses: lwIP's pools and heap below 4 GB
		LDFlags: []string{"-no-pie"},
	}, gemMAC)
}

// gemMAC is the chip ethernet.mac of the Zynq-7000 GEM.
const gemMAC = "xemacps"
