# STM32H725IG: the STM32H723's memory map (cmsis_device_h7 Include/stm32h725xx.h lines 2055-2076).
chip "stm32h725ig" {
  base        = "stm32h723zg"
  description = "STM32H725IG, Cortex-M7, 1 MB flash, 564 KB RAM, 10/100 Ethernet MAC (Synopsys EQOS)"
}
