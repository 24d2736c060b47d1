package vitis

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/lwipgen/lwipgen/internal/plan"
)

// Setting is one BSP library parameter lwipgen sets, by its classic name.
type Setting struct {
	Param string `json:"param"` // classic .mld name (the SDT name comes from the table)
	Value string `json:"value"` // as the .mss writes it: "true", "65535", "RAW_API"
	Why   string `json:"why"`   // provenance
}

// Difference is an lwIP option where what the BSP generates differs from
// what the sizing plan asked for, because the BSP cannot express it (no
// parameter, or a hard-coded define).
type Difference struct {
	Option string `json:"option"`
	Plan   int64  `json:"plan"`
	BSP    int64  `json:"bsp"`
	Why    string `json:"why"`
}

// BSP is the lwIP library configuration of a Vitis BSP/domain for one board.
type BSP struct {
	Board    string
	OS       string // standalone | freertos10_xilinx
	Proc     string // ps7_cortexa9_0
	Settings []Setting
	// Differences are filled by Fragments (they need the generated lwipopts.h).
	Differences []Difference
}

// Value returns the value lwipgen sets for a classic parameter name.
func (b *BSP) Value(name string) (string, bool) {
	for _, s := range b.Settings {
		if strings.EqualFold(s.Param, name) {
			return s.Value, true
		}
	}
	return "", false
}

// Int is Value for integer parameters (0 when absent or not a number).
func (b *BSP) Int(name string) int64 {
	v, _ := b.Value(name)
	n, _ := strconv.ParseInt(v, 10, 64)
	return n
}

// Set adds or replaces a setting after checking the name and value against
// every library lwipgen generates for (lwip213 and lwip220). Unknown names
// are refused, because the SDT flow ignores them silently.
func (b *BSP) Set(name, value, why string) error {
	for _, lib := range []string{Classic, SDT} {
		l := MustLib(lib)
		p, err := l.Check(name, value)
		if err != nil {
			return err
		}
		name = p.Name
	}
	for i := range b.Settings {
		if b.Settings[i].Param == name {
			b.Settings[i] = Setting{Param: name, Value: value, Why: why}
			return nil
		}
	}
	b.Settings = append(b.Settings, Setting{Param: name, Value: value, Why: why})
	return nil
}

// Values returns the full parameter set of a library: its defaults, with the
// settings on top (classic names).
func (b *BSP) Values(lib string) (map[string]string, error) {
	l, err := Lib(lib)
	if err != nil {
		return nil, err
	}
	m := l.Defaults()
	for _, s := range b.Settings {
		p, err := l.Check(s.Param, s.Value)
		if err != nil {
			return nil, err
		}
		m[p.Name] = s.Value
	}
	return m, nil
}

// For returns the settings under the names of a library version and flow
// (sdt: CMake names), in the library's table order. It fails on a name the
// library lacks: renames between versions (dhcp_does_arp_check) must be
// decided, not dropped.
func (b *BSP) For(lib string, sdt bool) ([]FlowSetting, error) {
	l, err := Lib(lib)
	if err != nil {
		return nil, err
	}
	idx := map[string]Setting{}
	for _, s := range b.Settings {
		p, err := l.Check(s.Param, s.Value)
		if err != nil {
			return nil, err
		}
		if sdt && p.SDT == "" {
			return nil, fmt.Errorf("vitis: %s parameter %s has no SDT (CMake) equivalent", lib, p.Name)
		}
		idx[p.Name] = s
	}
	var out []FlowSetting
	for _, p := range l.Params {
		s, ok := idx[p.Name]
		if !ok {
			continue
		}
		fs := FlowSetting{Name: p.Name, Value: s.Value, Why: s.Why, Param: p}
		if sdt {
			fs.Name = p.SDT
			fs.Value = sdtValue(p, s.Value)
		}
		out = append(out, fs)
	}
	return out, nil
}

// FlowSetting is a setting under one flow's name and value spelling.
type FlowSetting struct {
	Name  string
	Value string
	Why   string
	Param Param
}

// CMakeValue is the value as a -D flag or a CACHE entry takes it.
func (f FlowSetting) CMakeValue() string { return f.Value }

// YAMLType is the bsp.yaml lib_config "type" (library_utils.py: BOOL ->
// boolean, digit strings -> integer, anything else -> string).
func (f FlowSetting) YAMLType() string {
	switch {
	case f.Param.SDTType == "bool":
		return "boolean"
	case isDigits(f.Value):
		return "integer"
	}
	return "string"
}

