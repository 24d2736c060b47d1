# Seed 004: a Zynq-7000 XC7Z035 board whose TCP upload was stuck at 10 KB/s with the BSP defaults;
# the fix is the lwIP library settings of the Vitis BSP (lwip213 / lwip220).
board "zynq7035" {
  description = "Zynq-7000 XC7Z035 standalone (Vitis BSP): gigabit TCP upload (seed 004)"
  seed        = "004"
  chip        = "xc7z035"
  vendor      = "vitis"
  rtos        = "none"

  ethernet {
    phy            = "RTL8211E"
    interface      = "rgmii"
    speed_mbps     = 1000
    rx_descriptors = 256
    tx_descriptors = 256
    rx_buffers     = 512
  }

  workload {
    profile         = "throughput"
    tcp_connections = 2
    tcp_listeners   = 1
    udp_endpoints   = 1
    target_mbps     = 900
    rtt_ms          = 0.3
    dhcp            = true
  }

  memory {
    lwip_region = "ddr"
    lwip_budget = "8MiB"
  }
}
