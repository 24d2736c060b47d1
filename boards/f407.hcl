# Seed 000, F4 variant: STM32F407 (STM3240G-EVAL class, DP83848 over RMII), bare metal. No data cache:
# placement only has to keep lwIP and the ETH DMA out of CCM.
board "f407" {
  description = "STM32F407 bare-metal controller: 4 TCP connections, ~20 Mbps at 2 ms RTT (seed 000)"
  seed        = "000"
  chip        = "stm32f407"
  vendor      = "cubemx"
  rtos        = "none"

  ethernet {
    phy            = "DP83848"
    interface      = "rmii"
    speed_mbps     = 100
    rx_descriptors = 4
    tx_descriptors = 8 # holds a whole send buffer: bare metal must not wait for TX while RX arrives
    rx_buffers     = 12
  }

  workload {
    profile         = "balanced"
    tcp_connections = 4
    tcp_listeners   = 2
    udp_endpoints   = 2
    target_mbps     = 20
    rtt_ms          = 2
    dhcp            = true
  }

  memory {
    lwip_region = "sram1"
    lwip_budget = "96KiB"
  }
}
