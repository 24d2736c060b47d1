package plan

import "fmt"

// InteractiveQueueFrames is how many full bulk frames a latency profile lets
// sit in a shared RX FIFO ahead of an interactive segment: 2, the smallest
// window lwIP still acknowledges at once (every second full segment) and so
// keeps a bulk sender moving at the window's pace.
const InteractiveQueueFrames = 2

// interactiveWindow bounds TCP_WND for a latency profile on a NIC whose RX
// FIFO every connection shares (RxFIFO: the LAN9118). The FIFO is one queue
// in arrival order: a bulk sender with a window of w full segments in flight
// puts up to w frames ahead of the 64 B request of an interactive
// connection, which waits until the CPU has drained them all. The TCP_WND of
// lwIP is one value for every connection, so the bulk connections' window
// is what the interactive ones queue behind. Measured on QEMU mps2-an500
// against Linux (bench --net tap, 0 ms / 0 %, a 64 B exchange beside a bulk
// upload): loaded p99 5.6 ms at 4 segments, 2.8 ms at 2 (docs/bench.md).
// The cost: a bulk receive window of 2 segments has no fast retransmit on
// the peer's side (3 duplicate ACKs need 4 in flight), so a lost bulk frame
// waits for the peer's RTO (report: loss tolerance); and it carries less.
// Where 2 segments do not carry workload.target_mbps the window stays and
// the board is told (sizing.interactive_window). want is the window so far.
func (s *Sizer) interactiveWindow(want int64) (int64, string) {
	if s.b.Workload.Profile != "latency" || s.model != RxFIFO || want*s.rxStreams <= InteractiveQueueFrames {
		return want, ""
	}
	per := max(InteractiveQueueFrames/s.rxStreams, 1)
	if !s.carries(per) {
		s.warn("sizing.interactive_window", "workload.target_mbps",
			fmt.Sprintf("interactive requests queue behind %d bulk frames in the %s RX FIFO", want*s.rxStreams, s.b.Chip.Ethernet.MAC),
			fmt.Sprintf("the latency profile would bound TCP_WND to %d segment(s) per receiving stream so at most %d full frames sit ahead of an interactive segment in the FIFO every connection shares, but %d x %d B per effective RTT of %.3f ms does not carry workload.target_mbps %g",
				per, InteractiveQueueFrames, per, s.mss, s.effectiveRTTMs(), s.target),
			fmt.Sprintf("Fix: a target_mbps the %d-segment window carries, or accept the queue: accept = [\"sizing.interactive_window\"] in the board.", per))
		return want, ""
	}
	return per, fmt.Sprintf("latency profile on a shared RX FIFO: bounded to %d segment(s) per receiving stream, so at most %d bulk frames sit ahead of an interactive segment in the %s FIFO (a window of %d puts %d there); %d still carry the target; a lost bulk frame then waits for the peer's RTO (no 3 duplicate ACKs), see loss tolerance",
		per, per*s.rxStreams, s.b.Chip.Ethernet.MAC, want, want*s.rxStreams, per)
}

// interactiveQueueCheck is plan.interactive_queue: with a latency profile on
// a shared RX FIFO the bulk windows put at most InteractiveQueueFrames ahead
// of an interactive segment, unless the target needs more (then the plan
// warned, sizing.interactive_window). It fails a pinned TCP_WND that queues
// more than the target needs.
func interactiveQueueCheck(p *Plan, s *Sizer) (Check, bool) {
	if p.Board.Workload.Profile != "latency" || p.Driver.RxModel != RxFIFO {
		return Check{}, false
	}
	mss := p.Value("TCP_MSS")
	segs := ceilDiv(p.Value("TCP_WND"), mss)
	ahead := segs * s.rxStreams
	per := max(InteractiveQueueFrames/s.rxStreams, 1)
	ok := ahead <= InteractiveQueueFrames || (!s.carries(per) && segs <= int64(p.Driver.RxWindowFrames))
	c := Check{ID: "plan.interactive_queue", OK: ok, Detail: fmt.Sprintf(
		"TCP_WND %d segments x %d receiving stream(s) = %d full frames ahead of an interactive segment in the shared RX FIFO; the latency profile allows %d where %d segment(s) carry target_mbps %g",
		segs, s.rxStreams, ahead, InteractiveQueueFrames, per, s.target)}
	if !ok {
		r := p.Board.RangeOf("options.TCP_WND")
		c.Range = &r
	}
	return c, true
}
