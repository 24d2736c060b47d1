# The f767 board with FreeRTOS (CMSIS-RTOS v1), for the cubemx-f767-rtos1 fixture.
board "f767-cubemx-rtos1" {
  description = "STM32F767ZI bare-metal logger: 3 TCP connections, ~50 Mbps at 1 ms RTT (seed 000)"
  seed        = "000"
  chip        = "stm32f767zi"
  vendor      = "cubemx"
  rtos        = "freertos"

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

  options {
    TCPIP_THREAD_PRIO = 0 # osPriorityNormal of CMSIS-RTOS v1 (the project's lwipopts.h), not v2's 24
  }
}
