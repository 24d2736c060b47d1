package plan

import "fmt"

// rulePCBs sizes the protocol control block pools from the workload.
func rulePCBs(s *Sizer) {
	w := s.b.Workload
	const sec = "Pools: protocol control blocks"
	// Twice the declared connections: a connection beyond the PCB pool is
	// refused outright (tcp_alloc recycles only TIME_WAIT/closing PCBs and
	// kills only lower-priority ones; the SYN is dropped), while the shared
	// heap and segment pools degrade to back-pressure. In the simulator at
	// twice the declared connections, declared + 1 PCBs let 5 of 8 (f407) and
	// 6 of 10 (h743) connect and the request/response connection completed no
	// request. A PCB costs about 164 B on a 32-bit target.
	n := 2*int64(max(w.TCPConnections, 1)) + 1
	s.set("MEMP_NUM_TCP_PCB", n, sec, "pool.tcp_pcb",
		"2 x workload.tcp_connections %d + 1: a connection beyond the pool is refused outright (the heap and segment pools only slow down), so twice the declared connections still connect; +1 lets a new one start while one sits in TIME_WAIT (lwIP recycles older TIME_WAIT PCBs itself); about 164 B each", w.TCPConnections)
	l := int64(w.TCPListeners)
	if l < 1 {
		l = 1
	}
	s.set("MEMP_NUM_TCP_PCB_LISTEN", l, sec, "pool.tcp_listen", "workload.tcp_listeners = %d (at least 1)", w.TCPListeners)
	u := int64(w.UDPEndpoints)
	why := fmt.Sprintf("workload.udp_endpoints %d", w.UDPEndpoints)
	if w.DHCP {
		u++
		why += " + DHCP client"
	}
	if w.DNS {
		u++
		why += " + DNS client"
	}
	if u < 1 {
		u = 1
	}
	s.set("MEMP_NUM_UDP_PCB", u, sec, "pool.udp_pcb", "%s", why)
}

// ruleDriver decides the descriptor rings and driver-owned RX buffers.
func ruleDriver(s *Sizer) {
	e := s.b.Ethernet
	ce := s.b.Chip.Ethernet
	d := &s.driver
	d.RxModel = s.model
	d.DescriptorSize = ce.DescriptorSize
	d.RxDescriptors, d.TxDescriptors = e.RxDescriptors, e.TxDescriptors
	if s.model == RxFIFO {
		d.RxDescriptors, d.TxDescriptors = 0, 0
	} else {
		if d.RxDescriptors == 0 {
			d.RxDescriptors = int(s.wndSegs)
			if d.RxDescriptors < 4 {
				d.RxDescriptors = 4
			}
		}
		if d.TxDescriptors == 0 {
			d.TxDescriptors = int(s.sndSegs)
			if d.TxDescriptors < 4 {
				d.TxDescriptors = 4
			}
		}
	}
	line := int64(s.b.Chip.Core.DCacheLine)
	if line == 0 {
		line = 4
	}
	size := int64(ce.MaxRxBufferLen)
	if size == 0 {
		size = 1536
	}
	d.RxBufferSize = int(alignUp(size, line))
	switch s.model {
	case RxCustomPool:
		d.RxBuffers = e.RxBuffers
		if d.RxBuffers == 0 {
			// one window per receiving stream, and room for the recovering
			// connections' out-of-order queues (see lossWindowCap)
			d.RxBuffers = int(s.rxHeld()) + d.RxDescriptors + int(s.inputQueue())
		}
	case RxCopyToPool:
		d.RxBuffers = d.RxDescriptors // one library buffer per descriptor (ENET_RXBUF_NUM)
	}
	d.RxBudget = 8
	if s.model == RxFIFO {
		d.RxBudget = int(s.driver.RxWindowFrames*int(s.rxStreams)) + 1
	} else if d.RxDescriptors > 0 && d.RxDescriptors < d.RxBudget {
		d.RxBudget = d.RxDescriptors
	}
	if s.rtosZeroCopy() {
		d.RxBudget, _ = s.rtosRxBudget(d.RxDescriptors)
	}
}

