# STM32F439ZI: the STM32F429ZI with the crypto/hash processor; the same memory map
# (cmsis_device_f4 Include/stm32f439xx.h lines 1094-1110).
chip "stm32f439zi" {
  base        = "stm32f429zi"
  description = "STM32F439ZI, Cortex-M4F, 2 MB flash, 256 KB RAM (incl. 64 KB CCM), 10/100 Ethernet MAC, crypto"
}
