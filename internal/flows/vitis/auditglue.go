package vitis

import "github.com/lwipgen/lwipgen/internal/auditreg"

// What the Xilinx lwIP BSP writes into lwipopts.h for its adapter, and the
// Zynq parts the chip file stands for.
func init() {
	auditreg.RegisterVendorGlue(map[string]string{
		"PROCESSOR_LITTLE_ENDIAN":         "the Xilinx lwIP adapter's cc.h",
		"PROCESSOR_BIG_ENDIAN":            "the Xilinx lwIP adapter's cc.h",
		"LWIP_FULL_CSUM_OFFLOAD_RX":       "the Xilinx lwIP adapter (xemacpsif)",
		"LWIP_FULL_CSUM_OFFLOAD_TX":       "the Xilinx lwIP adapter (xemacpsif)",
		"CONFIG_LINKSPEED_AUTODETECT":     "the Xilinx lwIP adapter (PHY speed)",
		"CONFIG_LINKSPEED1000":            "the Xilinx lwIP adapter (PHY speed)",
		"CONFIG_LINKSPEED100":             "the Xilinx lwIP adapter (PHY speed)",
		"CONFIG_LINKSPEED10":              "the Xilinx lwIP adapter (PHY speed)",
		"XLWIP_CONFIG_INCLUDE_GEM":        "the Xilinx lwIP adapter",
		"LWIP_XILINX_PHY_RESET":           "the Xilinx lwIP adapter",
		"PLATFORM_EMAC_BASEADDR":          "the Xilinx application's platform code",
		"PLATFORM_EMAC_IS_CACHE_COHERENT": "the Xilinx application's platform code",
		"XPAR_*":                          "the Xilinx BSP (xparameters.h)",
		// read by the adapter sources (embeddedsw lwip220 contrib/ports/xilinx)
		"SGMII_FIXED_LINK":                    "the Xilinx lwIP adapter (xemacpsif_hw.c, xadapter.c)",
		"USE_JUMBO_FRAMES":                    "the Xilinx lwIP adapter (xemacpsif.h, xaxiemacif.c)",
		"OS_IS_FREERTOS":                      "the Xilinx lwIP adapter (xadapter.c)",
		"LWIP_UDP_OPT_BLOCK_TX_TILL_COMPLETE": "the Xilinx lwIP adapter (xemacpsif.h, xaxiemacif.c: UDP TX blocking)",
		"LWIP_PARTIAL_CSUM_OFFLOAD_RX":        "the Xilinx lwIP adapter (xaxiemacif_dma.c)",
		"LWIP_PARTIAL_CSUM_OFFLOAD_TX":        "the Xilinx lwIP adapter (xaxiemacif_dma.c)",
	})
	auditreg.RegisterMCUChip("XC7Z", "xc7z035")
}
