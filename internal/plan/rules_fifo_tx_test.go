package plan_test

import (
	"fmt"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/flow"
)

// On a FIFO NIC the RX FIFO caps TCP_WND, not TCP_SND_BUF: the send buffer
// is sized for one connection carrying the whole target (the BDP x the
// profile's headroom, not a 1/tcp_connections share) and holds at least 8
// segments x that headroom, so that after lwIP halves the window on a loss 4
// are still in flight and the next loss is repaired by fast retransmit (three
// duplicate ACKs), not by a >= 1 s timeout. The numbers come from the chip's
// FIFO size, the frame format and TCP arithmetic only.
func TestFIFOSendBufferIsNotCappedByTheWindow(t *testing.T) {
	b := load(t, "mps2-an500")
	p := build(t, b)
	mss := p.Value("TCP_MSS")
	wnd, snd := segs(p, "TCP_WND"), segs(p, "TCP_SND_BUF")
	frameMs := float64(mss+20+20+14+8+12+4) * 8 / (float64(b.Ethernet.SpeedMbps) * 1e6) * 1000
	bdp := b.Workload.TargetMbps * 1e6 / 8 * (b.Workload.RTTMs + 3*frameMs) / 1000
	alone := int64(bdp*2/float64(mss)) + 1 // throughput profile: 2 BDPs, rounded up
	if snd < 8*2 {                         // throughput profile: headroom 2
		t.Errorf("TCP_SND_BUF %d segments < 8 x 2 (throughput headroom): after lwIP halves cwnd fewer than 4 stay in flight while chargen-like senders refill on ACKs", snd)
	}
	if snd < alone-1 {
		t.Errorf("TCP_SND_BUF %d segments < %d: one connection cannot carry the %g Mbps target alone", snd, alone, b.Workload.TargetMbps)
	}
	if snd <= wnd {
		t.Errorf("TCP_SND_BUF %d segments <= TCP_WND %d: the FIFO's cap on the receive window leaked into the send side", snd, wnd)
	}
	// the heap still holds every connection's full send buffer
	if need := int64(b.Workload.TCPConnections) * snd * (mss + 80); p.Value("MEM_SIZE") < need {
		t.Errorf("MEM_SIZE %d < %d connections x %d segments x %d B", p.Value("MEM_SIZE"), b.Workload.TCPConnections, snd, mss+80)
	}
	if len(p.Failed()) > 0 {
		t.Errorf("failed: %v", p.Failed())
	}

	// The latency profile keeps no headroom: the floor is the bare 8 (at a
	// target whose BDP the FIFO still caps: 80 Mbps wants 6 segments).
	lat := load(t, "mps2-an500")
	lat.Workload.Profile, lat.Workload.TargetMbps = "latency", 80
	if n := segs(build(t, lat), "TCP_SND_BUF"); n != 8 {
		t.Errorf("latency profile: TCP_SND_BUF %d segments, want 8 (4 in flight after lwIP halves cwnd)", n)
	}

	// A window the FIFO does not cap (a BDP below 4 frames) keeps the
	// per-connection share and the generic fast-retransmit floor.
	b.Workload.TargetMbps, b.Workload.RTTMs = 5, 0.2
	if n := segs(build(t, b), "TCP_SND_BUF"); n != 4 {
		t.Errorf("uncapped window: TCP_SND_BUF %d segments, want the generic 4", n)
	}
}

// The rule is about FIFO NICs only: a DMA NIC's send buffers keep their
// per-connection share of the BDP (h743: 5 connections share 90 Mbps).
func TestFIFOSendRuleLeavesDMANICsAlone(t *testing.T) {
	b := load(t, "h743")
	p := build(t, b)
	if n := segs(p, "TCP_SND_BUF"); n >= 8 {
		t.Errorf("h743 TCP_SND_BUF %d segments: the FIFO rule reached a DMA NIC", n)
	}
}

// The FIFO send buffers are headroom beyond the declared point: a budget
// too small for them lowers them (to the most that fits) instead of failing
// a board the per-connection sizing fits (mps2-an500 with 64 KiB: 50091 B
// at 4 segments fit before the rule, 125674 B at 16 do not).
func TestFIFOSendBuffersYieldToTheBudget(t *testing.T) {
	b := load(t, "mps2-an500")
	b.Memory.LwIPBudget = 64 << 10
	p := build(t, b)
	n := segs(p, "TCP_SND_BUF")
	if n <= 4 || n >= 16 {
		t.Errorf("TCP_SND_BUF %d segments in a 64 KiB budget: want between the generic 4 and the unconstrained 16", n)
	}
	if used := p.PlacedBytes(); used > int64(b.Memory.LwIPBudget) {
		t.Errorf("placed %d B > budget %d B", used, b.Memory.LwIPBudget)
	}
	if len(p.Failed()) > 0 {
		t.Errorf("failed: %v", p.Failed())
	}
	// one segment more does not fit: the largest that fits was taken
	b.Options = []board.Option{{Name: "TCP_SND_BUF", Expr: fmt.Sprintf("(%d * TCP_MSS)", n+1)}}
	if _, err := flow.Plan(b); err == nil {
		t.Errorf("TCP_SND_BUF pinned at %d segments fits the 64 KiB budget too: the search stopped short", n+1)
	}
}
