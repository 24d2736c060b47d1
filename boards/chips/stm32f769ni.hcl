# STM32F769NI (F769I-DISCO): the STM32F767ZI's memory map (cmsis_device_f7 Include/stm32f769xx.h lines 1372-1383:
# RAMITCM 16 KB, flash up to 2 MB, RAMDTCM 128 KB, SRAM1 0x20020000 368 KB, SRAM2 0x2007C000 16 KB).
chip "stm32f769ni" {
  base        = "stm32f767zi"
  description = "STM32F769NI, Cortex-M7, 2 MB flash, 512 KB RAM, 10/100 Ethernet MAC (Synopsys DWMAC)"
}
