# GD32F450 (Cortex-M4F @ 200 MHz, no data cache): the GD32F407's map plus SRAM2 (64 KB at 0x20020000). Sources:
# shared/reference/gd32-and-peer-tools.md section A (GD32F4 memory map table); apache/nuttx
# arch/arm/src/gd32f4/gd32f4xx_allocateheap.c (SRAM_END 0x20030000 for the GD32F450, 0x20070000 for the F450xI with
# its 256 KB ADDSRAM: add `memory "addsram" { base = "0x20030000", size = "256KiB", dma = true }` for that part);
# BestSens/gd32-cmake-example gd32f450.ld (TCMSRAM 64K, SRAM 192K). TCMSRAM is CPU-only ("can not be used for DMA").
# Flash is 1 MB here (the xG parts; xE 512 KB, xK 3 MB).
chip "gd32f450" {
  base        = "gd32f407"
  description = "GD32F450, Cortex-M4F, 1 MB flash, 192 KB SRAM + 64 KB TCMSRAM, 10/100 ENET"

  core {
    clock_hz = 200000000
  }

  memory "sram2" {
    base = "0x20020000"
    size = "64KiB"
    dma  = true
  }
}