// rulePbufPool sizes PBUF_POOL: the RX path of copy/FIFO/DMA-into-pool
// drivers, and otherwise what init.c #error 67 demands for the window.
func rulePbufPool(s *Sizer) {
	const sec = "Pools: packet buffers"
	hdr := int64(ethHdr + ipHdr + tcpHdr)
	bufsize := alignUp(s.mss+hdr, s.align)
	s.setExpr("PBUF_POOL_BUFSIZE", "LWIP_MEM_ALIGN_SIZE(TCP_MSS + 40 + PBUF_LINK_ENCAPSULATION_HLEN + PBUF_LINK_HLEN)", bufsize, sec, "pool.pbuf_bufsize",
		"one full frame per pbuf: MSS %d + IP/TCP 40 + Ethernet %d, aligned to %d = %d B (seed 000's MSS+40 = 1500 splits every frame in two)", s.mss, ethHdr, s.align, bufsize)
	minForWnd := ceilDiv(s.val["TCP_WND"], bufsize-hdr)
	var n int64
	var why string
	switch s.model {
	case RxCustomPool:
		n = minForWnd
		why = fmt.Sprintf("RX data lives in the driver's zero-copy pool, not here; %d = ceil(TCP_WND / (PBUF_POOL_BUFSIZE - 54)) is the minimum lwIP's init.c #error 67 accepts", n)
		if q := s.fallbackCopies(); q > 0 {
			n += q
			why += fmt.Sprintf(", + %d for the frames of the tcpip mailbox: %s", q, s.fallbackWhy())
		}
	case RxPbufPoolDMA:
		n = int64(s.driver.RxDescriptors) + s.rxHeld() + 2
		why = fmt.Sprintf("%d armed on the RX ring + %d held by TCP (%s) + 2 for ARP/ICMP", s.driver.RxDescriptors, s.rxHeld(), s.rxHeldWhy())
	default:
		// A copy driver (and a FIFO MAC) keeps its own receive buffers: a short
		// pool drops one frame and makes lwIP free out-of-order data
		// (PBUF_POOL_FREE_OOSEQ), but never leaves the ring unarmed; one window
		// per stream is what it must hold.
		n = s.wndSegs*s.rxStreams + int64(s.driver.RxBudget) + 2
		why = fmt.Sprintf("%d segments x %d stream(s) held by TCP + %d frames copied per poll before TCP consumes them + 2 for ARP/ICMP", s.wndSegs, s.rxStreams, s.driver.RxBudget)
	}
	if n < minForWnd {
		n = minForWnd
	}
	s.set("PBUF_POOL_SIZE", n, sec, "pool.pbuf_pool", "%s", why)
	q := s.val["TCP_SND_QUEUELEN"]
	if q < 16 {
		q = 16
	}
	s.set("MEMP_NUM_PBUF", q, sec, "pool.pbuf_ref",
		"PBUF_ROM/REF headers for no-copy tcp_write: one per queued segment of a connection (TCP_SND_QUEUELEN), at least lwIP's default 16")
}

// ruleSegments sizes the TCP segment pool shared by all connections.
func ruleSegments(s *Sizer) {
	w := s.b.Workload
	tx := int64(w.TCPConnections)
	if tx < 1 {
		tx = 1
	}
	need := tx*s.sndSegs + s.rxHeld()
	q := s.val["TCP_SND_QUEUELEN"]
	why := fmt.Sprintf("%d connection(s) x %d unacked segments + %d received segments held (%s) = %d", tx, s.sndSegs, s.rxHeld(), s.rxHeldWhy(), need)
	if need < q {
		need = q
		why += fmt.Sprintf("; raised to TCP_SND_QUEUELEN %d (init.c #error 60)", q)
	}
	s.set("MEMP_NUM_TCP_SEG", need, "Pools: TCP segments", "pool.tcp_seg", "%s", why)
}

// ruleHeap sizes MEM_SIZE for the TX copies all sending connections can queue.
func ruleHeap(s *Sizer) {
	w := s.b.Workload
	tx := int64(w.TCPConnections)
	if tx < 1 {
		tx = 1
	}
	var total, seg int64
	var why string
	for _, big := range []bool{false, true} {
		seg = s.heapSegCost(s.mss, big)
		tcp := tx * s.sndSegs * seg
		udp := int64(w.UDPEndpoints) * s.heapSegCost(mtu-ipHdr-8, big)
		extra := 2 * seg // ARP request, ICMP echo reply, TCP control segments in flight
		why = fmt.Sprintf("%d connection(s) x %d copied segments x %d B (MSS %d + heap header, pbuf and header room at MEM_ALIGNMENT %d) = %d B + %d UDP datagram(s) %d B + 2 transient frames %d B",
			tx, s.sndSegs, seg, s.mss, s.align, tcp, w.UDPEndpoints, udp, extra)
		total = tcp + udp + extra
		if w.DHCP {
			total += alignUp(60, s.align)
			why += " + struct dhcp"
		}
		if alignUp(total, 1024) <= 64000 {
			break // mem_size_t stays 16-bit: the 8-byte header holds
		}
	}
	total = alignUp(total, 1024)
	why += fmt.Sprintf(", rounded up to %d", total)
	s.set("MEM_SIZE", total, "Heap", "heap.mem_size", "%s", why)
}

