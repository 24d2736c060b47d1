package plan

import "fmt"

// ruleMSS: the largest segment that fits an Ethernet MTU without TCP options.
func ruleMSS(s *Sizer) {
	s.mss = mtu - ipHdr - tcpHdr
	if v, ok := s.pinned("TCP_MSS"); ok && v > 0 {
		s.mss = v // the board pins it; every size below follows
	}
	s.set("TCP_MSS", s.mss, "TCP", "tcp.mss",
		"Ethernet MTU %d - IPv4 header %d - TCP header %d (1448 only applies with TCP timestamps, which lwIP does not send here)", mtu, ipHdr, tcpHdr)
}

// rxWindowFrames is how many full frames the receive path can hold for one
// stream while the link keeps delivering; it bounds TCP_WND.
func (s *Sizer) rxWindowFrames() (frames int64, why string) {
	e := s.b.Ethernet
	switch s.model {
	case RxFIFO:
		words := int64(s.b.Chip.Ethernet.RxFIFOBytes / 4)
		frameWords := ceilDiv(s.mss+ipHdr+tcpHdr+ethHdr, 4) + 1 // data words + one status word per frame
		n := words / frameWords
		// Two frames stay free: a window that fills the FIFO to the last frame meets the next window's
		// first frames (or an ARP) while the CPU is still draining. Measured with QEMU's LAN9118 at
		// MSS 1460: a 4-segment window ran at a steady 40 MB/s, 6 segments (the full FIFO) at 12 or 40
		// MB/s from run to run, 5 segments at 12.
		usable := n - 2
		if usable < 2 {
			usable = n
		}
		return usable / s.rxStreams, fmt.Sprintf("the %s RX FIFO holds %d B = %d full frames (%d words each); %d of them, less 2 kept free for the next window's first frames, shared by %d receiving stream(s); a window that overflows the FIFO loses the last segment of each window",
			s.b.Chip.Ethernet.MAC, s.b.Chip.Ethernet.RxFIFOBytes, n, frameWords, n, s.rxStreams)
	case RxCustomPool:
		if e.RxBuffers > 0 {
			// lwIP holds in-order data only until the application takes it (the
			// recv callback / recv()); what stays in the buffers is the window
			// of a connection whose application lags, and out-of-order data
			// (bounded separately, see lossWindowCap and ruleOOSEQ). Frames
			// waiting in the tcpip mailbox are part of the window in transit,
			// not held beside it: they count against the out-of-order queues
			// (pinnedShare), not here.
			n := int64(e.RxBuffers - e.RxDescriptors)
			return n, fmt.Sprintf("ethernet.rx_buffers %d - rx_descriptors %d that must stay armed = %d buffers lwIP may hold",
				e.RxBuffers, e.RxDescriptors, n)
		}
	}
	return 1 << 20, "receive buffers are sized from the window"
}

// recoveries is how many connections the RX buffers must let recover from a
// loss at the same time, each queueing the rest of its window out of order.
// Two: at the default 0.1 % loss a recovery lasts a few RTTs and losses are
// rare enough that a third overlapping one is unlikely; at 1 % two overlap
// (the simulator's h743 case, where two out-of-order queues held all 16 RX
// buffers). One connection can only overlap itself.
func (s *Sizer) recoveries() int64 {
	return min(int64(max(s.b.Workload.TCPConnections, 1)), 2)
}

