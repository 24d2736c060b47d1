package rtthread

// RT-Thread 4.0.x (lwIP 2.1.2) target: lwipgen does not own lwipopts.h there.
// The port's own lwipopts.h maps Kconfig symbols (.config -> rtconfig.h) to
// lwIP options, hard-codes others, and leaves the rest to lwIP's defaults or
// to rtconfig_project.h, which rtconfig.h includes last. These rules size the
// board through exactly those channels, and the plan's settings are the
// *effective* options the port produces (port.Effective), so lwIP's rules,
// the RAM model and the compile check all see what RT-Thread will compile.
// Reference: shared/reference/rtthread.md.

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/lwipgen/lwipgen/internal/flows/rtthread/port"
	"github.com/lwipgen/lwipgen/internal/lwip"
	"github.com/lwipgen/lwipgen/internal/plan"
)

// rxCopyToHeap: the ART-Pi H7 drv_eth.c. The DMA writes into the driver's
// Rx_Buff ring; the erx thread copies every frame into a PBUF_RAM pbuf
// (pbuf_alloc(PBUF_RAW, len, PBUF_RAM)), so received data lives in the lwIP
// heap (MEM_SIZE) until the application reads it. PBUF_POOL is not on the RX
// path. TX is zero-copy from lwIP pbufs after a whole-D-cache clean.
const rxCopyToHeap plan.RxModel = "copy_to_heap"

// ART-Pi drv_eth.c facts (old H7 HAL).
const (
	rttEthMaxPacket = 1528 // ETH_MAX_PACKET_SIZE: one Rx_Buff entry
	rttFrameMax     = 1522 // largest frame copied: 1500 + 14 header + 4 VLAN tag + 4 FCS (when the MAC does not strip it)
	rttPbufStruct   = 16   // struct pbuf on 32-bit ARM
	rttMemStruct    = 8    // struct mem (u16 mem_size_t, 6 B) aligned to MEM_ALIGNMENT 4
	rttPoolPbufData = 1460 // PBUF_POOL_BUFSIZE 1516 - (PBUF_LINK_HLEN 16 + IP 20 + TCP 20): init.c #error 67 counts this per pbuf
	rttTCPRecvMbox  = 10   // DEFAULT_TCP_RECVMBOX_SIZE hard-coded by the port
)

var rtthreadRules = []plan.Rule{ruleRTThread}

// rxFrameHeapCost is the heap one received frame occupies: struct mem + the
// PBUF_RAM allocation (struct pbuf + frame, aligned).
func rxFrameHeapCost() int64 {
	return rttMemStruct + rttPbufStruct + plan.AlignUp(rttFrameMax, 4)
}

// Config is how a board is expressed to an RT-Thread BSP.
type Config struct {
	Kconfig []port.Entry   // .config / rtconfig.h assignments, in menu order
	Side    []plan.Setting // rtconfig_project.h defines (lwIP options the port leaves open)
	Patches []Patch
	// Effective is what lwIP sees: port lines over rtconfig.h + side header + patches.
	Effective map[string]port.Value
	Lines     []port.Line // the modelled port lwipopts.h (patches applied by Effective)
	// Unroutable lists user overrides that no channel can express.
	Unroutable []string
}

// Patch changes one hard-coded line of the port lwipopts.h.
type Patch struct {
	Option, From, To, Why string
}

// ConfigOf returns the RT-Thread configuration of an rtthread board (nil otherwise).
func ConfigOf(p *plan.Plan) *Config {
	if p == nil || p.Board == nil || p.Board.RTOS != "rtthread" {
		return nil
	}
	c, _ := rtthreadDecide(p.Board, p.Board.Workload.TargetMbps)
	return c
}

// rtSizing carries the numbers the checks explain.
type rtSizing struct {
	wndSegs, sndSegs, rxFrames, txHeap, rxHeap, otherHeap int64
	driver                                                plan.Driver
}

