package rtthread

import (
	"fmt"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/flows/rtthread/port"
	"github.com/lwipgen/lwipgen/internal/plan"
)

// rtthreadDecide sizes the board for RT-Thread and routes every value (and
// every options {} override) to the channel that can set it.
func rtthreadDecide(b *board.Board, target float64) (*Config, rtSizing) {
	s := plan.NewSizer(b, target, 1460)
	var z rtSizing
	r := newRTDecision()
	t := sizeRTTCP(s, b, target, &z)
	sizeRTDriver(b, &z)
	sizeRTHeap(s, b, &z, &t)
	// Order matters: each step may replace a value an earlier one set
	// (options {} over defaults, Kconfig selects over both).
	r.setStackKconfig(s, b, &z, &t)
	r.setSideHeader(b, &z, &t, s.MSS())
	r.patchRecvMbox(&z)
	r.routeOptions(b)
	r.applySelects()
	return r.finish(), z
}

// rtDecision collects what rtthreadDecide routes, keyed by name so a later
// step (an options {} override, a Kconfig select) replaces an earlier default.
type rtDecision struct {
	c       *Config
	kc      map[string]port.Entry   // .config symbols
	side    map[string]plan.Setting // rtconfig_project.h defines
	patches map[string]string       // port lwipopts.h line -> new value
	pwhy    map[string]string       // why each patch
}

func newRTDecision() *rtDecision {
	return &rtDecision{
		c:       &Config{Lines: port.Port403},
		kc:      map[string]port.Entry{},
		side:    map[string]plan.Setting{},
		patches: map[string]string{},
		pwhy:    map[string]string{},
	}
}

func (r *rtDecision) setK(sym, val, format string, args ...any) {
	r.kc[sym] = port.Entry{Symbol: sym, Value: val, Why: fmt.Sprintf(format, args...)}
}

func (r *rtDecision) setSide(name, expr, format string, args ...any) {
	r.side[name] = plan.Setting{Name: name, Expr: expr, Why: fmt.Sprintf(format, args...), Rule: "rtthread.side", Section: "rtconfig_project.h"}
}

func (r *rtDecision) unroutable(format string, args ...any) {
	r.c.Unroutable = append(r.c.Unroutable, fmt.Sprintf(format, args...))
}

// yn is a Kconfig bool value.
func yn(on bool) string {
	if on {
		return "y"
	}
	return "n"
}

// rtTCP is the TCP and heap sizing the Kconfig and side-header reasons quote.
type rtTCP struct {
	wnd, snd int64 // bytes
	tx       int64 // sending connections (at least 1)
	mem      int64 // MEM_SIZE
	mbox     int64 // tcpip mailbox depth
	bdpWhy   string
	floorWhy string // why the send buffer was raised for loss, or ""
}

// sizeRTTCP sizes window and send buffer: the BDP rules of the other
// targets, in whole segments of the port's fixed TCP_MSS 1460. No window
// scaling (the port does not enable it), so both stay below 64 KiB.
func sizeRTTCP(s *plan.Sizer, b *board.Board, target float64, z *rtSizing) rtTCP {
	w := b.Workload
	bdp := s.BDPBytes()
	per := int64(float64(bdp) * s.Headroom())
	z.wndSegs = max(plan.CeilDiv(per, s.MSS()), 4)
	z.wndSegs = min(z.wndSegs, plan.U16Max/s.MSS())
	z.sndSegs = plan.CeilDiv(per, s.MSS())
	if w.Profile == "latency" {
		z.sndSegs = min(z.sndSegs, 4)
	}
	floor, floorWhy := int64(2), ""
	if w.LossPercent > 0 {
		// the lost segment and the three whose duplicate ACKs trigger fast retransmit: with fewer every
		// loss waits for the port's 1-1.5 s RTO floor (250 ms clock), which plan.loss_tolerance refuses
		floor = plan.MinFastRetransmitSegments
		if z.sndSegs < floor {
			floorWhy = fmt.Sprintf("; raised to %d segments so a loss at workload.loss_percent %g is repaired by fast retransmit (three duplicate ACKs), not the RTO", floor, w.LossPercent)
		}
	}
	z.sndSegs = min(max(z.sndSegs, floor), plan.U16Max/s.MSS())
	return rtTCP{
		wnd:      z.wndSegs * s.MSS(),
		snd:      z.sndSegs * s.MSS(),
		bdpWhy:   fmt.Sprintf("BDP %g Mbps x %g ms = %d B x%.1f (%s profile) = %d B", target, w.RTTMs, bdp, s.Headroom(), w.Profile, per),
		floorWhy: floorWhy,
	}
}

