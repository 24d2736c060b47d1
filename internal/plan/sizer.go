package plan

import (
	"fmt"
	"github.com/lwipgen/lwipgen/internal/lwip"
	"math"
	"strconv"

	"github.com/lwipgen/lwipgen/internal/board"
)

// Ethernet framing facts used by the rules (IEEE 802.3, RFC 791/793).
const (
	mtu        = 1500         // Ethernet payload
	ipHdr      = 20           // IPv4 header without options
	tcpHdr     = 20           // TCP header without options
	ethHdr     = 14           // destination, source, EtherType
	fcs        = 4            // frame check sequence (stripped before lwIP sees the frame)
	wireExtra  = 8 + 12 + fcs // preamble+SFD and inter-frame gap, plus FCS, per frame on the wire
	maxScale   = 14
	u16Max     = 0xFFFF
	txHeapCost = 80 // heap bytes around each copied TCP segment at MEM_ALIGNMENT 4: struct mem 8 + pbuf 16 + 56 header room (ARM, measured); see heapSegCost
)

// Sizer carries the board and the decisions made so far; each rule reads
// what it needs and records its settings.
type Sizer struct {
	b        *board.Board
	settings []Setting
	idx      map[string]int
	val      map[string]int64 // integer decisions, for later rules
	// derived facts shared by rules
	mss       int64
	align     int64
	model     RxModel
	rxStreams int64
	wndSegs   int64
	sndSegs   int64
	driver    Driver
	target    float64 // Mbps the plan is sized for (the fit search may lower it)
	version   lwip.Version
	hooks     Hooks // what the board's flow contributes
	// fifoSnd is what fifoSendSegments asked for; fifoSndCap (> 0) lowers
	// it to what memory.lwip_budget holds (fitFIFOSendBuffers).
	fifoSnd, fifoSndCap int64
	// lossSnd is what minSendSegments raised the send buffer to for the
	// declared loss (above 4 segments); lossSndCap (> 0) lowers it to what
	// memory.lwip_budget holds (fitLossSendBuffers).
	lossSnd, lossSndCap int64
	// appTCPClockMs (> 0): the application calls the TCP timers itself at
	// this period (AppDrivesTCPTimers); appTCPClockWhy says whose code.
	appTCPClockMs  int64
	appTCPClockWhy string
	warnings       []Warning
}

// warn records a cost of the board's own choices the plan cannot avoid: the
// plan stays valid, the user is told (a warning on the attribute at path,
// unless the board accepts id).
func (s *Sizer) warn(id, path, what, why, fix string) {
	s.warnings = append(s.warnings, newWarning(s.b, id, path, what, why, fix))
}

// constraints runs the flow's Hooks.Constraints in the generic rule order.
func constraints(s *Sizer) {
	for _, r := range s.hooks.Constraints {
		r(s)
	}
}

func (s *Sizer) set(name string, v int64, section, rule, why string, args ...any) {
	s.setExpr(name, strconv.FormatInt(v, 10), v, section, rule, why, args...)
}

func (s *Sizer) setExpr(name, expr string, v int64, section, rule, why string, args ...any) {
	st := Setting{Name: name, Expr: expr, Why: fmt.Sprintf(why, args...), Rule: rule, Section: section}
	if i, ok := s.idx[name]; ok {
		s.settings[i] = st
	} else {
		s.idx[name] = len(s.settings)
		s.settings = append(s.settings, st)
	}
	s.val[name] = v
}

func ceilDiv(a, b int64) int64 {
	if b <= 0 {
		return 0
	}
	return (a + b - 1) / b
}

func alignUp(x, a int64) int64 { return (x + a - 1) / a * a }

// bdpBytes is the bandwidth-delay product of the target rate at the board's RTT.
func (s *Sizer) bdpBytes() int64 {
	return int64(math.Ceil(s.target * 1e6 / 8 * s.effectiveRTTMs() / 1000))
}

// headroom is how many BDPs of window a profile keeps: throughput keeps the
// pipe full across the peer's delayed ACKs and processing jitter; latency
// keeps queues short.
func (s *Sizer) headroom() float64 {
	switch s.b.Workload.Profile {
	case "throughput":
		return 2
	case "latency":
		return 1
	}
	return 1.5
}

// heapSegCost is what one copied TCP segment of n bytes takes from the lwIP
// heap (mem.c + pbuf.c): the allocation header SIZEOF_STRUCT_MEM (8 B, 12 B
// when MEM_SIZE > 64000 makes mem_size_t 32-bit), the struct pbuf (16 B on a
// 32-bit CPU), PBUF_TRANSPORT header room (54 B) and the data, each rounded
// up to MEM_ALIGNMENT. At alignment 4 that is n + 80 (measured); at the
// Zynq BSP's 64 it is 64 + 64 + 64 + A(n).
func (s *Sizer) heapSegCost(n int64, bigHeap bool) int64 {
	mem := int64(8)
	if bigHeap {
		mem = 12
	}
	a := s.align
	return alignUp(mem, a) + alignUp(16, a) + alignUp(54, a) + alignUp(n, a)
}

// frameTime is how long one full frame occupies the wire at the link speed.
func (s *Sizer) frameTime() float64 {
	bits := float64(s.mss+ipHdr+tcpHdr+ethHdr+wireExtra) * 8
	return bits / (float64(s.b.Ethernet.SpeedMbps) * 1e6)
}

// effectiveRTTMs is the round trip a window must cover: the path RTT plus
// the wire time of the two segments a delayed ACK waits for and of the ACK's
// own slot (the host simulator showed 4 segments at 0.5 ms RTT reaching only
// 61 of the 93 Mbps that window/RTT promises).
func (s *Sizer) effectiveRTTMs() float64 {
	return s.b.Workload.RTTMs + 3*s.frameTime()*1000
}

// pinned is the value the board's options {} block gives an option, as the
// preprocessor will evaluate it, so that the sizes derived from it (pools,
// heap, rings) follow the user's choice instead of contradicting it.
//
// The user's expressions are evaluated over the plan's settings so far
// ("(12 * TCP_MSS)" means 12 of the plan's MSS, not of lwIP's default 536).
func (s *Sizer) pinned(name string) (int64, bool) {
	if _, ok := s.b.Option(name); !ok {
		return 0, false
	}
	set := map[string]string{}
	for _, st := range s.settings {
		set[st.Name] = st.Expr
	}
	for _, o := range s.b.Options {
		set[o.Name] = o.Expr
	}
	cfg, err := lwip.Resolve(s.version, set)
	if err != nil {
		return 0, false // reported when the whole plan is resolved
	}
	return cfg.Int(name)
}
