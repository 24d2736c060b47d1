# STM32H743ZI (Cortex-M7 @ 480 MHz, 16 KB D-cache with 32-byte lines, 16 MPU regions).
# Memory map: cmsis_device_h7 stm32h743xx.h (D1_ITCMRAM_BASE ... D3_BKPSRAM_BASE); Ethernet DMA reach:
# ST FAQ "Ethernet not working on STM32H7x3" - the ETH DMA cannot reach ITCM or DTCM.
# Sources and details: shared/reference/stm32-cubemx.md section 4.
chip "stm32h743zi" {
  family      = "stm32h7"
  vendor      = "stm"
  description = "STM32H743ZI, Cortex-M7, 2 MB flash, 1 MB RAM, 10/100 Ethernet MAC (Synopsys EQOS)"
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
    mpu_regions   = 16 # CM7 of H7: MPU_REGION_NUMBER0..15 (stm32h7xx_hal_cortex.h)
    clock_hz      = 480000000
    mem_alignment = 4
  }

  memory "itcm" {
    base = "0x00000000"
    size = "64KiB"
    dma  = false
    note = "CPU-only tightly coupled instruction RAM"
  }
  memory "flash" {
    kind = "flash"
    base = "0x08000000"
    size = "2MiB"
    dma  = true
    cacheable = true
  }
  memory "dtcm" {
    base = "0x20000000"
    size = "128KiB"
    dma  = false
    note = "CPU-only; never cached. The ETH DMA cannot reach it (seed 002 puts descriptors here: wrong)"
  }
  memory "axi_sram" {
    base      = "0x24000000"
    size      = "512KiB"
    dma       = true
    cacheable = true
    note      = "D1 AXI SRAM; reachable by ETH DMA through the D2-to-D1 bridge"
  }
  memory "sram1" {
    base      = "0x30000000"
    size      = "128KiB"
    dma       = true
    cacheable = true
    note      = "D2 SRAM1, same domain as the ETH DMA (preferred)"
    clock_register = "0x580244DC" # RCC_AHB2ENR (RM0433): off after reset
    clock_bit      = 29          # SRAM1EN
  }
  memory "sram2" {
    base      = "0x30020000"
    size      = "128KiB"
    dma       = true
    cacheable = true
    note      = "D2 SRAM2"
    clock_register = "0x580244DC" # RCC_AHB2ENR (RM0433): off after reset
    clock_bit      = 30          # SRAM2EN
  }
  memory "sram3" {
    base      = "0x30040000"
    size      = "32KiB"
    dma       = true
    cacheable = true
    note      = "D2 SRAM3 (ends 0x30047FFF; not 384 KB as seed 000 says)"
    clock_register = "0x580244DC" # RCC_AHB2ENR (RM0433): off after reset
    clock_bit      = 31          # SRAM3EN
  }
  memory "sram4" {
    base      = "0x38000000"
    size      = "64KiB"
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
    default_rx_descriptors = 4 # ETH_RX_DESC_CNT default in stm32h7xx_hal_eth.h
    default_tx_descriptors = 4
    max_rx_buffer_len      = 1536 # CubeMX RxBuffLen maximum, multiple of 4
    interfaces             = ["mii", "rmii"]
  }
}
