# QEMU mps2-an500 (Cortex-M7 at a 25 MHz SYSCLK, LAN9118 at 0xA0000000 IRQ 13) as Debian's QEMU 7.2
# models it: 8 MPU regions (the real AN500 has 16), no caches modelled, a 10,560-byte LAN9118 RX FIFO.
# Source: shared/reference/qemu-and-toolchain.md sections 2-4.
chip "mps2-an500" {
  family      = "mps2"
  vendor      = "arm"
  description = "Arm MPS2 AN500 FPGA image in QEMU: Cortex-M7, 4 MB SSRAM1 code, 4 MB SSRAM2/3 data, SMSC LAN9118"
  code_memory = "ssram1"
  data_memory = "ssram23"
  flows       = ["standalone"]

  core {
    cpu           = "cortex-m7"
    arch          = "armv7e-m"
    fpu           = "none"
    float_abi     = "soft"
    thumb         = true
    dcache        = false # QEMU does not model the M7 caches (CCR.DC does not stick)
    mpu_regions   = 8     # DREGION=8 in QEMU 7.2 (upstream fixed it to 16 in 2025)
    clock_hz      = 25000000
    mem_alignment = 4
  }

  memory "ssram1" {
    base = "0x00000000"
    size = "4MiB"
    dma  = false
    note = "code RAM; the LAN9118 has no DMA (programmed I/O through its FIFOs)"
  }
  memory "ssram23" {
    base = "0x20000000"
    size = "4MiB"
    dma  = true
    note = "data RAM (the CPU copies frames to and from the LAN9118 FIFOs)"
  }
  memory "psram" {
    base = "0x60000000"
    size = "16MiB"
    dma  = true
  }

  ethernet {
    mac                    = "lan9118"
    descriptor_size        = 0 # FIFO MAC: no descriptors
    max_speed_mbps         = 100
    checksum_offload       = false
    rx_fifo_bytes          = 10560 # default RX data FIFO (TX_FIF_SZ=5 -> RX 10560 B), the only RX buffering
    max_rx_buffer_len      = 1536
    interfaces             = ["internal"]
  }
}
