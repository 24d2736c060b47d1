package cubemx

import "github.com/lwipgen/lwipgen/internal/auditreg"

// What STM32CubeMX projects put in lwipopts.h for their own code, and the
// STM32 parts the chip files stand for: the audit names them.
func init() {
	auditreg.RegisterVendorGlue(map[string]string{
		"WITH_RTOS":            "STM32CubeMX's generated lwip.c/ethernetif.c (RTOS vs bare-metal glue)",
		"WITH_MBEDTLS":         "STM32CubeMX's generated project (mbedTLS middleware)",
		"CHECKSUM_BY_HARDWARE": "ST's (and GD32's) ethernetif.c and their examples' #ifdef around CHECKSUM_GEN_*",
		"ETH_RX_BUFFER_SIZE":   "STM32CubeMX ethernetif.c (RX buffer pool)",
		"ETH_RX_BUFFER_CNT":    "STM32CubeMX ethernetif.c (RX buffer pool)",
		"ETH_RXBUFNB":          "the STM32 legacy HAL ETH driver",
		"ETH_TXBUFNB":          "the STM32 legacy HAL ETH driver",
	})
	auditreg.RegisterMCUChip("STM32H7", "stm32h743zi")
	auditreg.RegisterMCUChip("STM32F7", "stm32f767zi")
	auditreg.RegisterMCUChip("STM32F4", "stm32f407")
}
