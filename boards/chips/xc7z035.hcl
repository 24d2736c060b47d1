# Zynq-7000 XC7Z035 (dual Cortex-A9 @ 800 MHz, 32 KB L1 D-cache with 32-byte lines, L2 512 KB, MMU with
# 1 MB sections). Standalone memory map and translation table: shared/reference/xilinx-vitis.md section 4.
# The GEM DMA is an AHB master on the PS interconnect: it reaches DDR and OCM.
chip "xc7z035" {
  family      = "zynq7000"
  vendor      = "xilinx"
  description = "Zynq-7000 XC7Z035, dual Cortex-A9, 256 KB OCM, 1 GB DDR3 (board), GEM 10/100/1000"
  code_memory = "ddr"
  data_memory = "ddr"
  flows       = ["vitis", "standalone"]

  core {
    cpu           = "cortex-a9"
    arch          = "armv7-a"
    fpu           = "vfpv3"
    float_abi     = "hard"
    thumb         = false
    dcache        = true
    dcache_line   = 32
    mpu_regions   = 0
    mmu_section   = "1MiB"
    clock_hz      = 800000000
    mem_alignment = 64 # the Xilinx lwIP BSP hard-codes MEM_ALIGNMENT 64
  }

  memory "ocm_low" {
    base      = "0x00000000"
    size      = "192KiB"
    dma       = true
    cacheable = true
    note      = "ps7_ram_0"
  }
  memory "ddr" {
    base      = "0x00100000"
    size      = "1023MiB"
    dma       = true
    cacheable = true
    note      = "ps7_ddr_0 (1 GB board; the low 1 MB is shared with the OCM mapping)"
    # Vitis' lscript.ld starts .text at the base of ps7_ddr_0 and stacks .data/.bss/heap/stack above it:
    # lwipgen's sections go to the top of DDR, clear of them.
    lwipgen_place = "top"
  }
  memory "qspi" {
    kind = "flash"
    base = "0xFC000000"
    size = "16MiB"
    dma  = false
  }
  memory "ocm_high" {
    base      = "0xFFFF0000"
    size      = "65024"
    dma       = true
    cacheable = true
    note      = "ps7_ram_1 (64 KB less the last 512 B)"
  }

  ethernet {
    mac                    = "xemacps"
    descriptor_size        = 8 # GEM buffer descriptor: address word + control/status word
    descriptor_align       = 64
    max_speed_mbps         = 1000
    checksum_offload       = true
    default_rx_descriptors = 64
    default_tx_descriptors = 64
    max_rx_buffer_len      = 1536
    interfaces             = ["rgmii"]
  }
}
