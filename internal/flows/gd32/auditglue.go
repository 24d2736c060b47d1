package gd32

import "github.com/lwipgen/lwipgen/internal/auditreg"

// What the GD32 ENET demos put in lwipopts.h for their own code, and the
// GD32 parts the chip file stands for.
func init() {
	auditreg.RegisterVendorGlue(map[string]string{
		"TIMEOUT_CHECK_USE_LWIP":           "the GD32 ENET demos' netconf.c",
		"USE_ENHANCED_DMA_DESCRIPTORS":     "the GD32 ENET driver (gd32f4xx_enet.c)",
		"SELECT_DESCRIPTORS_ENHANCED_MODE": "the GD32 ENET driver (gd32f4xx_enet.c)",
		"USE_DHCP":                         "the GD32/ST examples' netconf.c",
	})
	auditreg.RegisterMCUChip("GD32F4", "gd32f407")
}