// ruleTimeouts: lwIP's internal timers plus the application's and the glue's.
func ruleTimeouts(s *Sizer) {
	extra := int64(s.b.Workload.AppTimers) + 1
	s.setExpr("MEMP_NUM_SYS_TIMEOUT", fmt.Sprintf("(LWIP_NUM_SYS_TIMEOUT_INTERNAL + %d)", extra), 0, "Pools: timers", "pool.sys_timeout",
		"lwIP's own timers (LWIP_NUM_SYS_TIMEOUT_INTERNAL, per version) + workload.app_timers %d + 1 link-check timer of the glue; written as an expression so lwIP 2.2's extra ACD timer is counted too",
		s.b.Workload.AppTimers)
}

// ruleMailboxes: message boxes of the sequential API (RTOS only). lwIP's
// defaults are 0, which most sys_arch ports reject.
func ruleMailboxes(s *Sizer) {
	if s.b.RTOS == "none" {
		return
	}
	const sec = "RTOS message boxes"
	in := int64(s.driver.RxBudget) * 2
	s.set("TCPIP_MBOX_SIZE", in, sec, "mbox.tcpip", "two RX budgets (%d frames) of input messages can wait for the tcpip thread", s.driver.RxBudget)
	inWhy := "one message per frame waiting in the tcpip mailbox"
	if q := s.inputQueue(); q > 0 {
		inWhy = fmt.Sprintf("as many frames as the mailbox holds (two RX batches of %d): the RX reserve counts the one that waits at the declared load; refusing the second at tcpip_input (a pool of one batch) dropped 34/41 frames per run on h743 at twice its connections, against 9/11 with two (simulator)", q)
	}
	s.set("DEFAULT_TCP_RECVMBOX_SIZE", s.wndSegs+2, sec, "mbox.tcp_recv", "one window of segments (%d) + 2 per connection", s.wndSegs)
	s.set("DEFAULT_UDP_RECVMBOX_SIZE", 8, sec, "mbox.udp_recv", "8 datagrams queued per UDP socket")
	s.set("DEFAULT_ACCEPTMBOX_SIZE", 4, sec, "mbox.accept", "4 pending connections per listener")
	n := int64(s.b.Workload.TCPConnections + s.b.Workload.TCPListeners + s.b.Workload.UDPEndpoints)
	s.set("MEMP_NUM_NETCONN", n, sec, "pool.netconn", "one netconn per TCP connection, listener and UDP endpoint (%d)", n)
	s.set("MEMP_NUM_NETBUF", int64(s.b.Workload.UDPEndpoints)*2+2, sec, "pool.netbuf", "2 netbufs per UDP endpoint + 2")
	s.set("MEMP_NUM_TCPIP_MSG_INPKT", in, sec, "pool.tcpip_msg_inpkt", "%s", inWhy)
}