// sizeRTDriver describes the ART-Pi drv_eth.c:
// Rx_Buff[ETH_RX_DESC_CNT][ETH_MAX_PACKET_SIZE].
func sizeRTDriver(b *board.Board, z *rtSizing) {
	e := b.Ethernet
	d := &z.driver
	d.RxModel = rxCopyToHeap
	d.RxDescriptors, d.TxDescriptors = e.RxDescriptors, e.TxDescriptors
	if d.RxDescriptors == 0 {
		d.RxDescriptors = b.Chip.Ethernet.DefaultRxDesc
	}
	if d.TxDescriptors == 0 {
		d.TxDescriptors = b.Chip.Ethernet.DefaultTxDesc
	}
	d.RxBuffers = d.RxDescriptors
	d.RxBufferSize = rttEthMaxPacket
	d.DescriptorSize = b.Chip.Ethernet.DescriptorSize
	d.RxBudget = d.RxDescriptors
	d.ChecksumHW = e.ChecksumOffload
	d.NagleOff = b.Workload.Profile == "latency"
}

// sizeRTHeap sizes MEM_SIZE: every received frame is a PBUF_RAM copy until
// the application reads it (at most one window per stream, since unread data
// closes the advertised window), plus a ring's worth of non-window frames in
// the tcpip mailbox, plus the TX copies of every sending connection.
func sizeRTHeap(s *plan.Sizer, b *board.Board, z *rtSizing, t *rtTCP) {
	w, d := b.Workload, &z.driver
	t.tx = max(int64(w.TCPConnections), 1)
	z.rxFrames = z.wndSegs*s.RxStreams() + int64(d.RxDescriptors)
	z.rxHeap = z.rxFrames * rxFrameHeapCost()
	z.txHeap = t.tx * z.sndSegs * (s.MSS() + plan.TxHeapCost)
	z.otherHeap = int64(w.UDPEndpoints)*plan.AlignUp(plan.MTU-plan.IPHeader-8+plan.TxHeapCost, 4) + 2*(s.MSS()+plan.TxHeapCost)
	if w.DHCP {
		z.otherHeap += 60
	}
	t.mem = plan.AlignUp(z.rxHeap+z.txHeap+z.otherHeap, 1024)
	d.RxWindowFrames = int(z.wndSegs)
	t.mbox = max(z.rxFrames, 8)
}

// setStackKconfig sets the lwIP menu's Kconfig symbols (kconfigOrder puts
// them in menu order later).
func (r *rtDecision) setStackKconfig(s *plan.Sizer, b *board.Board, z *rtSizing, t *rtTCP) {
	r.setProtocolKconfig(b)
	r.setPoolKconfig(s, b, z, t)
	r.setThreadKconfig(b, z, t)
}

// setProtocolKconfig turns the protocols on or off.
func (r *rtDecision) setProtocolKconfig(b *board.Board) {
	w := b.Workload
	r.setK("RT_USING_LWIP", "y", "lwIP is the network stack")
	r.setK("RT_USING_LWIP212", "y", "lwip_version = %q: the 4.0.x choice RT_USING_LWIP212 (the default is 2.0.2)", b.LwIPVersion)
	r.setK("RT_USING_LWIP_IPV6", "n", "IPv4-only board description")
	r.setK("RT_LWIP_IGMP", "n", "no multicast in the workload (saves the IGMP group pool and per-UDP-PCB multicast fields)")
	r.setK("RT_LWIP_ICMP", "y", "ping replies for diagnostics")
	r.setK("RT_LWIP_SNMP", "n", "no SNMP agent")
	r.setK("RT_LWIP_DNS", "y", "kept on whatever workload.dns (%v) says: the ping command (ethernetif.c lwip_netdev_ping) and SAL's lwIP back end (af_inet_lwip.c) call lwip_getaddrinfo/lwip_gethostbyname, which exist only with LWIP_DNS; every ART-Pi Ethernet project has SAL and ping on", w.DNS)
	r.setK("RT_LWIP_DHCP", yn(w.DHCP), "workload.dhcp = %v", w.DHCP)
	r.setK("RT_LWIP_UDP", "y", "UDP endpoints and DHCP")
	r.setK("RT_LWIP_TCP", "y", "TCP connections in the workload")
	r.setK("RT_LWIP_RAW", "n", "no raw IP sockets in the workload")
	r.setK("RT_LWIP_PPP", "n", "Ethernet only")
}

