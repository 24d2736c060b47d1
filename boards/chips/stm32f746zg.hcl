# STM32F746ZG (Cortex-M7 @ 216 MHz, 4 KB D-cache with 32-byte lines, 8 MPU regions).
# Memory map: cmsis_device_f7 Include/stm32f746xx.h lines 1128-1139 (RAMITCM_BASE 16 KB, FLASHAXI_BASE up to 1 MB,
# RAMDTCM_BASE 64 KB, SRAM1_BASE 0x20010000 240 KB, SRAM2_BASE 0x2004C000 16 KB, BKPSRAM_BASE 4 KB). L1 caches are
# 4 KB + 4 KB on F74x/F75x (16 + 16 KB on F76x/F77x): shared/reference/stm32-cubemx.md section 4. As on the F767 the
# ETH DMA reaches DTCM through the AHBS port (RM0385).
chip "stm32f746zg" {
  family      = "stm32f7"
  vendor      = "stm"
  description = "STM32F746ZG, Cortex-M7, 1 MB flash, 320 KB RAM, 10/100 Ethernet MAC (Synopsys DWMAC)"
  code_memory = "flash"
  data_memory = "dtcm"
  flows       = ["cubemx", "standalone", "rtthread"]

  core {
    cpu           = "cortex-m7"
    arch          = "armv7e-m"
    fpu           = "fpv5-sp-d16"
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
    size      = "1MiB"
    dma       = true
    cacheable = true
  }
  memory "dtcm" {
    base = "0x20000000"
    size = "64KiB"
    dma  = true
    note = "never cached; the ETH DMA reaches it through the AHBS port"
  }
  memory "sram1" {
    base      = "0x20010000"
    size      = "240KiB"
    dma       = true
    cacheable = true
  }
  memory "sram2" {
    base      = "0x2004C000"
    size      = "16KiB"
    dma       = true
    cacheable = true
  }
  memory "bkpsram" {
    base = "0x40024000"
    size = "4KiB"
    dma  = true
    note = "backup SRAM on AHB1"
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