// lossWindowCap is the largest window whose loss costs one retransmission
// and not a timeout: after a hole, the receiver must queue the rest of the
// window (window - 1 segments) out of order, for every connection recovering
// at once, inside the RX buffers lwIP may hold; otherwise the tail is dropped
// and lwIP's sender, which has no SACK here, recovers it by timeout
// (simulator, h743 at 1 % loss, 5 receiving connections: an 8-segment window
// with 1 out-of-order buffer each reached 6 Mbps, a 4-segment window with 3
// each 93 Mbps). Only when the board pins the RX buffers of a zero-copy pool
// (otherwise the buffers are sized from the window) and declares some loss.
func (s *Sizer) lossWindowCap() (int64, string) {
	e := s.b.Ethernet
	if s.model != RxCustomPool || e.RxBuffers == 0 || s.b.Workload.LossPercent <= 0 {
		return 0, ""
	}
	share, _ := s.pinnedShare()
	k := s.recoveries()
	c := share/k + 1
	if c < 4 {
		// below the 4 segments fast retransmit needs (three duplicate ACKs):
		// the window stays at that minimum and fewer recoveries fit
		// (ruleOOSEQ says how many; warnPinnedShare names the cost)
		return 0, ""
	}
	return c, fmt.Sprintf("at workload.loss_percent %g, %d connection(s) recovering at once each queue window-1 segments out of order in the %d RX buffers lwIP may hold: at most %d/%d+1 = %d segments",
		s.b.Workload.LossPercent, k, share, share, k, c)
}

// carries says whether a window of n segments per receiving stream carries
// the target rate at the effective RTT (plan.window_carries_target).
func (s *Sizer) carries(n int64) bool {
	rate := float64(n*s.mss) * 8 / (s.effectiveRTTMs() / 1000) / 1e6 * float64(s.rxStreams)
	return rate >= s.target*0.999
}

// ruleWindow sizes TCP_WND from the bandwidth-delay product, capped by what
// the receive path can hold.
func ruleWindow(s *Sizer) {
	bdp := s.bdpBytes()
	per := int64(float64(bdp)*s.headroom()) / s.rxStreams
	want := ceilDiv(per, s.mss)
	why := fmt.Sprintf("BDP %g Mbps x (RTT %g ms + 3 frame times = %.3f ms) = %d B, x%.1f (%s profile) / %d receiving stream(s) = %d B -> %d segments",
		s.target, s.b.Workload.RTTMs, s.effectiveRTTMs(), bdp, s.headroom(), s.b.Workload.Profile, s.rxStreams, per, want)
	if want < 4 {
		want = 4
		why += "; raised to 4 segments so three duplicate ACKs can trigger fast retransmit"
	}
	if v, ok := s.pinned("TCP_WND"); ok {
		s.wndSegs = ceilDiv(v, s.mss) // pinned by the board: pools and rings follow it
		frames, _ := s.rxWindowFrames()
		s.driver.RxWindowFrames = int(frames)
		s.setExpr("TCP_WND", fmt.Sprintf("(%d * TCP_MSS)", s.wndSegs), s.wndSegs*s.mss, "TCP", "tcp.wnd", "%s", why)
		return
	}
	frames, capWhy := s.rxWindowFrames()
	if want > frames {
		want = frames
		why += "; capped at " + fmt.Sprint(frames) + " segments: " + capWhy
	}
	limit := frames
	if lc, lcWhy := s.lossWindowCap(); lc > 0 && want > lc {
		if s.carries(lc) {
			want, limit = lc, lc
			why += "; " + lcWhy
		} else {
			why += fmt.Sprintf("; kept above the loss cap of %d segments (%s), which would not carry the target: after a loss part of the window is dropped and re-sent (raise ethernet.rx_buffers for a whole window)", lc, lcWhy)
		}
	}
	if iw, iwWhy := s.interactiveWindow(want); iw < want {
		want, limit = iw, iw
		why += "; " + iwWhy
	}
	// An even number of segments: lwIP ACKs every second full segment at once and holds the ACK
	// of an odd last one for the delayed-ACK timer, so an odd window ends each flight waiting.
	if want%2 == 1 {
		switch {
		case want+1 <= limit:
			want++
			why += fmt.Sprintf("; made even (%d): lwIP acknowledges every second segment at once, an odd last segment waits for the delayed-ACK timer", want)
		case want > 2 && s.carries(want-1):
			want--
			why += fmt.Sprintf("; made even (%d): lwIP acknowledges every second segment at once, an odd last segment waits for the delayed-ACK timer", want)
		case want+1 <= frames:
			want++
			why += fmt.Sprintf("; made even (%d) one segment above the loss cap, since one less would not carry the target: lwIP acknowledges every second segment at once, an odd last segment waits for the delayed-ACK timer", want)
		default:
			why += "; left odd: one segment less would not carry the target"
		}
	}
	if want < 1 {
		want = 1
	}
	s.wndSegs = want
	s.driver.RxWindowFrames = int(frames)
	wnd := want * s.mss
	s.setExpr("TCP_WND", fmt.Sprintf("(%d * TCP_MSS)", want), wnd, "TCP", "tcp.wnd", "%s", why)
	if wnd > u16Max {
		ruleWindowScale(s, wnd)
	}
}

