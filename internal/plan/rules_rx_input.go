package plan

import "fmt"

// The RTOS input path of a zero-copy RX pool.
//
// On an RTOS board the glue's RX task hands each frame to tcpip_input, which
// queues it (a TCPIP_MSG_INPKT message) in the tcpip thread's mailbox. Until
// the tcpip thread takes it, the frame still holds its zero-copy RX buffer:
// neither on the ring nor in lwIP's protocol state. Measured in the simulator
// (h743, 1 % loss, the generated FreeRTOS glue): up to 4 frames waited there
// while two connections' out-of-order queues held the rest of lwIP's share;
// the pool ran dry, the glue's PBUF_POOL fallback too, and 3 frames were
// dropped (59.87 Mbps RX); with 4 more RX buffers the same run was clean.
//
// So the reserve counts what that path holds at the declared load: one RX
// batch (the RX task yields to the tcpip thread after each). lwIP would let
// us bound it exactly (tcpip_inpkt refuses a frame when MEMP_TCPIP_MSG_INPKT
// is empty), but measured that costs more than it saves: with the message
// pool at one batch (4) h743 at twice its connections refused 34/41 frames
// per run at tcpip_input, with two batches (8, = TCPIP_MBOX_SIZE) 9/11, and
// the 1 % loss case was clean with both. So the pool keeps two batches; a
// second one waiting (the tcpip thread lagging under more load than
// declared) takes lwIP's share or the glue's PBUF_POOL copies.

// rtosZeroCopy says whether received frames wait in the tcpip mailbox
// holding zero-copy pool buffers: an RTOS board, a zero-copy pool, and input
// not run in the RX task under the core lock (LWIP_TCPIP_CORE_LOCKING_INPUT
// 1 has no mailbox on the input path).
func (s *Sizer) rtosZeroCopy() bool {
	if s.b.RTOS == "none" || s.model != RxCustomPool {
		return false
	}
	if v, ok := s.pinned("LWIP_TCPIP_CORE_LOCKING_INPUT"); ok && v != 0 {
		return false
	}
	return true
}

// rtosRxBudget is the RX task's batch on an RTOS board with a zero-copy
// pool: half the ring. The task yields to the tcpip thread (same priority)
// after each batch, so one batch is what waits in the mailbox; the ring is
// re-armed frame by frame while it drains, so a smaller batch costs only
// more task switches, and every frame of it is a buffer lwIP cannot use for
// its windows and out-of-order queues.
func (s *Sizer) rtosRxBudget(descriptors int) (int, string) {
	n := max(min(8, descriptors)/2, 1)
	return n, fmt.Sprintf("half the %d-descriptor RX ring (at most 8): the RX task yields to the tcpip thread after each batch, so one batch waits in the tcpip mailbox, each frame holding a zero-copy RX buffer", descriptors)
}

// inputQueue is how many received frames wait in the tcpip mailbox holding
// zero-copy buffers at the declared load: one RX batch (0 where frames do not
// wait there holding pool buffers).
func (s *Sizer) inputQueue() int64 {
	if !s.rtosZeroCopy() {
		return 0
	}
	n, _ := s.rtosRxBudget(s.ringRx())
	return int64(n)
}

// ringRx is the RX ring depth the driver rule will choose (the board's, or
// one window's worth, at least 4), for rules that run before it.
func (s *Sizer) ringRx() int {
	if n := s.b.Ethernet.RxDescriptors; n > 0 {
		return n
	}
	return int(max(s.wndSegs, 4))
}

// pinnedShare is how many of a pinned zero-copy pool's buffers lwIP may hold
// (windows, out-of-order segments): the pool less the armed ring and the
// frames waiting in the tcpip mailbox.
func (s *Sizer) pinnedShare() (int64, string) {
	e := s.b.Ethernet
	q := s.inputQueue()
	n := int64(e.RxBuffers-e.RxDescriptors) - q
	why := fmt.Sprintf("ethernet.rx_buffers %d - rx_descriptors %d that must stay armed", e.RxBuffers, e.RxDescriptors)
	if q > 0 {
		why += fmt.Sprintf(" - %d frames waiting in the tcpip mailbox (one RX batch)", q)
	}
	return max(n, 0), why + fmt.Sprintf(" = %d buffers lwIP may hold", max(n, 0))
}

