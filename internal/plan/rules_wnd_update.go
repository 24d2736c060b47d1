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
// So, for any window, MSS and NIC, the threshold is the largest whole
// number of segments that leaves the BDP of one receiving stream advertised
// (W - T >= BDP), at least one MSS (below it tcp_update_rcv_ann_wnd reports
// nothing anyway; 0 would send an ACK on every tcp_recved call), and never
// above lwIP's default min(TCP_WND/4, 4*TCP_MSS), which is kept where it
// fits. That part is peer-independent. The ACK rate is not a reason either
// way: a threshold of one MSS ACKs every segment a recv callback consumes,
// above it every second one, and which is faster depends on the peer's
// sender (measured below), so the rule does not lower a default that leaves
// the BDP advertised.
//
// Measured on QEMU mps2-an500 with an 8 x 998 B window (lwIP's default
// threshold 2 segments; bench, interleaved, 3 runs, medians, docs/bench.md):
// slirp host->guest 0.64 MB/s with the default (half as many ACKs as
// segments, no frame lost), 19.44 with TCP_MSS; against Linux through the
// tap at 0 ms the other way round: host->guest 14.39 vs 12.32, echo 7.52 vs
// 2.14; at 10 ms no difference. lwipgen's own 4 x 1460 B window gets one MSS
// from the BDP (5840 - 1460 < 5432 B), the same value lwIP's default gives.
func ruleWindowUpdate(s *Sizer) {
	wnd, mss := s.val["TCP_WND"], s.mss
	if wnd <= 0 || mss <= 0 {
		return
	}
	def := min(wnd/4, 4*mss)
	need := ceilDiv(s.bdpBytes(), s.rxStreams)
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
	if n*mss >= def {
		s.setExpr("TCP_WND_UPDATE_THRESHOLD", "TCP_MSS", mss, "TCP", "tcp.wnd_update",
			"one MSS, the floor: TCP_WND %d B - the %d B BDP of one receiving stream leaves %d B, less than one more segment, so the window is updated for every segment consumed (lwIP's default min(TCP_WND/4, 4*TCP_MSS) = %d B is the same value here)",
			wnd, need, wnd-need, def)
		return
	}
	why := fmt.Sprintf("%d segment(s): TCP_WND %d B - the %d B BDP of one receiving stream leaves %d B, and a sender that filled the window waits for every byte of the threshold (lwIP's default min(TCP_WND/4, 4*TCP_MSS) = %d B would cut the advertised window below the BDP)",
		n, wnd, need, wnd-need, def)
	s.setExpr("TCP_WND_UPDATE_THRESHOLD", expr, n*mss, "TCP", "tcp.wnd_update", "%s", why)
}
