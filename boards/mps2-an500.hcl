# The embedded default: QEMU mps2-an500 (Cortex-M7 + LAN9118), which every user and CI run has.
# Services: TCP echo (7), discard (9) and a chargen-style source (19), bare metal with SysTick.
board "mps2-an500" {
  description = "QEMU mps2-an500: bare-metal lwIP with echo/discard/chargen, runs anywhere"
  chip        = "mps2-an500"
  vendor      = "standalone"
  rtos        = "none"

  ethernet {
    phy        = "LAN9118-internal"
    interface  = "internal"
    speed_mbps = 100
  }

  workload {
    profile         = "throughput"
    tcp_connections = 4
    tcp_listeners   = 3
    udp_endpoints   = 1
    target_mbps     = 50 # a window of 4 full frames (6 fit the LAN9118 RX FIFO, 2 stay free) carries ~54 Mbps at this RTT
    rtt_ms          = 0.5 # slirp on the same host; measured 0.05-0.16 ms
  }

  memory {
    lwip_region = "ssram23"
    lwip_budget = "256KiB"
  }
}