// setPoolKconfig sizes the netconn, pbuf, PCB and segment pools and the TCP
// buffers from the workload and the window.
func (r *rtDecision) setPoolKconfig(s *plan.Sizer, b *board.Board, z *rtSizing, t *rtTCP) {
	w := b.Workload
	netconn := max(int64(w.TCPConnections+w.TCPListeners+w.UDPEndpoints), 1)
	r.setK("RT_MEMP_NUM_NETCONN", itoa(netconn), "one netconn per TCP connection, listener and UDP endpoint (%d)", netconn)
	r.setK("RT_LWIP_PBUF_NUM", itoa(z.wndSegs),
		"the ART-Pi driver receives into PBUF_RAM (the heap), so PBUF_POOL only has to satisfy init.c #error 67: TCP_WND %d B / %d B of TCP data per pool pbuf = %d (each pool pbuf costs %d B; the default 16 would waste %d B)",
		t.wnd, rttPoolPbufData, z.wndSegs, 16+1516, max(0, 16-z.wndSegs)*(16+1516))
	udp := int64(w.UDPEndpoints)
	if w.DHCP {
		udp++
	}
	udp++ // the DNS client (RT_LWIP_DNS stays on)
	r.setK("RT_LWIP_UDP_PCB_NUM", itoa(max(udp, 1)), "workload.udp_endpoints %d + DHCP/DNS clients", w.UDPEndpoints)
	r.setK("RT_LWIP_TCP_PCB_NUM", itoa(int64(w.TCPConnections)+1), "workload.tcp_connections %d + 1 so a new connection can start while one sits in TIME_WAIT", w.TCPConnections)
	ql := 4 * t.snd / s.MSS()
	seg := max(ql, t.tx*z.sndSegs+s.RxStreams()*z.wndSegs)
	r.setK("RT_LWIP_TCP_SEG_NUM", itoa(seg),
		"max(the port's TCP_SND_QUEUELEN = 4*TCP_SND_BUF/TCP_MSS = %d (init.c #error 60), %d connection(s) x %d unacked + %d out-of-order segments)", ql, t.tx, z.sndSegs, z.wndSegs)
	r.setK("RT_LWIP_TCP_SND_BUF", itoa(t.snd), "TX side of the %s -> %d segments x MSS 1460 (the Kconfig default 8196 is not a multiple of the MSS)%s", t.bdpWhy, z.sndSegs, t.floorWhy)
	r.setK("RT_LWIP_TCP_WND", itoa(t.wnd), "%s -> %d segments x MSS 1460 (at least 4 so three duplicate ACKs can trigger fast retransmit)", t.bdpWhy, z.wndSegs)
}

