# mps2-an500 (QEMU, LAN9118) declared for request/response beside a bulk upload: the board the bench measures
# issue 28's latency under load with (`lwipgen bench internal/bench/testdata/mps2-an500-latency.hcl --net tap`).
# The same firmware and services as boards/mps2-an500.hcl; the workload is a latency profile with a target two
# full segments per RTT carry, so the plan bounds the bulk receive window to 2 segments in the shared RX FIFO.
board "mps2-an500-latency" {
  description = "QEMU mps2-an500, latency profile: 64 B exchanges next to a bulk upload"
  chip        = "mps2-an500"
  vendor      = "standalone"
  rtos        = "none"

  ethernet {
    phy        = "LAN9118-internal"
    interface  = "internal"
    speed_mbps = 100
  }

  workload {
    profile         = "latency"
    tcp_connections = 4
    tcp_listeners   = 3
    udp_endpoints   = 1
    target_mbps     = 25 # 2 x 1460 B per effective RTT of 0.87 ms carry 26.8 Mbps
    rtt_ms          = 0.5
  }

  memory {
    lwip_region = "ssram23"
    lwip_budget = "256KiB"
  }
}
