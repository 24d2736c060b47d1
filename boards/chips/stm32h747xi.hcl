# STM32H747XI, Cortex-M7 core (the CM4 core is not modelled): the STM32H743's memory map (cmsis_device_h7
# Include/stm32h747xx.h lines 2220-2238: ITCM 64 KB, DTCM 128 KB, flash 2 MB, AXI SRAM 512 KB, D2 SRAM 288 KB at
# 0x30000000, SRAM4 64 KB, backup SRAM 4 KB). Dual-core CubeMX projects give D2 SRAM1 (the first 128 KB) to the
# CM4 (stm32-hotspot/STM32H7-LwIP-Examples README): put lwIP in sram2/sram3 or AXI SRAM there.
chip "stm32h747xi" {
  base        = "stm32h743zi"
  description = "STM32H747XI (Cortex-M7 core), 2 MB flash, 1 MB RAM, 10/100 Ethernet MAC (Synopsys EQOS)"

  memory "sram1" {
    note = "D2 SRAM1; the CM4 core's RAM in dual-core projects"
  }
}
