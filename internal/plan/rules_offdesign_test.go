package plan_test

import (
	"testing"
)

// The sweep (internal/sim, lwipgen sim --sweep) judges the sizing off its
// design point; these tests pin, without the simulator, what the rules it
// tuned must keep at the declared point, from TCP arithmetic alone.

// At the declared RTT the receive windows of the receiving streams and the
// send buffers of all connections each carry the target rate: window x
// streams and send buffer x connections cover the bandwidth-delay product
// over the effective RTT (the declared RTT plus three full frames on the
// wire: the two a delayed ACK waits for and the ACK's own slot).
func TestBuffersCoverTheDeclaredBDP(t *testing.T) {
	for _, tc := range []struct {
		name, board   string
		conns         int
		mbps, lossPct float64
	}{
		{"h743", "h743", 0, 0, -1}, {"f767", "f767", 0, 0, -1}, {"f407", "f407", 0, 0, -1}, {"gd32f407", "gd32f407", 0, 0, -1},
		// one connection carrying the whole target: the BDP, not the 4-segment floor, decides
		{"h743-one-stream", "h743", 1, 90, 0}, {"f767-one-stream", "f767", 1, 60, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := load(t, tc.board)
			if tc.conns > 0 {
				b.Workload.TCPConnections, b.Workload.RxStreams = tc.conns, tc.conns
				b.Workload.TargetMbps, b.Workload.LossPercent = tc.mbps, tc.lossPct
			}
			p := build(t, b)
			w := b.Workload
			frameMs := float64(1460+20+20+14+8+12+4) * 8 / (float64(b.Ethernet.SpeedMbps) * 1e6) * 1000
			eff := w.RTTMs + 3*frameMs
			bdp := w.TargetMbps * 1e6 / 8 * eff / 1000 // bytes
			streams := float64(max(w.RxStreams, 1))
			conns := float64(max(w.TCPConnections, 1))
			if got := float64(p.Value("TCP_WND")) * streams; got < bdp*0.999 {
				t.Errorf("TCP_WND %d x %g stream(s) = %.0f B < BDP %.0f B (%g Mbps x %.3f ms)", p.Value("TCP_WND"), streams, got, bdp, w.TargetMbps, eff)
			}
			if got := float64(p.Value("TCP_SND_BUF")) * conns; got < bdp*0.999 {
				t.Errorf("TCP_SND_BUF %d x %g connection(s) = %.0f B < BDP %.0f B", p.Value("TCP_SND_BUF"), conns, got, bdp)
			}
			// and the heap holds every connection's full send buffer as copies
			// (a copied segment costs MSS + 80 B at MEM_ALIGNMENT 4)
			if b.Chip.Core.MemAlign <= 4 {
				need := int64(conns) * segs(p, "TCP_SND_BUF") * (p.Value("TCP_MSS") + 80)
				if p.Value("MEM_SIZE") < need {
					t.Errorf("MEM_SIZE %d < %d B of copied send buffers", p.Value("MEM_SIZE"), need)
				}
			}
		})
	}
}

// A connection beyond MEMP_NUM_TCP_PCB is refused outright, so the pool holds
// twice the declared connections (the sweep's 2x point) and one more for a
// connection in TIME_WAIT; listeners have their own pool.
func TestPCBsHoldTwiceTheDeclaredConnections(t *testing.T) {
	for _, name := range []string{"h743", "f407", "zynq7035"} {
		b := load(t, name)
		p := build(t, b)
		if want := int64(2*b.Workload.TCPConnections + 1); p.Value("MEMP_NUM_TCP_PCB") != want {
			t.Errorf("%s: MEMP_NUM_TCP_PCB %d, want 2 x %d + 1", name, p.Value("MEMP_NUM_TCP_PCB"), b.Workload.TCPConnections)
		}
	}
}
