# The h743 board for the cubemx-h743-rtos2 fixture: MPU_Config() there programs regions 0..2 (as ST's ETH_CODE examples do).
board "h743-cubemx-rtos2" {
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
    dhcp            = true
  }

  memory {
    mpu_first_region = 3 # MPU_Config() of the project programs regions 0..2
    lwip_region = "sram1" # D2 SRAM1: the ETH DMA's own domain
    lwip_budget = "120KiB"
  }
}