// ruleWindowScale enables RFC 7323 window scaling for windows above 64 KiB
// and defines TCP_RCV_SCALE itself (lwIP only defaults it when LWIP_WND_SCALE
// is not user-set, so leaving it out fails in tcp_in.c).
func ruleWindowScale(s *Sizer, need int64) {
	scale := int64(0)
	for need > int64(u16Max)<<scale && scale < maxScale {
		scale++
	}
	s.set("LWIP_WND_SCALE", 1, "TCP", "tcp.wnd_scale", "a %d B window or send buffer does not fit 16 bits (TCP_WND/TCP_SND_BUF are u16 without scaling)", need)
	if old, ok := s.val["TCP_RCV_SCALE"]; !ok || old < scale {
		s.set("TCP_RCV_SCALE", scale, "TCP", "tcp.rcv_scale", "smallest shift with %d <= 0xFFFF << shift (must be defined with LWIP_WND_SCALE)", need)
	}
}

// minSendSegments is the smallest per-connection send buffer that keeps
// loss repair on fast retransmit at the declared loss. Fast retransmit needs
// three duplicate ACKs, so 4 segments in flight. After a loss lwIP halves
// the window; with 4 segments it then holds 2 until it regrows (about 5
// segments later), and a second loss in that time is repaired only by the
// retransmission timeout (two 500 ms slow-timer ticks, about 1 s). The
// stalled fraction of time is about rate x 5p^2 x 1 s; above 5 % the buffer
// doubles to 8 so the halved window still triggers fast retransmit
// (simulator, h743 at 1 % loss: 4 segments 5-16 Mbps TX, 8 segments 92-94).
// The 1 s is the timeout of lwIP's 250 ms clock; the TCP clock rule now
// makes a timeout cost 40-60 ms beyond the RTT (loss_tolerance.go computes
// the stall at the plan's real clock for the report), but the trigger stays:
// the halved 4-segment window still loses throughput the stall model does
// not count (simulator, h743 at 1 % with the 10 ms clock: 80-86 Mbps TX
// with 4 segments, 92-94 with 8), and it never lowers a buffer.
func (s *Sizer) minSendSegments(conns int64) (int64, string) {
	p := s.b.Workload.LossPercent / 100
	rate := s.target * 1e6 / float64(conns) / float64(s.mss*8) // segments/s per connection
	stall := rate * 5 * p * p * 1.0
	if stall > 0.05 {
		return 8, fmt.Sprintf("raised to 8 segments: at workload.loss_percent %g a 4-segment buffer would stall about %.0f%% of the time in retransmission timeouts (%.0f segments/s x 5p^2 x 1 s), 8 keep fast retransmit working after lwIP halves the window",
			s.b.Workload.LossPercent, 100*stall, rate)
	}
	return 4, fmt.Sprintf("raised to 4 segments, the lost one and the three whose duplicate ACKs trigger fast retransmit, so a loss is repaired without a timeout (at workload.loss_percent %g even lwIP's 250 ms clock would stall the halved window only %.1f%% of the time; report: loss tolerance)", s.b.Workload.LossPercent, 100*stall)
}

