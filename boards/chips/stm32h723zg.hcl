# STM32H723ZG (Cortex-M7 @ 550 MHz, 32 KB D-cache with 32-byte lines, 16 MPU regions).
# Memory map: cmsis_device_h7 Include/stm32h723xx.h lines 2054-2075 (D1_ITCMRAM 64 KB, D1_DTCMRAM 128 KB, AXI flash
# up to 1 MB, D1_AXISRAM1 0x24000000 128 KB + AXISRAM2 0x24020000 192 KB shared with ITCM, D2_AHBSRAM1 0x30000000
# 16 KB + AHBSRAM2 0x30004000 16 KB, D3_SRAM 0x38000000 16 KB, D3_BKPSRAM 4 KB); the 320 KB AXI SRAM and 32 KB D2
# SRAM as one region each, as stm32-hotspot/STM32H7-LwIP-Examples STM32H723_Nucleo_ETH/STM32H723ZGTX_FLASH.ld has
# them (RAM_D1 320K, RAM_D2 32K, RAM_D3 16K; the default TCM_AXI_SHARED option bytes). The ETH DMA cannot reach
# ITCM/DTCM (ST FAQ, shared/reference/stm32-cubemx.md section 4).
chip "stm32h723zg" {
  family      = "stm32h7"
  vendor      = "stm"
  description = "STM32H723ZG, Cortex-M7, 1 MB flash, 564 KB RAM, 10/100 Ethernet MAC (Synopsys EQOS)"
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
    mpu_regions   = 16 # MPU_REGION_NUMBER0..15 (stm32h7xx_hal_cortex.h)
    clock_hz      = 550000000
    mem_alignment = 4
  }

  memory "itcm" {
    base = "0x00000000"
    size = "64KiB"
    dma  = false
    note = "CPU-only tightly coupled instruction RAM"
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
    size = "128KiB"
    dma  = false
    note = "CPU-only; never cached. The ETH DMA cannot reach it"
  }
  memory "axi_sram" {
    base      = "0x24000000"
    size      = "320KiB"
    dma       = true
    cacheable = true
    note      = "D1 AXI SRAM1 (128 KB) + SRAM2 (192 KB, shared with ITCM by option bytes)"
  }
  memory "sram1" {
    base      = "0x30000000"
    size      = "16KiB"
    dma       = true
    cacheable = true
    note      = "D2 SRAM1, the ETH DMA's own domain (16 KB only on H72x/H73x)"
  }
  memory "sram2" {
    base      = "0x30004000"
    size      = "16KiB"
    dma       = true
    cacheable = true
    note      = "D2 SRAM2"
  }
  memory "sram4" {
    base      = "0x38000000"
    size      = "16KiB"
    dma       = true
    cacheable = true
    note      = "D3 SRAM4"
  }
  memory "bkpsram" {
    base      = "0x38800000"
    size      = "4KiB"
    dma       = true
    cacheable = true
    note      = "D3 backup SRAM"
  }

  ethernet {
    mac                    = "stm32h7-eqos"
    descriptor_size        = 24 # ETH_DMADescTypeDef: DESC0..3 + BackupAddr0/1, DSL = 64-bit skip
    descriptor_align       = 4
    max_speed_mbps         = 100
    checksum_offload       = true
    default_rx_descriptors = 4
    default_tx_descriptors = 4
    max_rx_buffer_len      = 1536
    interfaces             = ["mii", "rmii"]
  }
}
