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
	"strconv"

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

func orNone(s []string) []string {
	if len(s) == 0 {
		return []string{"none"}
	}
	return s
}
