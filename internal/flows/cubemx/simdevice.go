package cubemx

import "github.com/lwipgen/lwipgen/internal/simdev"

// The STM32 ETH in the simulator (internal/sim): the glue on a model of the
// HAL ETH driver and its DMA (csrc/model_stm32eth.c), started as a CubeMX
// project's lwip.c does (csrc/board_cubemx.c, with FreeRTOS
// csrc/rtos/board_cubemx_rtos.c).
func init() {
	simdev.Register(simdev.Device{Name: "STM32 HAL ETH (F4/F7 DMA) + PHY", Model: "model_stm32eth.c", Board: "board_cubemx.c",
		Wraps: halWraps, RTOSBoard: "rtos/board_cubemx_rtos.c"}, dwmacMAC)
	simdev.Register(simdev.Device{Name: "STM32 HAL ETH (H7 DMA) + PHY", Model: "model_stm32eth.c", Board: "board_cubemx.c",
		Defines: []string{"SIM_ETH_H7=1"}, Wraps: halWraps, RTOSBoard: "rtos/board_cubemx_rtos.c", MACError: true}, eqosMAC)
}

// halWraps: the glue's RX pool, and lwIP's pbuf_free (a TX packet freed while
// the DMA owns it fails a check).
var halWraps = []string{"lwipgen_rxpool_get", "lwipgen_rxpool_put", "pbuf_free"}

// The chip ethernet.mac values of the STM32 MACs the HAL ETH glue drives.
const (
	eqosMAC  = "stm32h7-eqos" // H7: the Synopsys Ethernet QoS IP
	dwmacMAC = "stm32-dwmac"  // F4/F7: the Synopsys DWMAC
)
