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
	case rxFIFO:
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
	case rxCustomPool:
		if e.RxBuffers > 0 {
			n := int64(e.RxBuffers - e.RxDescriptors)
			return n / s.rxStreams, fmt.Sprintf("ethernet.rx_buffers %d - rx_descriptors %d that must stay armed = %d buffers for data lwIP holds, per %d stream(s)",
				e.RxBuffers, e.RxDescriptors, n, s.rxStreams)
		}
	}
	return 1 << 20, "receive buffers are sized from the window"
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
	// An even number of segments: lwIP ACKs every second full segment at once and holds the ACK
	// of an odd last one for the delayed-ACK timer, so an odd window ends each flight waiting.
	if want%2 == 1 {
		if want+1 <= frames {
			want++
		} else if want > 2 {
			want--
		}
		why += fmt.Sprintf("; made even (%d): lwIP acknowledges every second segment at once, an odd last segment waits for the delayed-ACK timer", want)
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
	if segs < 4 {
		segs = 4
		why += "; raised to 4 segments so a loss is repaired by fast retransmit, not a timeout"
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
	s.setExpr("TCP_OOSEQ_MAX_PBUFS", fmt.Sprint(s.wndSegs), s.wndSegs, "TCP", "tcp.ooseq_limit",
		"at most one window (%d segments) of out-of-order data per connection, so one connection cannot drain the RX buffers of the others", s.wndSegs)
	if s.b.Workload.TCPConnections > 0 {
		s.set("LWIP_TCP_KEEPALIVE", 1, "TCP", "tcp.keepalive",
			"long-lived connections: per-connection keepalive (SO_KEEPALIVE / TCP_KEEPIDLE) detects dead peers; +8 B per PCB")
	}
	s.driver.NagleOff = s.b.Workload.Profile == "latency"
}