// setThreadKconfig sets the tcpip and Ethernet threads and the remaining
// switches (checksums, stats, ping, socket options).
func (r *rtDecision) setThreadKconfig(b *board.Board, z *rtSizing, t *rtTCP) {
	e, d := b.Ethernet, &z.driver
	r.setK("RT_LWIP_TCPTHREAD_PRIORITY", "10", "RT-Thread default: above application threads (lower number = higher priority)")
	r.setK("RT_LWIP_TCPTHREAD_MBOX_SIZE", itoa(t.mbox), "a window (%d frames) plus one RX ring (%d) of input messages can wait for the tcpip thread; a full mailbox makes tcpip_input drop the frame silently", z.wndSegs, d.RxDescriptors)
	r.setK("RT_LWIP_TCPTHREAD_STACKSIZE", "2048", "tcpip thread runs TCP, DHCP and the socket callbacks; the 1024 default is tight (check with list_thread)")
	r.setK("LWIP_NO_RX_THREAD", "n", "the erx thread copies frames out of the RX ring")
	r.setK("LWIP_NO_TX_THREAD", "n", "RT-Thread default")
	r.setK("RT_LWIP_ETHTHREAD_PRIORITY", "9", "erx above tcpip (10): it drains the %d-deep RX ring (the only buffer in front of the copy) before the stack processes the frames", d.RxDescriptors)
	r.setK("RT_LWIP_ETHTHREAD_STACKSIZE", "1024", "RT-Thread default")
	r.setK("RT_LWIP_ETHTHREAD_MBOX_SIZE", itoa(max(int64(2*d.RxDescriptors), 8)), "4.0.3 posts one mail per RX interrupt (no rx_notice): room for two rings of completions, at least the default 8")
	r.setK("RT_LWIP_USING_HW_CHECKSUM", yn(e.ChecksumOffload), "ethernet.checksum_offload = %v: the port sets every CHECKSUM_GEN_*/CHECK_* to 0 and the driver inserts them", e.ChecksumOffload)
	r.setK("RT_LWIP_STATS", "n", "off: it also turns on LWIP_STATS_DISPLAY and MIB2_STATS, whose RAM lwipgen does not model; switch it on for diagnosis (stats_display via an MSH command)")
	r.setK("RT_LWIP_REASSEMBLY_FRAG", "n", "no fragmented datagrams in the workload")
	r.setK("RT_LWIP_USING_PING", "y", "RT-Thread's default, on in every ART-Pi Ethernet project: the msh ping command (it selects RT_LWIP_RAW and RT_LWIP_ICMP)")
	r.setK("RT_LWIP_RAW_PCB_NUM", port.Kconfig["RT_LWIP_RAW_PCB_NUM"].Default, "Kconfig default: the ping command opens one raw socket at a time")
	for _, n := range []string{"LWIP_NETIF_STATUS_CALLBACK", "LWIP_NETIF_LINK_CALLBACK", "SO_REUSE", "LWIP_SO_RCVTIMEO", "LWIP_SO_SNDTIMEO", "LWIP_SO_RCVBUF", "LWIP_SO_LINGER", "IP_SOF_BROADCAST", "IP_SOF_BROADCAST_RECV"} {
		r.setK(n, port.Kconfig[n].Default, "RT-Thread default (the Kconfig symbol is the lwIP option itself)")
	}
}

// setSideHeader sets, in rtconfig_project.h, what neither Kconfig nor the
// port sets.
func (r *rtDecision) setSideHeader(b *board.Board, z *rtSizing, t *rtTCP, mss int64) {
	w, d := b.Workload, &z.driver
	r.setSide("MEM_SIZE", itoa(t.mem),
		"no Kconfig symbol exists and 4.0.3 leaves lwIP's 1600 default: RX %d frames (window %d + RX ring %d) x %d B (struct mem %d + struct pbuf %d + %d B frame) = %d B, TX %d connection(s) x %d copied segments x %d B = %d B, UDP/ARP/ICMP/DHCP %d B; rounded up to %d",
		z.rxFrames, z.wndSegs, d.RxDescriptors, rxFrameHeapCost(), rttMemStruct, rttPbufStruct, plan.AlignUp(rttFrameMax, 4), z.rxHeap, t.tx, z.sndSegs, mss+plan.TxHeapCost, z.txHeap, z.otherHeap, t.mem)
	r.setSide("MEMP_NUM_TCPIP_MSG_INPKT", itoa(t.mbox), "one message per frame the tcpip mailbox can hold (RT_LWIP_TCPTHREAD_MBOX_SIZE %d); lwIP's default is 8", t.mbox)
	r.setSide("MEMP_NUM_TCP_PCB_LISTEN", itoa(max(int64(w.TCPListeners), 1)), "workload.tcp_listeners = %d (lwIP's default 8 when unset)", w.TCPListeners)
	if nb := int64(w.UDPEndpoints)*2 + 2; nb > 2 {
		r.setSide("MEMP_NUM_NETBUF", itoa(nb), "2 netbufs per UDP endpoint + 2 (lwIP's default 2)")
	}
	if w.AppTimers > 0 {
		r.setSide("MEMP_NUM_SYS_TIMEOUT", fmt.Sprintf("(LWIP_NUM_SYS_TIMEOUT_INTERNAL + %d)", w.AppTimers), "lwIP's own timers + workload.app_timers %d", w.AppTimers)
	}
}

// patchRecvMbox raises the port's hard-coded per-socket receive mailbox when
// a window does not fit it.
func (r *rtDecision) patchRecvMbox(z *rtSizing) {
	if z.wndSegs+2 > rttTCPRecvMbox {
		r.patches["DEFAULT_TCP_RECVMBOX_SIZE"] = itoa(z.wndSegs + 2)
		r.pwhy["DEFAULT_TCP_RECVMBOX_SIZE"] = fmt.Sprintf("the port hard-codes 10 mails per TCP socket, fewer than a window of %d segments + 2: received segments would be refused (and retransmitted) before the application reads them", z.wndSegs)
	}
}