// warnPinnedShare names the cost when a pinned pool leaves lwIP fewer
// buffers than two connections recovering from a loss at once need.
func warnPinnedShare(s *Sizer) {
	d := &s.driver
	q := s.inputQueue()
	if d.RxModel != RxCustomPool || s.b.Ethernet.RxBuffers == 0 || q == 0 {
		return
	}
	per := max(s.wndSegs-1, 1)
	k := s.recoveries()
	if int64(d.RxLwIPShare) >= k*per {
		return
	}
	need := int64(d.RxDescriptors) + q + k*per
	fb := s.fallbackCopies()
	pbuf := alignUp(16, s.align) + s.val["PBUF_POOL_BUFSIZE"] // struct pbuf + payload, per PBUF_POOL element
	s.warn("sizing.rx_buffers_pinned", "ethernet.rx_buffers",
		fmt.Sprintf("ethernet.rx_buffers = %d is pinned: lwIP has room for %d loss recovery at once, not %d",
			s.b.Ethernet.RxBuffers, int64(d.RxLwIPShare)/per, k),
		fmt.Sprintf("%d buffers stay armed on the ring and one RX batch of %d received frames waits in the tcpip mailbox, so lwIP may hold %d zero-copy buffers; with TCP_OOSEQ_MAX_PBUFS %d that covers %d connection(s) recovering from a loss at once instead of %d. When more overlap, the glue copies frames into PBUF_POOL, which gets %d more pbufs for that (%d B of lwIP RAM).",
			d.RxDescriptors, q, d.RxLwIPShare, min(per, int64(max(d.RxLwIPShare, 1))), int64(d.RxLwIPShare)/per, k, fb, fb*pbuf),
		fmt.Sprintf("Fix: rx_buffers = %d (%d B of driver RAM more than now) leaves lwIP room for %d without copies; or keep %d and accept the cost: accept = [\"sizing.rx_buffers_pinned\"] in the board.",
			need, (need-int64(s.b.Ethernet.RxBuffers))*int64(d.RxBufferSize), k, s.b.Ethernet.RxBuffers))
}

// fallbackCopies is how many PBUF_POOL pbufs a pinned zero-copy pool's RTOS
// input path needs beyond init.c's minimum. When the pool is down to what
// the ring needs, the glue copies the frame into PBUF_POOL and gives the
// zero-copy buffer back (ethernetif_rx_frame's reserve copy); with a pinned
// pool that leaves lwIP fewer buffers than the connections recovering at
// once need, those copies are what waits in the tcpip mailbox, so PBUF_POOL
// holds one mailbox of them. Measured in the simulator (h743, 1 % loss,
// seeds 1-3, the generated FreeRTOS glue): PBUF_POOL 4 dropped 3/2/3 frames
// (RX 59.87/75.57/80.26 Mbps), 8 was clean (93.81/93.91/93.77); reducing the
// out-of-order limit instead (TCP_OOSEQ_MAX_PBUFS 2, two recoveries in the
// 4 buffers lwIP may hold) was clean but reached 12.66 Mbps, since the
// window's tail is then re-sent by timeout. With 18 buffers (room for two
// recoveries, so no extra PBUF_POOL) the same case dropped 1/0/0 frames
// (69.78/93.91/93.77 Mbps): at 1 % loss, ten times the declared, seed 1
// overlaps more than two recoveries.
func (s *Sizer) fallbackCopies() int64 {
	q := s.inputQueue()
	if q == 0 || s.b.Ethernet.RxBuffers == 0 {
		return 0 // an unpinned pool counts the mailbox itself (ruleDriver)
	}
	share, _ := s.pinnedShare()
	if share >= s.recoveries()*max(s.wndSegs-1, 1) {
		return 0
	}
	return q
}

func (s *Sizer) fallbackWhy() string {
	share, _ := s.pinnedShare()
	return fmt.Sprintf("the pinned ethernet.rx_buffers leave lwIP %d zero-copy buffers, fewer than %d connection(s) recovering at once queue out of order (%d each), so the glue's reserve copies land here and wait in the tcpip mailbox (one RX batch, %d)",
		share, s.recoveries(), max(s.wndSegs-1, 1), s.inputQueue())
}
