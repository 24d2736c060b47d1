# STM32F429ZI (Cortex-M4F @ 180 MHz, no data cache): the F407's bus matrix plus SRAM3 and 2 MB flash.
# Memory map: cmsis_device_f4 Include/stm32f429xx.h lines 1024-1040 (FLASH_BASE up to 2 MB, CCMDATARAM_BASE 64 KB,
# SRAM1_BASE 112 KB, SRAM2_BASE 0x2001C000 16 KB, SRAM3_BASE 0x20020000 64 KB, BKPSRAM_BASE 4 KB). CCM is on the CPU
# D-bus only (RM0090 section 2.1; modm issue #583: Ethernet on an F439ZI fails with buffers in CCM).
chip "stm32f429zi" {
  base        = "stm32f407"
  description = "STM32F429ZI, Cortex-M4F, 2 MB flash, 256 KB RAM (incl. 64 KB CCM), 10/100 Ethernet MAC (Synopsys DWMAC)"

  core {
    clock_hz = 180000000
  }

  memory "flash" {
    size = "2MiB"
  }
  memory "sram3" {
    base = "0x20020000"
    size = "64KiB"
    dma  = true
    note = "SRAM3 on the bus matrix (F42x/F43x only)"
  }
}