// ruleRxReserve decides which RX buffers lwIP may never hold. With a
// zero-copy pool (and with DMA into PBUF_POOL) every buffer lwIP keeps - a
// window not yet read, an out-of-order segment - is one the ring cannot be
// re-armed with; when lwIP holds them all, the MAC drops every frame,
// including the ACKs and retransmissions that would free them (measured in
// the simulator: h743 at 1 % loss, two connections' out-of-order queues held
// all 16 buffers, while no pool counter moved). So the ring's own descriptors
// are reserved, and the OOSEQ limits below keep lwIP inside the rest.
func ruleRxReserve(s *Sizer) {
	d := &s.driver
	switch s.model {
	case RxCustomPool:
		q := int(s.inputQueue())
		d.RxReserve = d.RxDescriptors + q
		d.RxLwIPShare = max(d.RxBuffers-d.RxReserve, 0)
		d.RxReserveWhy = fmt.Sprintf("%d RX descriptors stay armed: of the %d zero-copy RX buffers lwIP may hold at most %d (windows + out-of-order segments, bounded by TCP_OOSEQ_MAX_PBUFS)",
			d.RxDescriptors, d.RxBuffers, d.RxLwIPShare)
		if q > 0 {
			_, bw := s.rtosRxBudget(d.RxDescriptors)
			d.RxReserveWhy = fmt.Sprintf("%d RX descriptors stay armed and %d received frames wait in the tcpip mailbox (RX batch LWIPGEN_RX_BUDGET %d: %s): of the %d zero-copy RX buffers lwIP may hold at most %d (windows + out-of-order segments, bounded by TCP_OOSEQ_MAX_PBUFS)",
				d.RxDescriptors, q, d.RxBudget, bw, d.RxBuffers, d.RxLwIPShare)
		}
	case RxPbufPoolDMA:
		d.RxReserve = d.RxDescriptors
		d.RxLwIPShare = int(s.rxHeld())
		d.RxReserveWhy = fmt.Sprintf("%d PBUF_POOL pbufs stay armed on the RX ring; PBUF_POOL_SIZE adds them on top of the %d lwIP may hold", d.RxDescriptors, d.RxLwIPShare)
	default:
		d.RxReserve = 0
		d.RxLwIPShare = int(s.wndSegs * s.rxStreams)
		d.RxReserveWhy = "the DMA writes into buffers of its own (the driver copies into PBUF_POOL): lwIP holding pbufs never leaves the ring unarmed"
	}
	if d.RxLwIPShare < 1 {
		d.RxLwIPShare = 1
	}
}

// rxHeld is how many received segments lwIP may hold at once when the
// buffers are sized from the window: one window per receiving stream, or the
// rest of a window (window - 1) for each connection recovering from a loss,
// whichever is more. (zynq7035 in the simulator: 256 armed + 44 held left
// PBUF_POOL short by the second connection's out-of-order queue.)
func (s *Sizer) rxHeld() int64 {
	return max(s.wndSegs*s.rxStreams, s.recoveries()*(s.wndSegs-1))
}

func (s *Sizer) rxHeldWhy() string {
	return fmt.Sprintf("the larger of %d segments x %d stream(s) and %d recovering connection(s) x %d out-of-order segments", s.wndSegs, s.rxStreams, s.recoveries(), s.wndSegs-1)
}

// RuleOOSEQ re-derives the out-of-order limit for a flow that changes the
// window afterwards (the Xilinx BSP's 16-bit cap).
func RuleOOSEQ(s *Sizer) { ruleOOSEQ(s) }

// ruleOOSEQ bounds the out-of-order data each connection may queue. After a
// hole the receiver must queue the rest of the window (window - 1 segments):
// with less, the tail is dropped and lwIP's sender, which has no SACK here,
// re-sends it after a timeout (simulator: f767 at 0.1 % loss, an 8-segment
// window with 4 out-of-order buffers reached 33-41 instead of 95 Mbps RX).
// No connection may queue more than lwIP's share of the RX buffers, so one
// recovering connection never takes the buffers the ring needs; the window
// rule (lossWindowCap) keeps window - 1 small enough for two at once where the
// target allows. A fixed limit of one window (8, with 8 buffers for 5
// connections) let two connections starve the ring (h743 at 1 % loss).
func ruleOOSEQ(s *Sizer) {
	share := int64(s.driver.RxLwIPShare)
	per := max(s.wndSegs-1, 1)
	why := fmt.Sprintf("the window less the lost segment (%d): one loss costs one retransmission", per)
	if per > share {
		per = share
		why += fmt.Sprintf("; capped at the %d RX buffers lwIP may hold, so one connection never takes the ring's buffers", share)
	}
	why += fmt.Sprintf("; the %d RX buffers lwIP may hold cover %d connection(s) recovering at once", share, share/per)
	s.setExpr("TCP_OOSEQ_MAX_PBUFS", fmt.Sprint(per), per, "TCP", "tcp.ooseq_limit", "%s", why)
	s.set("TCP_OOSEQ_MAX_BYTES", per*s.mss, "TCP", "tcp.ooseq_bytes",
		"TCP_OOSEQ_MAX_PBUFS x MSS = %d B: the byte limit that matches the pbuf limit (lwIP checks both)", per*s.mss)
}
