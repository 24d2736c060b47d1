# Seed 000: an in-vehicle gateway on an STM32H743 (NUCLEO-H743ZI class, LAN8742A over RMII) that must get
# TCP command latency from 10 ms to about 1 ms while keeping 5 long-lived connections busy near line rate.
board "h743" {
  description = "STM32H743ZI gateway: 5 long-lived TCP connections + listeners, ~90 Mbps, sub-ms RTT (seed 000)"
  seed        = "000"
  chip        = "stm32h743zi"
  vendor      = "cubemx"
  rtos        = "freertos"
  lwip_version = "2.1.3"

  ethernet {
    phy              = "LAN8742A"
    interface        = "rmii"
    speed_mbps       = 100
    rx_descriptors   = 8
    tx_descriptors   = 8
    rx_buffers       = 16
    checksum_offload = true
    mac_address      = "02:80:e1:00:00:01"
  }

  workload {
    profile         = "latency"
    tcp_connections = 5
    tcp_listeners   = 2
    udp_endpoints   = 2
    target_mbps     = 90
    rtt_ms          = 0.5
    rx_streams      = 5 # the 5 long-lived connections are all busy at once: each receive window carries its share
    dhcp            = true
  }

  memory {
    lwip_region = "sram1" # D2 SRAM1: the ETH DMA's own domain
    lwip_budget = "120KiB"
  }

  # Seed 000 pins 16 RX buffers (8 armed + 8 for lwIP): with the tcpip mailbox's batch that covers one loss
  # recovery at once, not two; the glue's copies into PBUF_POOL cover the rest (6 KiB of lwIP RAM). Kept as the
  # seed has it, knowingly: `lwipgen check` without this line says what it costs and what 18 buffers would cost.
  accept = ["sizing.rx_buffers_pinned"]
}
