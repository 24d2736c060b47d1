package plan

import "fmt"

// ruleWindowUpdate sets TCP_WND_UPDATE_THRESHOLD, the window lwIP must have
// freed before tcp_recved() sends a window update on its own. What lwIP
// 2.1.3 does with it (tcp.c, tcp_in.c):
//
//   - tcp_recved() adds the bytes the application consumed to rcv_wnd;
//     tcp_update_rcv_ann_wnd() moves the advertised right edge only when it
//     grows by at least min(TCP_WND/2, TCP_MSS) (silly-window avoidance) and
//     returns that growth, else 0. Only a growth >= the threshold sets
//     TF_ACK_NOW; a smaller one waits for the next ACK lwIP sends anyway.
//   - tcp_receive() acknowledges in-order data through tcp_ack(): the first
//     segment only sets TF_ACK_DELAY, the second turns it into TF_ACK_NOW;
//     a lone segment waits for tcp_fasttmr (every TCP_TMR_INTERVAL, 250 ms).
//     An application that consumes in its recv callback (raw API, the
//     bench firmware) calls tcp_recved() before tcp_input()'s tcp_output():
//     with a threshold <= one MSS every segment frees one MSS and is ACKed
//     at once, with a threshold above one MSS only every second one is.
//   - An application that consumes later (sockets, netconn) frees the window
//     in steps; while fewer than threshold bytes are free the peer sees the
//     old right edge, and a sender that has filled the window stops until
//     the threshold is reached. A window of W bytes with threshold T keeps
//     the pipe full only while W - T still covers the BDP.
//
// So, for any window, MSS and NIC:
//
//   - a window below what the BDP x the profile's headroom wants (capped by
//     the RX path, e.g. a FIFO NIC, by the loss cap, or pinned) leaves the
//     peer's sender window-limited: it refills from every ACK, so the
//     threshold is one MSS and every segment is ACKed at once (one MSS is
//     also the least tcp_update_rcv_ann_wnd reports; 0 would send an ACK on
//     every tcp_recved call);
//   - otherwise the largest whole number of segments that leaves the BDP of
//     one receiving stream advertised (W - T >= BDP), at least one MSS and
//     never above lwIP's default min(TCP_WND/4, 4*TCP_MSS), which is kept
//     where it fits (the headroom covers the delayed ACKs, and fewer ACK
//     frames cost less CPU and TX path).
//
// Measured on QEMU mps2-an500 (slirp, host->guest, 3 runs): windows of 6 and
// 8 x 998 B (lwIP's default threshold 1.5 and 2 segments) 0.65 and 0.61 MB/s
// with half as many ACKs as segments and no frame lost; the same windows with
// the threshold at TCP_MSS 20.41 and 22.17 MB/s (docs/bench.md).
func ruleWindowUpdate(s *Sizer) {
	wnd, mss := s.val["TCP_WND"], s.mss
	if wnd <= 0 || mss <= 0 {
		return
	}
	def := min(wnd/4, 4*mss)
	need := ceilDiv(s.bdpBytes(), s.rxStreams)
	wanted := int64(float64(s.bdpBytes())*s.headroom()) / s.rxStreams
	if wnd < wanted {
		s.setExpr("TCP_WND_UPDATE_THRESHOLD", "TCP_MSS", mss, "TCP", "tcp.wnd_update",
			"one MSS: TCP_WND %d B is below the %d B (BDP %d B x%.1f, %s profile) the window wants, so the peer's sender runs window-limited and refills from every ACK; with a threshold above one MSS an application consuming in its recv callback ACKs only every second segment and an odd last one waits for tcp_fasttmr (250 ms), with one MSS every segment is ACKed at once (one MSS is also the least tcp_update_rcv_ann_wnd reports). Measured on QEMU slirp: 6 and 8 x 998 B windows 0.65 / 0.61 MB/s with lwIP's default threshold, 20.41 / 22.17 with TCP_MSS",
			wnd, wanted, s.bdpBytes(), s.headroom(), s.b.Workload.Profile)
		return
	}
	if def < mss {
		s.setExpr("TCP_WND_UPDATE_THRESHOLD", "TCP_MSS", mss, "TCP", "tcp.wnd_update",
			"one MSS: lwIP's default TCP_WND/4 = %d B is below it, and tcp_update_rcv_ann_wnd reports no growth under min(TCP_WND/2, TCP_MSS), so both ACK every consumed segment (TCP_WND %d B, BDP of one receiving stream %d B)",
			def, wnd, need)
		return
	}
	if wnd-def >= need {
		s.setExpr("TCP_WND_UPDATE_THRESHOLD", "LWIP_MIN((TCP_WND / 4), (TCP_MSS * 4))", def, "TCP", "tcp.wnd_update",
			"lwIP's default min(TCP_WND/4, 4*TCP_MSS) = %d B: TCP_WND %d B less it still advertises the %d B BDP of one receiving stream, so a sender that filled the window never waits for the update, and fewer updates cost fewer ACK frames",
			def, wnd, need)
		return
	}
	n := max((wnd-need)/mss, 1) // < def/mss: wnd-need < def
	expr := "TCP_MSS"
	if n > 1 {
		expr = fmt.Sprintf("(%d * TCP_MSS)", n)
	}
	why := fmt.Sprintf("%d segment(s): TCP_WND %d B - the %d B BDP of one receiving stream leaves %d B, and a sender that filled the window waits for every byte of the threshold (lwIP's default min(TCP_WND/4, 4*TCP_MSS) = %d B would cut the advertised window below the BDP)",
		n, wnd, need, wnd-need, def)
	s.setExpr("TCP_WND_UPDATE_THRESHOLD", expr, n*mss, "TCP", "tcp.wnd_update", "%s", why)
}