// routeOptions sends each options {} override through the channel that can
// set it, or records why none can.
func (r *rtDecision) routeOptions(b *board.Board) {
	for _, o := range b.Options {
		l, inPort := port.LineFor(port.Port403, o.Name)
		where := fmt.Sprintf("options { %s = %s } in %s:%d", o.Name, o.Expr, o.Range.Filename, o.Range.Start.Line)
		switch {
		case port.Kconfig[o.Name].Type == "int":
			// a Kconfig symbol named like the lwIP option (SO_REUSE, LWIP_SO_RCVTIMEO ...)
			if !o.IsInt {
				r.unroutable("%s: Kconfig int symbol; write a plain integer, not %q", o.Name, o.Expr)
				continue
			}
			r.setK(o.Name, itoa(o.Int), "%s", where)
		case inPort && l.Kind == port.FromInt && l.Expr == "" && port.Kconfig[l.Symbol].Type == "":
			// no Kconfig symbol behind the port's #ifdef: the side header sets the option itself
			r.setSide(o.Name, o.Expr, "%s", where)
		case inPort && l.Kind == port.FromInt && (l.Guard == "" || r.kc[l.Guard].Value != "n") && port.Kconfig[l.Symbol].Type == "int":
			if !o.IsInt {
				r.unroutable("%s: Kconfig %s is an int symbol; write a plain integer, not %q", o.Name, l.Symbol, o.Expr)
				continue
			}
			r.setK(l.Symbol, itoa(o.Int), "%s", where)
		case inPort && l.Kind == port.FromBool && o.IsInt && (o.Expr == l.Expr || o.Expr == l.Off):
			r.setK(l.Symbol, yn(o.Expr == l.Expr), "%s", where)
		case inPort && l.Kind == port.Ifndef, !inPort:
			r.setSide(o.Name, o.Expr, "%s", where)
		case inPort && l.Kind == port.Fixed:
			if o.Expr != l.Expr {
				r.patches[o.Name] = o.Expr
				r.pwhy[o.Name] = fmt.Sprintf("%s; the port defines it unconditionally, so no header can override it", where)
			}
		default:
			r.routeDerived(l, o.Name, o.Expr, where)
		}
	}
}

// routeDerived handles an override of an option the port derives from a
// Kconfig symbol: a group member it cannot express goes to the side header
// (unroutable while the group symbol is on); anything else is unroutable.
func (r *rtDecision) routeDerived(l port.Line, name, expr, where string) {
	if l.Kind == port.Group && !hasMember(l, name, expr) {
		r.setSide(name, expr, "%s", where)
		if r.kc[l.Symbol].Value == "y" {
			r.unroutable("%s: with %s set the port forces it to its own value; unset %s", name, l.Symbol, l.Symbol)
		}
		return
	}
	r.unroutable("%s = %s: the port derives it from Kconfig %s and cannot take that value", name, expr, l.Symbol)
}

// applySelects applies Kconfig's select statements: menuconfig turns these
// on whatever .config says, so the plan must have them on too (or
// menuconfig would change it).
func (r *rtDecision) applySelects() {
	vals := map[string]string{}
	for sym, en := range r.kc {
		vals[sym] = en.Value
	}
	forced := port.Model403().Forced(vals)
	for _, sym := range port.SortedKeys(forced) {
		if _, inMenu := port.Kconfig[sym]; inMenu {
			r.setK(sym, "y", "selected by %s in RT-Thread's Kconfig (menuconfig keeps it on whatever .config says)", forced[sym])
		}
	}
}

// finish orders the outputs (menu order, sorted names) and computes what
// lwIP will see.
func (r *rtDecision) finish() *Config {
	c := r.c
	for _, sym := range kconfigOrder {
		if en, ok := r.kc[sym]; ok {
			c.Kconfig = append(c.Kconfig, en)
		}
	}
	for _, n := range port.SortedKeys(r.side) {
		c.Side = append(c.Side, r.side[n])
	}
	for _, n := range port.SortedKeys(r.patches) {
		l, _ := port.LineFor(port.Port403, n)
		c.Patches = append(c.Patches, Patch{Option: n, From: l.Expr, To: r.patches[n], Why: r.pwhy[n]})
	}
	macros := port.Macros(c.Kconfig)
	for _, st := range c.Side {
		macros[st.Name] = st.Expr
	}
	c.Effective = port.Effective(port.Port403, macros, r.patches)
	return c
}
