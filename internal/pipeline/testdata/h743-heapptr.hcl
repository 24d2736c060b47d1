board "h743-heapptr" {
  chip = "stm32h743zi"
  vendor = "cubemx"
  rtos = "none"
  ethernet {
    phy = "LAN8742A"
    interface = "rmii"
    speed_mbps = 100
  }
  workload {
    profile = "balanced"
    tcp_connections = 2
    target_mbps = 20
    rtt_ms = 1
  }
  memory {
    lwip_region = "sram1"
  }
  options {
    LWIP_RAM_HEAP_POINTER = "0x30020000"
  }
}
