# STM32H753ZI: the STM32H743ZI with the crypto/hash processor; the same memory map (cmsis_device_h7
# Include/stm32h753xx.h lines 2130-2148).
chip "stm32h753zi" {
  base        = "stm32h743zi"
  description = "STM32H753ZI, Cortex-M7, 2 MB flash, 1 MB RAM, 10/100 Ethernet MAC, crypto"
}
