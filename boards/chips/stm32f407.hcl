# STM32F407 (Cortex-M4F @ 168 MHz, no data cache). CCM is on the CPU D-bus only, not on the bus matrix:
# no DMA, no Ethernet (RM0090 section 2.1). Source: shared/reference/stm32-cubemx.md section 4.
chip "stm32f407" {
  family      = "stm32f4"
  vendor      = "stm"
  description = "STM32F407, Cortex-M4F, 1 MB flash, 192 KB RAM (incl. 64 KB CCM), 10/100 Ethernet MAC (Synopsys DWMAC)"
  code_memory = "flash"
  data_memory = "sram1"
  flows       = ["cubemx", "standalone", "rtthread"]

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
  memory "ccm" {
    base = "0x10000000"
    size = "64KiB"
    dma  = false
    note = "core-coupled memory: CPU D-bus only, not on the bus matrix"
  }
  memory "sram1" {
    base = "0x20000000"
    size = "112KiB"
    dma  = true
  }
  memory "sram2" {
    base = "0x2001C000"
    size = "16KiB"
    dma  = true
  }
  memory "bkpsram" {
    base = "0x40024000"
    size = "4KiB"
    dma  = true
  }

  ethernet {
    mac                    = "stm32-dwmac"
    descriptor_size        = 40 # new HAL (F4 v1.8.0+): DESC0..DESC7 + BackupAddr0/1
    descriptor_align       = 4
    max_speed_mbps         = 100
    checksum_offload       = true
    default_rx_descriptors = 4
    default_tx_descriptors = 4
    max_rx_buffer_len      = 1536
    interfaces             = ["mii", "rmii"]
  }
}
