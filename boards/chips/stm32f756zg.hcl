# STM32F756ZG: the STM32F746ZG with the crypto/hash processor; the same memory map
# (cmsis_device_f7 Include/stm32f756xx.h lines 1197-1208).
chip "stm32f756zg" {
  base        = "stm32f746zg"
  description = "STM32F756ZG, Cortex-M7, 1 MB flash, 320 KB RAM, 10/100 Ethernet MAC, crypto"
}
