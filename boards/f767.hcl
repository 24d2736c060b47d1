# Seed 000, F7 variant: NUCLEO-F767ZI (LAN8742A over RMII), bare metal with SysTick, a few bulk
# connections of a data logger.
board "f767" {
  description = "STM32F767ZI bare-metal logger: 3 TCP connections, ~50 Mbps at 1 ms RTT (seed 000)"
  seed        = "000"
  chip        = "stm32f767zi"
  vendor      = "cubemx"
  rtos        = "none"

  ethernet {
    phy            = "LAN8742A"
    interface      = "rmii"
    speed_mbps     = 100
    rx_descriptors = 8
    tx_descriptors = 12 # holds a whole send buffer: bare metal must not wait for TX while RX arrives
    rx_buffers     = 16
  }

  workload {
    profile         = "throughput"
    tcp_connections = 3
    tcp_listeners   = 1
    udp_endpoints   = 1
    target_mbps     = 50
    rtt_ms          = 1
    dhcp            = true
  }

  memory {
    lwip_region = "sram1"
    lwip_budget = "112KiB"
  }
}
