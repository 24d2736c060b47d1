# Seed 003: a data-acquisition TCP server on an STM32H743 running RT-Thread 4.0.3 with its bundled lwIP 2.1.2
# and the ART-Pi H7 Ethernet driver (drv_eth.c: Rx_Buff ring, every received frame copied into a PBUF_RAM pbuf),
# LAN8742A over RMII. The article went from ~1 Mbps to 5 Mbps by hand-editing lwipopts.h; on RT-Thread most of
# those lines are ignored (the port's lwipopts.h owns them), so lwipgen writes .config / rtconfig.h, the side
# header rtconfig_project.h (MEM_SIZE) and, only where needed, a patch of the port header.
board "h743-rtthread" {
  description  = "STM32H743 + RT-Thread 4.0.3 / lwIP 2.1.2 (ART-Pi style drv_eth.c): TCP server streaming 5 Mbps (seed 003)"
  seed         = "003"
  chip         = "stm32h743zi"
  vendor       = "rtthread"
  rtos         = "rtthread"
  rtos_version = "4.0.3"
  lwip_version = "2.1.2"

  ethernet {
    phy              = "LAN8742A"
    interface        = "rmii"
    speed_mbps       = 100
    rx_descriptors   = 4 # ETH_RX_DESC_CNT of the ART-Pi stm32h7xx_hal_conf.h (CubeMX-owned)
    tx_descriptors   = 4 # ETH_TX_DESC_CNT
    checksum_offload = true
    mac_address      = "02:80:e1:00:03:01"
  }

  workload {
    profile         = "throughput"
    tcp_connections = 2 # the data stream + a control connection
    tcp_listeners   = 1
    udp_endpoints   = 1
    target_mbps     = 5
    rtt_ms          = 5 # PC through a switch, delayed ACKs included
    dhcp            = true
  }

  memory {
    lwip_region      = "sram1" # D2 SRAM1: DMA-reachable, unused by the ART-Pi link.lds (RAM is AXI SRAM)
    lwip_budget      = "96KiB"
    mpu_first_region = 4 # drv_mpu.c of the ART-Pi BSP programs regions 0..3
  }

  # RT-Thread 4.0.3 ships lwIP 2.1.2 in its tree; the probe build compiles the fetched 2.1.3 in its place, knowingly:
  # the same line, whose option names, init.c rules and RAM-model structs lwipgen checks. `vendor` and
  # `build --project` compile the BSP's own 2.1.2.
  accept = ["build.lwip_other_release"]
}
