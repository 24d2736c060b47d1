# Seed 001: a GD32F407 (DP83848 over RMII, FreeRTOS) that serves firmware downloads of several hundred KB
# and receives large uploads; the seed reached 600 KB/s-1 MB/s after balancing pools and descriptors.
board "gd32f407" {
  description = "GD32F407 firmware download server on FreeRTOS: large TCP transfers (seed 001)"
  seed        = "001"
  chip        = "gd32f407"
  vendor      = "gd32"
  rtos        = "freertos"

  ethernet {
    phy            = "DP83848"
    interface      = "rmii"
    speed_mbps     = 100
    rx_descriptors = 8
    tx_descriptors = 6
    rx_buffers     = 8
  }

  workload {
    profile         = "throughput"
    tcp_connections = 2 # the transfer and a control connection
    tcp_listeners   = 2
    udp_endpoints   = 1
    target_mbps     = 10 # seed 001 reached about 1 MB/s after tuning
    rtt_ms          = 2
    dhcp            = true
  }

  memory {
    lwip_region = "sram0"
    lwip_budget = "80KiB"
  }
}
