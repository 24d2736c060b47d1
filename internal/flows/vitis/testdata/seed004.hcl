# A seed-004-like board: one TCP connection uploading from a Zynq-7000 over a direct gigabit cable
# (the article's test bench: CAT6, no switch, a Python client on the PC), many small tcp_write calls
# (10..1000 B records every 100 us), bare metal with the Vitis BSP.
board "seed004" {
  description = "Seed 004: ZYNQ7Z035 TCP upload, many small writes, direct gigabit link"
  seed        = "004"
  chip        = "xc7z035"
  vendor      = "vitis"
  rtos        = "none"

  ethernet {
    phy            = "RTL8211E"
    interface      = "rgmii"
    speed_mbps     = 1000
    rx_descriptors = 128
    tx_descriptors = 128
    rx_buffers     = 256
  }

  workload {
    profile         = "throughput"
    tcp_connections = 1
    tcp_listeners   = 0
    udp_endpoints   = 0
    target_mbps     = 400
    rtt_ms          = 0.2
    dhcp            = false
  }

  memory {
    lwip_region = "ddr"
    lwip_budget = "4MiB"
  }
}
