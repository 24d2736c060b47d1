package rtthread

import (
	"fmt"
	"sort"
	"strings"

	"github.com/lwipgen/lwipgen/internal/flows/rtthread/port"
	"github.com/lwipgen/lwipgen/internal/lwip"
	"github.com/lwipgen/lwipgen/internal/plan"
)

// rtthreadPost runs after the generic checks: RAM with the port's
// MEMP_OVERFLOW_CHECK, the driver's objects, and RT-Thread's own checks.
func rtthreadPost(p *plan.Plan, s *plan.Sizer) {
	c, z := rtthreadDecide(p.Board, s.Target())
	if p.Value("MEMP_OVERFLOW_CHECK") != 0 {
		predictRAMWithOverflowCheck(p)
	}
	p.Objects = plan.Objects(p)
	placeRTObjects(p)
	k := rtChecker{p}
	k.checkSizing(z)
	k.checkKconfig(c)
	k.checkRouting(c)
	sort.SliceStable(p.Checks, func(i, j int) bool { return p.Checks[i].ID < p.Checks[j].ID })
}

// predictRAMWithOverflowCheck redoes the RAM prediction: the port keeps
// MEMP_OVERFLOW_CHECK 1, which lwip.PredictRAM does not model, so predict
// without it, then add memp.c's per-element overhead (struct memp grows to
// 12 B, plus the 16 B sanity regions before and after every element:
// MEMP_SIZE + MEMP_ALIGN_SIZE(size)).
func predictRAMWithOverflowCheck(p *plan.Plan) {
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
		return
	}
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

// placeRTObjects sets the coherency of lwIP's memory and adds the driver's
// RX ring. The ART-Pi drv_eth.c calls SCB_InvalidateDCache() (invalidate
// without clean) in rt_hw_stm32_eth_init (INIT_DEVICE_EXPORT), after
// lwip_system_init (INIT_PREV_EXPORT) has written the heap header and the
// pool free lists: in write-back memory those dirty lines would be
// discarded. The stock BSP is safe because drv_mpu.c makes AXI SRAM
// write-through (no line is ever dirty); lwipgen gives its lwIP memory the
// same write-through attribute with an MPU region.
func placeRTObjects(p *plan.Plan) {
	d := p.Driver
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
}

// rtChecker appends RT-Thread's checks to a plan.
type rtChecker struct{ p *plan.Plan }

// add appends one check; a failed check with a board path points at it.
func (k rtChecker) add(id string, ok bool, path, format string, args ...any) {
	ck := plan.Check{ID: id, OK: ok, Detail: fmt.Sprintf(format, args...)}
	if !ok && path != "" {
		r := k.p.Board.RangeOf(path)
		ck.Range = &r
	}
	k.p.Checks = append(k.p.Checks, ck)
}

// checkSizing checks the port-derived pools, heap and mailboxes against
// the window and the copy-to-heap RX path.
func (k rtChecker) checkSizing(z rtSizing) {
	p := k.p
	ql, seg := p.Value("TCP_SND_QUEUELEN"), p.Value("MEMP_NUM_TCP_SEG")
	k.add("rtthread.snd_queuelen_fits_seg_num", ql <= seg, "",
		"the port derives TCP_SND_QUEUELEN = 4*TCP_SND_BUF/TCP_MSS = 4*%d/%d = %d; MEMP_NUM_TCP_SEG (RT_LWIP_TCP_SEG_NUM) = %d must be at least that or lwIP's init.c #error stops the build",
		p.Value("TCP_SND_BUF"), p.Value("TCP_MSS"), ql, seg)
	rxFrames := int64(p.Value("TCP_WND")+p.Value("TCP_MSS")-1)/max(p.Value("TCP_MSS"), 1) + int64(p.Driver.RxDescriptors)
	need := rxFrames*rxFrameHeapCost() + z.txHeap
	k.add("rtthread.heap_holds_rx_copies", p.Value("MEM_SIZE") >= need, "options.MEM_SIZE",
		"MEM_SIZE %d B; the copy-to-heap RX path holds %d frames x %d B (a window + the RX ring) and TX copies need %d B: %d B",
		p.Value("MEM_SIZE"), rxFrames, rxFrameHeapCost(), z.txHeap, need)
	k.add("rtthread.mem_size_set", p.Value("MEM_SIZE") > 1600, "options.MEM_SIZE",
		"MEM_SIZE %d B (RT-Thread 4.0.3 leaves lwIP's 1600 B default: one full frame fills it)", p.Value("MEM_SIZE"))
	wndSegs := plan.CeilDiv(p.Value("TCP_WND"), max(p.Value("TCP_MSS"), 1))
	k.add("rtthread.tcp_recvmbox_holds_window", p.Value("DEFAULT_TCP_RECVMBOX_SIZE") >= wndSegs, "options.TCP_WND",
		"DEFAULT_TCP_RECVMBOX_SIZE %d mails per TCP socket for a %d-segment window", p.Value("DEFAULT_TCP_RECVMBOX_SIZE"), wndSegs)
	k.add("rtthread.tcpip_mbox_holds_window", p.Value("TCPIP_MBOX_SIZE") >= wndSegs && p.Value("MEMP_NUM_TCPIP_MSG_INPKT") >= p.Value("TCPIP_MBOX_SIZE"), "",
		"TCPIP_MBOX_SIZE (RT_LWIP_TCPTHREAD_MBOX_SIZE) %d and MEMP_NUM_TCPIP_MSG_INPKT %d for a window of %d segments: a full mailbox or message pool drops the frame in tcpip_input",
		p.Value("TCPIP_MBOX_SIZE"), p.Value("MEMP_NUM_TCPIP_MSG_INPKT"), wndSegs)
}

// checkKconfig checks the .config lines: known symbols with values of their
// type, and consistent with Kconfig's selects and the sources' requirements.
func (k rtChecker) checkKconfig(c *Config) {
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
	k.add("rtthread.kconfig_values", len(bad) == 0, "", "every .config assignment names a Kconfig symbol of RT-Thread's lwIP menu with a value of its type: %s", strings.Join(orNone(bad), ", "))
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
	k.add("rtthread.kconfig_consistent", len(drift) == 0, "", "RT-Thread's Kconfig selects and the sources' compile requirements hold for the .config lines lwipgen writes (menuconfig keeps them; the BSP compiles): %s", strings.Join(orNone(drift), "; "))
}

// checkRouting checks that every override found a channel and that no side
// header define is silently overridden by the port.
func (k rtChecker) checkRouting(c *Config) {
	k.add("rtthread.overrides_routed", len(c.Unroutable) == 0, "", "every options {} value reaches lwIP through Kconfig, rtconfig_project.h or a port patch: %s", strings.Join(orNone(c.Unroutable), "; "))
	var ignored []string
	for _, n := range port.SortedKeys(c.Effective) {
		if v := c.Effective[n]; v.Ignored != "" {
			ignored = append(ignored, n)
		}
	}
	k.add("rtthread.side_header_effective", len(ignored) == 0, "", "no rtconfig_project.h define is overridden by the port: %s", strings.Join(orNone(ignored), ", "))
}
