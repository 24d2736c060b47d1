# STM32F767ZI (Cortex-M7 @ 216 MHz, 16 KB D-cache with 32-byte lines, 8 MPU regions).
# Memory map: cmsis_device_f7 stm32f767xx.h. Unlike the H7, the F7 ETH DMA reaches DTCM through the
# CPU's AHBS port (RM0410). Sources: shared/reference/stm32-cubemx.md sections 4 and 5.
chip "stm32f767zi" {
  family      = "stm32f7"
  vendor      = "stm"
  description = "STM32F767ZI, Cortex-M7, 2 MB flash, 512 KB RAM, 10/100 Ethernet MAC (Synopsys DWMAC)"
  code_memory = "flash"
  data_memory = "dtcm"
  flows       = ["cubemx", "standalone", "rtthread"]

  core {
    cpu           = "cortex-m7"
    arch          = "armv7e-m"
    fpu           = "fpv5-d16"
    float_abi     = "hard"
    thumb         = true
    dcache        = true
    dcache_line   = 32
    mpu_regions   = 8 # MPU_REGION_NUMBER0..7 (stm32f7xx_hal_cortex.h)
    clock_hz      = 216000000
    mem_alignment = 4
  }

  memory "itcm" {
    base = "0x00000000"
    size = "16KiB"
    dma  = false
    note = "CPU-only instruction TCM"
  }
  memory "flash" {
    kind      = "flash"
    base      = "0x08000000"
    size      = "2MiB"
    dma       = true
    cacheable = true
  }
  memory "dtcm" {
    base = "0x20000000"
    size = "128KiB"
    dma  = true
    note = "never cached; the F7 ETH DMA reaches it through the AHBS port (unlike H7)"
  }
  memory "sram1" {
    base      = "0x20020000"
    size      = "368KiB"
    dma       = true
    cacheable = true
  }
  memory "sram2" {
    base      = "0x2007C000"
    size      = "16KiB"
    dma       = true
    cacheable = true
  }
  memory "bkpsram" {
    base      = "0x40024000"
    size      = "4KiB"
    dma       = true
    note      = "backup SRAM on AHB1"
  }

  ethernet {
    mac                    = "stm32-dwmac"
    descriptor_size        = 40 # new HAL (F7 v1.3.0+): DESC0..DESC7 + BackupAddr0/1
    descriptor_align       = 4
    max_speed_mbps         = 100
    checksum_offload       = true
    default_rx_descriptors = 4
    default_tx_descriptors = 4
    max_rx_buffer_len      = 1536
    interfaces             = ["mii", "rmii"]
  }
}