// ruleSendBuffer sizes TCP_SND_BUF and the segment queue.
func ruleSendBuffer(s *Sizer) {
	// target_mbps is the aggregate of all connections: each sends its share. With one
	// connection that is the whole BDP (a fixed 4-segment cap held a single h743 connection to
	// 61 of 90 Mbps in the simulator); with five it is a fifth, which keeps the heap, the
	// segment pool and the TX ring small.
	bdp := s.bdpBytes()
	conns := int64(max(s.b.Workload.TCPConnections, 1))
	per := int64(float64(bdp)*s.headroom()) / conns
	segs := ceilDiv(per, s.mss)
	why := fmt.Sprintf("TX share of the BDP: %d B x%.1f (%s profile) / %d connection(s) = %d B -> %d segments in flight",
		bdp, s.headroom(), s.b.Workload.Profile, conns, per, segs)
	if m, mWhy := s.minSendSegments(conns); segs < m {
		if m > MinFastRetransmitSegments {
			s.lossSnd = m
			if s.lossSndCap > 0 && m > s.lossSndCap {
				mWhy = fmt.Sprintf("raised to %d segments, the lost one and the three that bring the duplicate ACKs of a fast retransmit; the %d that keep it working after lwIP halves the window at workload.loss_percent %g do not fit memory.lwip_budget (report: loss tolerance)",
					s.lossSndCap, m, s.b.Workload.LossPercent)
				m = s.lossSndCap
			}
		}
		segs = m
		why += "; " + mWhy
	}
	if f, fWhy := s.fifoSendSegments(); segs < f {
		segs = f
		why += "; " + fWhy
	}
	if v, ok := s.pinned("TCP_SND_BUF"); ok {
		segs = ceilDiv(v, s.mss) // pinned by the board: heap, segments and TX ring follow it
	}
	if segs < 2 {
		segs = 2
		why += "; at least 2*TCP_MSS (init.c #error 61)"
	}
	s.sndSegs = segs
	snd := segs * s.mss
	s.setExpr("TCP_SND_BUF", fmt.Sprintf("(%d * TCP_MSS)", segs), snd, "TCP", "tcp.snd_buf", "%s", why)
	if snd > u16Max {
		ruleWindowScale(s, snd)
	}
	// lwIP's default TCP_SNDLOWAT is about TCP_SND_BUF/2, and init.c #64 wants it
	// 4*MSS below 0xFFFF whatever the window scaling: large send buffers must set it.
	if lim := int64(u16Max) - 4*s.mss - 1; snd/2 >= lim {
		s.set("TCP_SNDLOWAT", lim, "TCP", "tcp.sndlowat",
			"TCP_SND_BUF/2 = %d would break init.c #64 (TCP_SNDLOWAT must stay 4*MSS below 0xFFFF); writable again once %d B are free", snd/2, lim)
	}
	ql := (4*snd + s.mss - 1) / s.mss
	s.setExpr("TCP_SND_QUEUELEN", "((4 * TCP_SND_BUF + (TCP_MSS - 1)) / TCP_MSS)", ql, "TCP", "tcp.snd_queuelen",
		"lwIP's own formula (= %d): room for no-copy writes, which use 2 queue entries per segment (init.c #error 62 needs >= 2*TCP_SND_BUF/TCP_MSS)", ql)
	over := s.mss
	whyO := "full-MSS oversize: later small writes append to the last pbuf instead of chaining new ones"
	if s.b.Workload.Profile == "latency" {
		over = 128
		whyO = "latency profile: small messages; 128 B of oversize lets a few writes merge without allocating a full MSS per write"
	}
	s.set("TCP_OVERSIZE", over, "TCP", "tcp.oversize", "%s", whyO)
	s.set("TCP_QUEUE_OOSEQ", 1, "TCP", "tcp.ooseq", "keep out-of-order segments so one loss costs one retransmission, not a window")
	if s.b.Workload.TCPConnections > 0 {
		s.set("LWIP_TCP_KEEPALIVE", 1, "TCP", "tcp.keepalive",
			"long-lived connections: per-connection keepalive (SO_KEEPALIVE / TCP_KEEPIDLE) detects dead peers; +8 B per PCB")
	}
	s.driver.NagleOff = s.b.Workload.Profile == "latency"
}
