# GD32F470 (Cortex-M4F @ 240 MHz): the GD32F450's memory map and ENET (shared/reference/gd32-and-peer-tools.md
# section A2 item 6: the F450/F470 run at 200-240 MHz; the ENET MDC divider table goes to 240 MHz). Larger-SRAM parts
# add ADDSRAM from 0x20030000: declare it in a board-local chip block based on this one.
chip "gd32f470" {
  base        = "gd32f450"
  description = "GD32F470, Cortex-M4F, 1 MB flash, 192 KB SRAM + 64 KB TCMSRAM, 10/100 ENET"

  core {
    clock_hz = 240000000
  }
}