func ruleRTThread(s *plan.Sizer) {
	s.SetRxModel(rxCopyToHeap)
	s.SetMSS(1460)
	c, z := rtthreadDecide(s.Board(), s.Target())
	s.SetSegments(z.wndSegs, z.sndSegs)
	s.SetDriver(z.driver)
	why := map[string]string{}
	for _, st := range c.Side {
		why[st.Name] = st.Why
	}
	kwhy := map[string]string{}
	for _, e := range c.Kconfig {
		kwhy[e.Symbol] = e.Why
	}
	pwhy := map[string]string{}
	for _, pt := range c.Patches {
		pwhy[pt.Option] = pt.Why
	}
	for _, name := range port.SortedKeys(c.Effective) {
		v := c.Effective[name]
		if !lwip.Known(lwip.V213, name) {
			continue // port macros lwIP does not read (LWIP_PLATFORM_BYTESWAP, PBUF_STATS)
		}
		n, _ := strconv.ParseInt(v.Expr, 0, 64)
		var sec, rule, w string
		switch v.Origin {
		case port.FromKconfig:
			sec, rule = "RT-Thread Kconfig (.config -> rtconfig.h)", "rtthread.kconfig"
			w = fmt.Sprintf("CONFIG_%s through the port lwipopts.h: %s", v.Symbol, kwhy[v.Symbol])
		case port.FromPort:
			sec, rule = "RT-Thread port lwipopts.h (hard-coded)", "rtthread.port"
			w = "hard-coded (or fallback) in RT-Thread " + port.Version403 + "'s port lwipopts.h; lwipgen keeps it"
			if l, ok := port.LineFor(port.Port403, name); ok && l.Comment != "" {
				w += " (" + l.Comment + ")"
			}
		case port.FromPatch:
			sec, rule = "RT-Thread port lwipopts.h (patched)", "rtthread.patch"
			w = "port lwipopts.h patched by lwipgen: " + pwhy[name]
		default:
			sec, rule = "rtconfig_project.h (side header)", "rtthread.side"
			w = why[name]
			if w == "" {
				w = "rtconfig.h defines it (a Kconfig symbol named like the lwIP option): " + kwhy[name]
			}
		}
		if v.Ignored != "" {
			w += fmt.Sprintf(" (rtconfig.h/rtconfig_project.h also define it as %q, which the port overrides)", v.Ignored)
		}
		s.SetExpr(name, v.Expr, n, sec, rule, "%s", w)
	}
	// the fit search and later rules read these
	for _, n := range []string{"TCP_WND", "TCP_SND_BUF", "MEM_SIZE"} {
		if v, err := strconv.ParseInt(c.Effective[n].Expr, 0, 64); err == nil {
			s.SetVal(n, v)
		}
	}
}

func hasMember(l port.Line, name, expr string) bool {
	for _, m := range l.Members {
		if m[0] == name && (m[1] == expr || m[2] == expr) {
			return true
		}
	}
	return false
}

// kconfigOrder is the order of RT-Thread's lwIP menu (what .config lists).
var kconfigOrder = []string{
	"RT_USING_LWIP", "RT_USING_LWIP212", "RT_USING_LWIP_IPV6", "RT_LWIP_IGMP", "RT_LWIP_ICMP", "RT_LWIP_SNMP",
	"RT_LWIP_DNS", "RT_LWIP_DHCP", "RT_LWIP_UDP", "RT_LWIP_TCP", "RT_LWIP_RAW", "RT_LWIP_PPP",
	"RT_MEMP_NUM_NETCONN", "RT_LWIP_PBUF_NUM", "RT_LWIP_RAW_PCB_NUM", "RT_LWIP_UDP_PCB_NUM", "RT_LWIP_TCP_PCB_NUM",
	"RT_LWIP_TCP_SEG_NUM", "RT_LWIP_TCP_SND_BUF", "RT_LWIP_TCP_WND", "RT_LWIP_TCPTHREAD_PRIORITY",
	"RT_LWIP_TCPTHREAD_MBOX_SIZE", "RT_LWIP_TCPTHREAD_STACKSIZE", "LWIP_NO_RX_THREAD", "LWIP_NO_TX_THREAD",
	"RT_LWIP_ETHTHREAD_PRIORITY", "RT_LWIP_ETHTHREAD_STACKSIZE", "RT_LWIP_ETHTHREAD_MBOX_SIZE",
	"RT_LWIP_REASSEMBLY_FRAG", "LWIP_NETIF_STATUS_CALLBACK", "LWIP_NETIF_LINK_CALLBACK", "SO_REUSE",
	"LWIP_SO_RCVTIMEO", "LWIP_SO_SNDTIMEO", "LWIP_SO_RCVBUF", "LWIP_SO_LINGER", "RT_LWIP_USING_HW_CHECKSUM",
	"IP_SOF_BROADCAST", "IP_SOF_BROADCAST_RECV", "RT_LWIP_STATS", "RT_LWIP_USING_PING",
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }

