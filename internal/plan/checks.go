package plan

import (
	"fmt"
	"math"
)

// planChecks are lwipgen's own rules on top of lwIP's: the plan must meet the
// workload on this hardware, not merely compile.
func planChecks(p *Plan, s *Sizer) []Check {
	b := p.Board
	var cs []Check
	add := func(id string, ok bool, path, format string, args ...any) {
		c := Check{ID: id, OK: ok, Detail: fmt.Sprintf(format, args...)}
		if !ok && path != "" {
			r := b.RangeOf(path)
			c.Range = &r
		}
		cs = append(cs, c)
	}
	wnd := p.Value("TCP_WND")
	mss := p.Value("TCP_MSS")
	// The window must carry the target rate at the RTT.
	rate := float64(wnd) * 8 / (s.effectiveRTTMs() / 1000) / 1e6 * float64(s.rxStreams)
	add("plan.window_carries_target", rate >= s.target*0.999, "workload.target_mbps",
		"TCP_WND %d B per effective RTT of %.3f ms (RTT %g ms + 3 frame times) carries %.1f Mbps; target %g Mbps", wnd, s.effectiveRTTMs(), b.Workload.RTTMs, rate, s.target)
	// The line rate bounds every target (goodput at full-size frames).
	line := float64(b.Ethernet.SpeedMbps) * float64(mss) / float64(mss+ipHdr+tcpHdr+ethHdr+wireExtra)
	add("plan.target_below_line_rate", s.target <= line+1e-9, "workload.target_mbps",
		"TCP goodput limit at %d Mbps with MSS %d is %.1f Mbps (frame %d B on the wire); target %g Mbps",
		b.Ethernet.SpeedMbps, mss, line, mss+ipHdr+tcpHdr+ethHdr+wireExtra, s.target)
	// A window update must come before the window left advertised falls
	// below the BDP (rules_wnd_update.go), and not be 0 (an ACK on every
	// tcp_recved call; anything below min(TCP_WND/2, TCP_MSS) acts as that floor).
	{
		thr := p.Value("TCP_WND_UPDATE_THRESHOLD")
		need := ceilDiv(s.bdpBytes(), s.rxStreams)
		floor := int64(1)
		add("plan.wnd_update_keeps_window", thr >= floor && (thr <= mss || wnd-thr >= need), "options.TCP_WND_UPDATE_THRESHOLD",
			"TCP_WND_UPDATE_THRESHOLD %d B: at least %d B, and one MSS (%d B) or TCP_WND %d B less it must still advertise the %d B BDP of one receiving stream", thr, floor, mss, wnd, need)
	}
	// A window must fit the receive path, or the NIC drops the tail of each window.
	frames := int64(p.Driver.RxWindowFrames)
	add("plan.window_fits_rx_path", ceilDiv(wnd, mss) <= frames, "options.TCP_WND",
		"TCP_WND %d B = %d segments; the receive path holds %d full frames per stream (%s)", wnd, ceilDiv(wnd, mss), frames, p.Driver.RxModel)
	if p.Driver.RxModel == RxCustomPool {
		add("plan.rx_buffers_cover_ring", p.Driver.RxBuffers >= p.Driver.RxDescriptors, "ethernet.rx_buffers",
			"%d RX buffers for %d RX descriptors", p.Driver.RxBuffers, p.Driver.RxDescriptors)
	}
	// lwIP must never hold the RX buffers the ring needs armed: all
	// connections' out-of-order queues together stay inside lwIP's share.
	if d := p.Driver; d.RxReserve > 0 {
		n := p.Value("TCP_OOSEQ_MAX_PBUFS")
		add("plan.rx_reserve_holds", p.Value("TCP_QUEUE_OOSEQ") == 0 || (n > 0 && n <= int64(d.RxLwIPShare)), "options.TCP_OOSEQ_MAX_PBUFS",
			"TCP_OOSEQ_MAX_PBUFS %d (0 = unlimited): one connection's out-of-order queue must fit the %d RX buffers lwIP may hold, or it takes the %d the ring needs armed",
			n, d.RxLwIPShare, d.RxReserve)
	}
	// Heap must hold the TX copies all connections may queue.
	need := int64(math.Max(1, float64(b.Workload.TCPConnections))) * ceilDiv(p.Value("TCP_SND_BUF"), mss) * s.heapSegCost(mss, p.Value("MEM_SIZE") > 64000)
	add("plan.heap_covers_send_buffers", p.Value("MEM_SIZE") >= need, "options.MEM_SIZE",
		"MEM_SIZE %d B; %d connection(s) filling TCP_SND_BUF need %d B of heap for copied segments", p.Value("MEM_SIZE"), b.Workload.TCPConnections, need)
	// newlib's <sys/time.h> brings FD_SETSIZE 64; lwIP's sockets.h then needs
	// every socket to fit it ("external FD_SETSIZE too small").
	if p.Value("LWIP_SOCKET") == 1 && p.Value("LWIP_TIMEVAL_PRIVATE") == 0 {
		n := p.Value("LWIP_SOCKET_OFFSET") + p.Value("MEMP_NUM_NETCONN")
		add("plan.fd_setsize", n <= 64, "workload.tcp_connections",
			"LWIP_SOCKET_OFFSET + MEMP_NUM_NETCONN = %d sockets; newlib's FD_SETSIZE is 64", n)
	}
	// Bare metal: a send buffer larger than the TX ring makes low_level_output
	// wait for descriptors while nothing drains RX (one loop does both), and
	// the RX ring overflows (the host simulator shows it with seed 000's
	// 16*MSS on an 8-deep ring). With an RTOS the RX task keeps draining.
	if b.RTOS == "none" && p.Driver.TxDescriptors > 0 && p.Driver.RxModel != RxPbufPoolDMA {
		segs := ceilDiv(p.Value("TCP_SND_BUF"), mss)
		add("plan.tx_ring_holds_send_buffer", int64(p.Driver.TxDescriptors) >= segs, "ethernet.tx_descriptors",
			"TX ring %d descriptors for a send buffer of %d segments (TCP_SND_BUF %d)", p.Driver.TxDescriptors, segs, p.Value("TCP_SND_BUF"))
	}
	// The TCP clock (rules_tcp_clock.go).
	{
		c := clockCheck(p)
		add(c.ID, c.OK, "options.TCP_TMR_INTERVAL", "%s", c.Detail)
	}
	// Interactive segments behind bulk windows in a shared RX FIFO (rules_interactive.go).
	if c, ok := interactiveQueueCheck(p, s); ok {
		add(c.ID, c.OK, "options.TCP_WND", "%s", c.Detail)
	}
	// The loss the send buffer survives on fast retransmit (loss_tolerance.go).
	{
		c := lossCheck(p)
		add(c.ID, c.OK, "workload.loss_percent", "%s", c.Detail)
	}
	// Descriptor rings within what the hardware driver supports.
	if p.Driver.RxDescriptors > 0 {
		add("plan.ring_depth", p.Driver.RxDescriptors >= 2 && p.Driver.TxDescriptors >= 2, "ethernet.rx_descriptors",
			"RX ring %d, TX ring %d descriptors (each at least 2)", p.Driver.RxDescriptors, p.Driver.TxDescriptors)
	}
	return cs
}