// YAMLValue is the value as bsp.yaml stores it ('true'/'false' for options).
func (f FlowSetting) YAMLValue() string {
	if f.Param.SDTType == "bool" {
		return strings.ToLower(map[string]string{"ON": "true", "OFF": "false"}[f.Value])
	}
	return f.Value
}

// YAMLDefault is the default as bsp.yaml stores it.
func (f FlowSetting) YAMLDefault() string {
	return FlowSetting{Value: sdtValue(f.Param, f.Param.Default), Param: f.Param}.YAMLValue()
}

// Options are the bsp.yaml "options" list (the -STRINGS of an enum).
func (f FlowSetting) Options() []string {
	if f.Param.SDTType == "enum" {
		if len(f.Param.Enum) > 0 {
			return f.Param.Enum
		}
		return []string{"0", "1"}
	}
	return nil
}

func sdtValue(p Param, v string) string {
	switch p.SDTType {
	case "bool":
		if v == "true" {
			return "ON"
		}
		return "OFF"
	case "string01":
		if v == "true" {
			return "1"
		}
		return "0"
	}
	return v
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// GEM and BSP facts the mapping depends on (xilinx-vitis.md §1-§3).
const (
	// gemRxBufSize is XEMACPS_RX_BUF_SIZE: the GEM DMA may fill a whole RX
	// buffer of this size, and the adapter hands it p->payload of one
	// PBUF_POOL pbuf, so PBUF_POOL_BUFSIZE must be at least this.
	gemRxBufSize = 1536
	// bspMemAlign is the MEM_ALIGNMENT the BSP hard-codes.
	bspMemAlign = 64
	// bspLinkHlen is the BSP's fixed PBUF_LINK_HLEN (permit = none).
	bspLinkHlen = 16
	// maxBDs: the adapter gives each ring 64 KB of 8-byte buffer descriptors.
	maxBDs = 0x10000 / 8
	// u16Max: without LWIP_WND_SCALE (no BSP parameter) the window and
	// tcpwnd_size_t are 16 bits.
	u16Max = 0xFFFF
)

// SndQueueLen is the BSP's hard-coded TCP_SND_QUEUELEN for a send buffer
// and MSS, evaluated as C does `16 * TCP_SND_BUF/TCP_MSS` (left to right,
// integer division).
func SndQueueLen(sndBuf, mss int64) int64 {
	if mss <= 0 {
		return 0
	}
	return 16 * sndBuf / mss
}

func alignUp(x, a int64) int64 { return (x + a - 1) / a * a }

func ceilDiv(a, b int64) int64 { return (a + b - 1) / b }

// heapPerSegment is the heap one copied TCP segment costs with the BSP's
// alignment: tcp_write(COPY) allocates pbuf_alloc(PBUF_TRANSPORT, len,
// PBUF_RAM) = struct mem header + aligned struct pbuf and header room
// (PBUF_LINK_HLEN 16 + IP 20 + TCP 20) + aligned payload, each aligned to
// MEM_ALIGNMENT (lwip-options-and-ram.md §4 gives MSS + 80 at alignment 4).
func heapPerSegment(mss, memSize int64) int64 {
	a := int64(bspMemAlign)
	structMem := int64(8)
	if memSize > 64000 {
		structMem = 12 // mem_size_t becomes u32
	}
	return alignUp(structMem, a) + alignUp(alignUp(16, a)+bspLinkHlen+20+20, a) + alignUp(mss, a)
}

// Settings maps the sizing plan to lwip213/lwip220 BSP parameters. Every
// value carries its reason. It refuses boards the Xilinx GEM adapter cannot
// serve, and fails if a mapped name or value is not valid for lwip213 and
// lwip220 (a bug in this mapping, not a user error).
func Settings(p *plan.Plan) (*BSP, error) {
	if p == nil || p.Board == nil || p.Board.Chip == nil {
		return nil, fmt.Errorf("vitis: no plan")
	}
	b := p.Board
	if mac := b.Chip.Ethernet.MAC; mac != "xemacps" {
		return nil, fmt.Errorf("vitis: board %s: the Vitis lwIP BSP fragments are for the Zynq GEM (xemacps) adapter, but chip %s has %q", b.Name, b.Chip.Name, mac)
	}
	m := &bspMapper{p: p, bsp: &BSP{Board: b.Name, OS: "standalone", Proc: "ps7_cortexa9_0"}}
	m.mapSystem()
	if err := m.mapGEM(); err != nil {
		return nil, err
	}
	// the TCP step clamps window and send buffer to what the BSP can
	// express; pools and heap are sized for the clamped values
	mss, wnd, snd := m.mapTCP()
	m.mapPools(mss, wnd)
	m.mapHeap(mss, snd)
	m.mapProtocols()
	if len(m.errs) > 0 {
		return nil, fmt.Errorf("vitis: mapping the plan of %s: %s", b.Name, strings.Join(m.errs, "; "))
	}
	sortSettings(m.bsp)
	return m.bsp, nil
}

// bspMapper sets BSP parameters from a plan, collecting the mapping's
// errors so one run reports them all.
type bspMapper struct {
	p    *plan.Plan
	bsp  *BSP
	errs []string
}

func (m *bspMapper) set(name, value, why string) {
	if err := m.bsp.Set(name, value, why); err != nil {
		m.errs = append(m.errs, err.Error())
	}
}

func (m *bspMapper) setInt(name string, v int64, why string) {
	m.set(name, strconv.FormatInt(v, 10), why)
}

func (m *bspMapper) setBool(name string, v bool, why string) {
	m.set(name, strconv.FormatBool(v), why)
}

// planWhy is the provenance of a value taken from the plan as it is.
func (m *bspMapper) planWhy(opt string) string {
	if s, ok := m.p.Setting(opt); ok {
		return fmt.Sprintf("plan %s = %d: %s", opt, m.p.Value(opt), s.Why)
	}
	return fmt.Sprintf("plan %s = %d (lwIP default)", opt, m.p.Value(opt))
}

// mapSystem chooses the OS and API mode from the board's RTOS, and in
// socket mode carries the plan's mailboxes and API pools.
func (m *bspMapper) mapSystem() {
	p, b := m.p, m.p.Board
	if b.RTOS == "none" {
		m.set("api_mode", "RAW_API", `rtos = "none": NO_SYS=1 raw API; the BSP DRC requires RAW_API with the standalone OS (and SOCKET_API with freertos10_xilinx)`)
		m.setBool("no_sys_no_timers", true, "BSP default kept: the Xilinx RAW port (sys_arch_raw.c) has no sys_now(), so lwIP's own timers (LWIP_TIMERS) stay off and the application calls tcp_fasttmr/tcp_slowtmr every TCP_TMR_INTERVAL (250 ms), etharp_tmr and the DHCP timers, as the Xilinx RAW templates do; no MEMP_NUM_SYS_TIMEOUT pool is needed")
		return
	}
	m.bsp.OS = "freertos10_xilinx"
	m.set("api_mode", "SOCKET_API", fmt.Sprintf("rtos = %q: sockets/netconn in the tcpip thread; the BSP DRC requires SOCKET_API with freertos10_xilinx", b.RTOS))
	for _, s := range []struct{ param, opt string }{
		{"tcpip_mbox_size", "TCPIP_MBOX_SIZE"}, {"default_tcp_recvmbox_size", "DEFAULT_TCP_RECVMBOX_SIZE"},
		{"default_udp_recvmbox_size", "DEFAULT_UDP_RECVMBOX_SIZE"}, {"memp_num_netconn", "MEMP_NUM_NETCONN"},
		{"memp_num_netbuf", "MEMP_NUM_NETBUF"}, {"memp_num_api_msg", "MEMP_NUM_TCPIP_MSG_API"}, {"memp_num_tcpip_msg", "MEMP_NUM_TCPIP_MSG_INPKT"},
	} {
		if _, ok := p.Setting(s.opt); ok {
			m.setInt(s.param, p.Value(s.opt), m.planWhy(s.opt))
		}
	}
	m.setInt("memp_n_sys_timeout", p.Value("MEMP_NUM_SYS_TIMEOUT"), m.planWhy("MEMP_NUM_SYS_TIMEOUT"))
}

// mapGEM sets the GEM adapter's descriptor rings and link speed.
func (m *bspMapper) mapGEM() error {
	b, d := m.p.Board, m.p.Driver
	if d.RxDescriptors <= 0 || d.TxDescriptors <= 0 {
		return fmt.Errorf("vitis: board %s: the plan has no descriptor counts (rx %d, tx %d)", b.Name, d.RxDescriptors, d.TxDescriptors)
	}
	m.setInt("n_rx_descriptors", int64(d.RxDescriptors), fmt.Sprintf("plan driver: %d RX BDs (XLWIP_CONFIG_N_RX_DESC); init_dma arms each with one PBUF_POOL pbuf; <= %d, the 64 KB the adapter reserves per ring", d.RxDescriptors, maxBDs))
	m.setInt("n_tx_descriptors", int64(d.TxDescriptors), fmt.Sprintf("plan driver: %d TX BDs (XLWIP_CONFIG_N_TX_DESC); emacps_sgsend uses one BD per pbuf of a chain", d.TxDescriptors))
	m.set("phy_link_speed", "CONFIG_LINKSPEED_AUTODETECT", fmt.Sprintf("ethernet.speed_mbps = %d is what the link should reach; autodetect negotiates it and still links at 10/100 (CONFIG_LINKSPEED%d would force the PHY and fail on a slower port)", b.Ethernet.SpeedMbps, b.Ethernet.SpeedMbps))
	// emac_number is not set: the BSP only copies it into XLWIP_CONFIG_EMAC_NUMBER, which no adapter source
	// reads; the GEM is the one whose base address the application passes to xemac_add().
	return nil
}

// mapTCP sets MSS, window, send buffer and segments, and returns the MSS
// and the window and send buffer as the BSP can express them (16 bits: it
// has no parameter for LWIP_WND_SCALE).
func (m *bspMapper) mapTCP() (mss, wnd, snd int64) {
	p, b := m.p, m.p.Board
	mss = p.Value("TCP_MSS")
	m.setInt("tcp_mss", mss, m.planWhy("TCP_MSS"))
	wnd = p.Value("TCP_WND")
	if wnd > u16Max {
		m.setInt("tcp_wnd", u16Max, fmt.Sprintf("plan TCP_WND = %d needs LWIP_WND_SCALE, which the BSP cannot enable (no parameter); without scaling the window is 16 bits (init.c #error 21), so 65535, the largest the BSP can express (%.0f Mbit/s at the board's %.2g ms RTT)", wnd, float64(u16Max)*8/(b.Workload.RTTMs*1000), b.Workload.RTTMs))
		wnd = u16Max
	} else {
		m.setInt("tcp_wnd", wnd, m.planWhy("TCP_WND"))
	}
	snd = p.Value("TCP_SND_BUF")
	if snd > u16Max {
		m.setInt("tcp_snd_buf", u16Max, fmt.Sprintf("plan TCP_SND_BUF = %d needs LWIP_WND_SCALE (tcpwnd_size_t is u16 without it and lwIP would truncate the value silently); the BSP cannot enable scaling, so 65535", snd))
		snd = u16Max
	} else {
		m.setInt("tcp_snd_buf", snd, m.planWhy("TCP_SND_BUF"))
	}
	qlen := SndQueueLen(snd, mss)
	seg := p.Value("MEMP_NUM_TCP_SEG")
	if seg < qlen {
		m.setInt("memp_n_tcp_seg", qlen, fmt.Sprintf("raised from the plan's %d: the BSP hard-codes TCP_SND_QUEUELEN = 16 * TCP_SND_BUF/TCP_MSS = 16 * %d / %d = %d (every small tcp_write that TCP_OVERSIZE cannot merge takes a queue entry), and lwIP refuses MEMP_NUM_TCP_SEG < TCP_SND_QUEUELEN (init.c #error 60)", seg, snd, mss, qlen))
	} else {
		m.setInt("memp_n_tcp_seg", seg, m.planWhy("MEMP_NUM_TCP_SEG")+fmt.Sprintf("; >= the BSP's TCP_SND_QUEUELEN 16 * %d / %d = %d", snd, mss, qlen))
	}
	m.setInt("tcp_queue_ooseq", boolInt(p.Value("TCP_QUEUE_OOSEQ") != 0), m.planWhy("TCP_QUEUE_OOSEQ"))
	m.setBool("lwip_tcp_keepalive", p.Value("LWIP_TCP_KEEPALIVE") != 0, m.planWhy("LWIP_TCP_KEEPALIVE"))
	return mss, wnd, snd
}

// mapPools sets the PCB pools and the pbuf pool; the pool must hold the RX
// ring init_dma arms plus a window of frames.
func (m *bspMapper) mapPools(mss, wnd int64) {
	p, d := m.p, m.p.Driver
	pcbs := []struct{ param, opt string }{
		{"memp_n_tcp_pcb", "MEMP_NUM_TCP_PCB"}, {"memp_n_tcp_pcb_listen", "MEMP_NUM_TCP_PCB_LISTEN"}, {"memp_n_udp_pcb", "MEMP_NUM_UDP_PCB"},
	}
	for _, s := range pcbs {
		m.setInt(s.param, max(p.Value(s.opt), 1), m.planWhy(s.opt))
	}
	m.setInt("memp_n_pbuf", p.Value("MEMP_NUM_PBUF"), m.planWhy("MEMP_NUM_PBUF"))

	bufsize := alignUp(max(p.Value("PBUF_POOL_BUFSIZE"), gemRxBufSize), bspMemAlign)
	m.setInt("pbuf_pool_bufsize", bufsize, fmt.Sprintf("plan PBUF_POOL_BUFSIZE = %d, raised to >= %d (XEMACPS_RX_BUF_SIZE: the adapter gives the GEM one pool pbuf per RX BD, p->payload only, so one pbuf must hold the whole DMA buffer) and rounded to the BSP's MEM_ALIGNMENT 64 (the pool stores A(bufsize) anyway); the BSP default 1700 wastes 192 B per buffer", p.Value("PBUF_POOL_BUFSIZE"), gemRxBufSize))
	winFrames := ceilDiv(wnd, mss)
	pool := p.Value("PBUF_POOL_SIZE")
	need := int64(d.RxDescriptors) + winFrames + 2
	if pool < need {
		m.setInt("pbuf_pool_size", need, fmt.Sprintf("plan PBUF_POOL_SIZE = %d raised to %d RX BDs armed by init_dma + %d frames of a %d B window + 2 for ARP/ICMP", pool, d.RxDescriptors, winFrames, wnd))
	} else {
		m.setInt("pbuf_pool_size", pool, m.planWhy("PBUF_POOL_SIZE")+fmt.Sprintf("; covers the %d RX BDs init_dma arms + %d frames of the %d B window", d.RxDescriptors, winFrames, wnd))
	}
}

// mapHeap sets MEM_SIZE: the plan's copied-segment budget, re-costed at the
// BSP's MEM_ALIGNMENT 64.
func (m *bspMapper) mapHeap(mss, snd int64) {
	p := m.p
	conns := int64(max(p.Board.Workload.TCPConnections, 1))
	planMem := p.Value("MEM_SIZE")
	planTx := conns * ceilDiv(p.Value("TCP_SND_BUF"), mss) * (mss + 80)
	other := max(planMem-planTx, 0)
	per := heapPerSegment(mss, planMem)
	tx := conns * ceilDiv(snd, mss) * per
	mem := alignUp(tx+other*per/(mss+80), 4096)
	m.setInt("mem_size", mem, fmt.Sprintf("%d connection(s) x %d copied segments x %d B (PBUF_RAM for MSS %d with struct mem, struct pbuf and header room each aligned to the BSP's MEM_ALIGNMENT 64) = %d B + the plan's other heap users (%d B at alignment 4, scaled the same way), rounded up to 4 KiB; plan MEM_SIZE was %d", conns, ceilDiv(snd, mss), per, mss, tx, other, planMem))
}

// mapProtocols switches the protocols and sets ARP, reassembly and stats.
func (m *bspMapper) mapProtocols() {
	p := m.p
	m.setBool("lwip_tcp", p.Value("LWIP_TCP") != 0, m.planWhy("LWIP_TCP"))
	m.setBool("lwip_udp", p.Value("LWIP_UDP") != 0, m.planWhy("LWIP_UDP"))
	m.setBool("lwip_dhcp", p.Value("LWIP_DHCP") != 0, m.planWhy("LWIP_DHCP"))
	m.setBool("ipv6_enable", p.Value("LWIP_IPV6") != 0, m.planWhy("LWIP_IPV6"))
	m.setBool("igmp_options", p.Value("LWIP_IGMP") != 0, m.planWhy("LWIP_IGMP"))
	m.setInt("arp_table_size", max(p.Value("ARP_TABLE_SIZE"), 1), m.planWhy("ARP_TABLE_SIZE"))
	m.setInt("ip_reass_max_pbufs", p.Value("IP_REASS_MAX_PBUFS"), m.planWhy("IP_REASS_MAX_PBUFS")+"; the BSP default 128 would let fragmented datagrams hold 128 pool pbufs that the RX ring needs")
	m.setBool("lwip_stats", false, fmt.Sprintf("plan LWIP_STATS = %d: kept, because false only means the BSP writes nothing and lwIP's own default LWIP_STATS 1 applies (counters in lwip_stats/memp_stats_*); true would add LWIP_STATS_DISPLAY 1 (stats_display() code and strings), which lwipgen's byte-exact RAM model does not cover", p.Value("LWIP_STATS")))
}

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// sortSettings orders settings like the lwip213 table (the .mld order), so
// every rendering lists them the same way.
func sortSettings(b *BSP) {
	l := MustLib(Classic)
	pos := map[string]int{}
	for i, n := range l.Names() {
		pos[n] = i
	}
	sort.SliceStable(b.Settings, func(i, j int) bool { return pos[b.Settings[i].Param] < pos[b.Settings[j].Param] })
}