// rtthreadPost runs after the generic checks: RAM with the port's
// MEMP_OVERFLOW_CHECK, the driver's objects, and RT-Thread's own checks.
func rtthreadPost(p *plan.Plan, s *plan.Sizer) {
	c, z := rtthreadDecide(p.Board, s.Target())
	// RAM: the port keeps MEMP_OVERFLOW_CHECK 1, which lwip.PredictRAM does
	// not model: predict without it, then add memp.c's per-element overhead
	// (struct memp grows to 12 B, plus the 16 B sanity regions before and
	// after every element: MEMP_SIZE + MEMP_ALIGN_SIZE(size)).
	if p.Value("MEMP_OVERFLOW_CHECK") != 0 {
		set := map[string]string{}
		for _, st := range p.Settings {
			set[st.Name] = st.Expr
		}
		set["MEMP_OVERFLOW_CHECK"] = "0"
		var kept []plan.Check
		for _, ck := range p.Checks {
			if ck.ID != "plan.ram_model" {
				kept = append(kept, ck)
			}
		}
		p.Checks = kept
		cfg, err := lwip.Resolve(p.Version, set)
		if err == nil {
			cfg.Measured = p.Config.Measured // the BSP's own lwIP, when the pipeline measured it
			p.RAM, err = lwip.PredictRAM(cfg)
		}
		if err != nil {
			p.Checks = append(p.Checks, plan.Check{ID: "plan.ram_model", OK: false, Detail: err.Error()})
		} else {
			a := p.Value("MEM_ALIGNMENT")
			over := plan.AlignUp(12, a) + plan.AlignUp(16, a) + plan.AlignUp(16, a)
			p.RAM.Total = 0
			for i, pl := range p.RAM.Pools {
				pl.Bytes = pl.Num*(plan.AlignUp(pl.ElemSize, a)+over) + a - 1
				p.RAM.Pools[i] = pl
				p.RAM.Symbols["memp_memory_"+pl.Name+"_base"] = pl.Bytes
			}
			for _, v := range p.RAM.Symbols {
				p.RAM.Total += v
			}
			p.RAM.Total += p.RAM.Static
		}
	}
	p.Objects = plan.Objects(p)
	d := p.Driver
	// The ART-Pi drv_eth.c calls SCB_InvalidateDCache() (invalidate without
	// clean) in rt_hw_stm32_eth_init (INIT_DEVICE_EXPORT), after
	// lwip_system_init (INIT_PREV_EXPORT) has written the heap header and the
	// pool free lists: in write-back memory those dirty lines would be
	// discarded. The stock BSP is safe because drv_mpu.c makes AXI SRAM
	// write-through (no line is ever dirty); lwipgen gives its lwIP memory the
	// same write-through attribute with an MPU region.
	wt := p.Board.Chip.Core.DCache
	for i := range p.Objects {
		o := &p.Objects[i]
		if o.Owner != "lwip" {
			continue
		}
		if o.Symbol == "ram_heap" {
			o.DMA, o.Coherency = true, plan.CoherencyClean
			o.Why = "lwIP heap: every received frame is copied here by the erx thread, and TX pbufs (copied socket data) are read by the DMA in place after drv_eth.c cleans the whole D-cache before each transmit"
		}
		if wt {
			o.Coherency = plan.CoherencyWriteThrough
			o.Why += "; write-through: drv_eth.c's SCB_InvalidateDCache() at driver init (after lwip_system_init wrote this memory) must find no dirty line"
		}
	}
	if d.RxBuffers > 0 {
		coh := plan.CoherencyNone
		if wt {
			coh = plan.CoherencyWriteThrough
		}
		p.Objects = append(p.Objects, plan.Object{Name: "eth_rx_buffers", Symbol: "Rx_Buff", Size: int64(d.RxBuffers * d.RxBufferSize), Align: 4, DMA: true, Coherency: coh, Owner: "driver",
			Why: fmt.Sprintf("drv_eth.c Rx_Buff[ETH_RX_DESC_CNT %d][ETH_MAX_PACKET_SIZE %d]: DMA-written, invalidated by address before each copy into the heap; write-through like lwIP's memory, so the whole-cache invalidate at driver init loses nothing", d.RxBuffers, d.RxBufferSize)})
	}

	b := p.Board
	add := func(id string, ok bool, path, format string, args ...any) {
		ck := plan.Check{ID: id, OK: ok, Detail: fmt.Sprintf(format, args...)}
		if !ok && path != "" {
			r := b.RangeOf(path)
			ck.Range = &r
		}
		p.Checks = append(p.Checks, ck)
	}
	ql, seg := p.Value("TCP_SND_QUEUELEN"), p.Value("MEMP_NUM_TCP_SEG")
	add("rtthread.snd_queuelen_fits_seg_num", ql <= seg, "",
		"the port derives TCP_SND_QUEUELEN = 4*TCP_SND_BUF/TCP_MSS = 4*%d/%d = %d; MEMP_NUM_TCP_SEG (RT_LWIP_TCP_SEG_NUM) = %d must be at least that or lwIP's init.c #error stops the build",
		p.Value("TCP_SND_BUF"), p.Value("TCP_MSS"), ql, seg)
	rxFrames := int64(p.Value("TCP_WND")+p.Value("TCP_MSS")-1)/max(p.Value("TCP_MSS"), 1) + int64(d.RxDescriptors)
	need := rxFrames*rxFrameHeapCost() + z.txHeap
	add("rtthread.heap_holds_rx_copies", p.Value("MEM_SIZE") >= need, "options.MEM_SIZE",
		"MEM_SIZE %d B; the copy-to-heap RX path holds %d frames x %d B (a window + the RX ring) and TX copies need %d B: %d B",
		p.Value("MEM_SIZE"), rxFrames, rxFrameHeapCost(), z.txHeap, need)
	add("rtthread.mem_size_set", p.Value("MEM_SIZE") > 1600, "options.MEM_SIZE",
		"MEM_SIZE %d B (RT-Thread 4.0.3 leaves lwIP's 1600 B default: one full frame fills it)", p.Value("MEM_SIZE"))
	add("rtthread.tcp_recvmbox_holds_window", p.Value("DEFAULT_TCP_RECVMBOX_SIZE") >= plan.CeilDiv(p.Value("TCP_WND"), max(p.Value("TCP_MSS"), 1)), "options.TCP_WND",
		"DEFAULT_TCP_RECVMBOX_SIZE %d mails per TCP socket for a %d-segment window", p.Value("DEFAULT_TCP_RECVMBOX_SIZE"), plan.CeilDiv(p.Value("TCP_WND"), max(p.Value("TCP_MSS"), 1)))
	add("rtthread.tcpip_mbox_holds_window", p.Value("TCPIP_MBOX_SIZE") >= plan.CeilDiv(p.Value("TCP_WND"), max(p.Value("TCP_MSS"), 1)) && p.Value("MEMP_NUM_TCPIP_MSG_INPKT") >= p.Value("TCPIP_MBOX_SIZE"), "",
		"TCPIP_MBOX_SIZE (RT_LWIP_TCPTHREAD_MBOX_SIZE) %d and MEMP_NUM_TCPIP_MSG_INPKT %d for a window of %d segments: a full mailbox or message pool drops the frame in tcpip_input",
		p.Value("TCPIP_MBOX_SIZE"), p.Value("MEMP_NUM_TCPIP_MSG_INPKT"), plan.CeilDiv(p.Value("TCP_WND"), max(p.Value("TCP_MSS"), 1)))
	var bad []string
	for _, en := range c.Kconfig {
		sym, ok := port.Kconfig[en.Symbol]
		if !ok {
			bad = append(bad, en.Symbol+" (no such Kconfig symbol)")
		} else if sym.Type == "int" {
			if _, ok := port.IntValue(en.Value); !ok {
				bad = append(bad, fmt.Sprintf("%s=%s (int symbol)", en.Symbol, en.Value))
			}
		}
	}
	add("rtthread.kconfig_values", len(bad) == 0, "", "every .config assignment names a Kconfig symbol of RT-Thread's lwIP menu with a value of its type: %s", strings.Join(orNone(bad), ", "))
	vals := map[string]string{}
	for _, en := range c.Kconfig {
		vals[en.Symbol] = en.Value
	}
	km := port.Model403()
	var drift []string
	for sym, by := range km.Forced(vals) {
		if _, inMenu := port.Kconfig[sym]; inMenu { // the BSP's own symbols (RT_USING_DEVICE, NETDEV_*) are vendor's to check
			drift = append(drift, sym+" (selected by "+by+")")
		}
	}
	sort.Strings(drift)
	drift = append(drift, km.Unmet(vals)...)
	add("rtthread.kconfig_consistent", len(drift) == 0, "", "RT-Thread's Kconfig selects and the sources' compile requirements hold for the .config lines lwipgen writes (menuconfig keeps them; the BSP compiles): %s", strings.Join(orNone(drift), "; "))
	add("rtthread.overrides_routed", len(c.Unroutable) == 0, "", "every options {} value reaches lwIP through Kconfig, rtconfig_project.h or a port patch: %s", strings.Join(orNone(c.Unroutable), "; "))
	var ignored []string
	for _, n := range port.SortedKeys(c.Effective) {
		if v := c.Effective[n]; v.Ignored != "" {
			ignored = append(ignored, n)
		}
	}
	add("rtthread.side_header_effective", len(ignored) == 0, "", "no rtconfig_project.h define is overridden by the port: %s", strings.Join(orNone(ignored), ", "))
	sort.SliceStable(p.Checks, func(i, j int) bool { return p.Checks[i].ID < p.Checks[j].ID })
}

func orNone(s []string) []string {
	if len(s) == 0 {
		return []string{"none"}
	}
	return s
}
