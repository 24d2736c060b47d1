package plan

import (
	"fmt"
	"math"
)

// fifoSendSegments is the send buffer of a connection on a NIC whose RX FIFO
// caps TCP_WND below the window the BDP wants (rxWindowFrames). The FIFO
// bounds only what the peer may send to us; TCP_SND_BUF loads the heap, not
// the FIFO, so on such a NIC the send side is sized on its own:
//
//   - for one connection carrying the target alone (the BDP x headroom, not
//     its 1/tcp_connections share): the receive side already assumes one
//     stream per window (workload.rx_streams), the send side mirrors it, and
//     the heap still covers every connection's full buffer
//     (plan.heap_covers_send_buffers), so a second sender slows down instead
//     of failing an allocation;
//   - and at least 8 segments x the profile's headroom whatever the declared
//     loss: lwIP halves cwnd on a loss, and only a flight of 4 or more after
//     the halving still gets the three duplicate ACKs of a fast retransmit
//     (8 before it); with 4 the repair of a second loss waits for the
//     retransmission timeout (>= 1 s in 500 ms ticks). The headroom (2 for
//     throughput, 1.5 balanced, 1 latency) is the one ruleWindow keeps over
//     the BDP, for the peer's delayed ACKs and the application's refill,
//     which happens only in tcp_sent, on an ACK. On the FIFO NIC the window
//     the peer grants us is no help: it carries the data we receive, not
//     what we send.
//
// Measured on QEMU mps2-an500 (LAN9118, Linux peer through the tap; bench,
// configurations interleaved, 5 runs): guest->host at +1 ms 4 segments 2.97
// MB/s, 8 segments 4.97, 16 segments 6.85 (seed-style's 16 5.78); at +10 ms
// 0.49 / 0.78 / 1.30 (seed-style 1.29). docs/bench.md, "FIFO NICs: the send
// side".
//
// It returns 0 when the rule does not apply (another RX model, or a window
// the FIFO does not cap).
func (s *Sizer) fifoSendSegments() (int64, string) {
	if s.model != RxFIFO {
		return 0, ""
	}
	frames, _ := s.rxWindowFrames()
	want := ceilDiv(int64(float64(s.bdpBytes())*s.headroom())/s.rxStreams, s.mss)
	if want <= frames {
		return 0, "" // the FIFO does not cap the window: the per-connection share holds
	}
	alone := ceilDiv(int64(float64(s.bdpBytes())*s.headroom()), s.mss)
	floor := int64(math.Ceil(fifoMinSendSegments * s.headroom()))
	n := max(alone, floor)
	s.fifoSnd = n
	capped := ""
	if s.fifoSndCap > 0 && n > s.fifoSndCap {
		n = s.fifoSndCap
		capped = fmt.Sprintf("; lowered to %d segments, the most memory.lwip_budget holds for every connection's copies", n)
	}
	return n, fmt.Sprintf("%s RX FIFO NIC: the FIFO caps TCP_WND at %d segments, but TCP_SND_BUF loads the heap, not the FIFO: sized for one connection carrying the target alone (BDP %d B x%.1f = %d segments), at least %d x%.1f (%s profile) = %d so that the window lwIP halves after a loss still holds the 4 segments a fast retransmit needs while the application refills only on ACKs%s",
		s.b.Chip.Ethernet.MAC, frames, s.bdpBytes(), s.headroom(), alone, fifoMinSendSegments, s.headroom(), s.b.Workload.Profile, floor, capped)
}

// fitFIFOSendBuffers is p rebuilt with the FIFO send buffers lowered, one
// segment at a time, to the largest that fits memory.lwip_budget: they are
// off-design headroom (the plan at the declared point needs only the
// per-connection share), so a tight budget gives them up before the plan
// reports that the workload does not fit. nil when the rule did not apply or
// even the generic send buffer does not fit.
func (p *Plan) fitFIFOSendBuffers() *Plan {
	for n := p.fifoSnd - 1; n >= 1; n-- {
		q, err := buildFor(p.Board, p.hooks, p.Board.Workload.TargetMbps, n, 0)
		if err != nil {
			return nil
		}
		if q.budgetOverrun() == 0 {
			return q
		}
		if q.Value("TCP_SND_BUF")/max(q.Value("TCP_MSS"), 1) < n {
			return nil // the cap no longer binds: the generic sizing itself does not fit
		}
	}
	return nil
}

// fifoMinSendSegments: a flight of 4 after lwIP halves cwnd (tcp_in.c
// halves ssthresh to max(cwnd/2, 2*MSS) on three duplicate ACKs and on a
// timeout) needs 8 before it.
const fifoMinSendSegments = 8
