# GD32F407 (Cortex-M4F @ 168 MHz, no data cache). TCMSRAM is CPU-only ("can not be used for DMA":
# NuttX gd32f4xx_allocateheap.c; Betaflight bus_spi_gd32.c). ENET descriptors use the Synopsys
# normal (16 B) or enhanced (32 B, SELECT_DESCRIPTORS_ENHANCED_MODE) layout.
# Source: shared/reference/gd32-and-peer-tools.md section A.
chip "gd32f407" {
  family      = "gd32f4"
  vendor      = "gigadevice"
  description = "GD32F407, Cortex-M4F, 1 MB flash, 128 KB SRAM + 64 KB TCMSRAM, 10/100 ENET"
  code_memory = "flash"
  data_memory = "sram0"
  flows       = ["gd32", "standalone"]

  core {
    cpu           = "cortex-m4"
    arch          = "armv7e-m"
    fpu           = "fpv4-sp-d16"
    float_abi     = "hard"
    thumb         = true
    dcache        = false
    mpu_regions   = 8
    clock_hz      = 168000000
    mem_alignment = 4
  }

  memory "flash" {
    kind = "flash"
    base = "0x08000000"
    size = "1MiB"
    dma  = true
  }
  memory "tcmsram" {
    base = "0x10000000"
    size = "64KiB"
    dma  = false
    note = "CPU data bus only; not usable for DMA"
  }
  memory "sram0" {
    base = "0x20000000"
    size = "112KiB"
    dma  = true
  }
  memory "sram1" {
    base = "0x2001C000"
    size = "16KiB"
    dma  = true
  }

  ethernet {
    mac                    = "gd32-enet"
    descriptor_size        = 16 # enet_descriptors_struct, normal mode (32 with SELECT_DESCRIPTORS_ENHANCED_MODE)
    descriptor_align       = 4
    max_speed_mbps         = 100
    checksum_offload       = true
    default_rx_descriptors = 5 # ENET_RXBUF_NUM default in gd32f4xx_enet.h
    default_tx_descriptors = 5
    max_rx_buffer_len      = 1524 # ENET_MAX_FRAME_SIZE
    interfaces             = ["mii", "rmii"]
  }
}
