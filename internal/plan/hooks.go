package plan

import (
	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/lwip"
)

// Hooks are what a vendor flow contributes to a plan before it is final.
// internal/flow collects them from the board's flow; plan itself knows no
// flow and never asks which vendor a board uses.
type Hooks struct {
	// RxModel is the RX design of the board's driver (driver_models.go):
	// the flow's glue for the chip's MAC, or the vendor driver the flow
	// keeps. Required: a plan without it is refused (no driver for the MAC).
	RxModel RxModel
	// Rules, when set, replace the generic sizing rules: a flow whose vendor
	// owns lwipopts.h (RT-Thread's port) sizes through its own channels.
	Rules []Rule
	// Constraints run after the generic window and segment rules and before
	// the heap, timers and mailboxes are derived from them: what the vendor
	// hard-codes (e.g. the Xilinx BSP's 16-bit window).
	Constraints []Rule
	// Finish runs after the generic checks: the flow's own RAM corrections,
	// driver objects and checks. The checks are sorted afterwards.
	Finish []func(*Plan, *Sizer)
	// Inputs are the linker input sections of the vendor driver's objects,
	// by plan object name; objects not listed keep .bss.<symbol>.
	Inputs map[string]Input
	// PortTimeval: the vendor's lwIP port brings the C library's struct
	// timeval itself (LWIP_TIMEVAL_PRIVATE 0 needs it), so lwipopts.h includes
	// no <sys/time.h> ahead of the port's own headers.
	PortTimeval bool
	// Protect gives a self-contained firmware an MPU protection map (code
	// read-only, data execute-never) when its memories allow one.
	Protect bool
	// Measured are the compiler's struct and pool sizes of the lwIP the
	// project compiles (internal/pipeline measures them when a project brings
	// its own lwIP and they differ from the model); nil = the stock model.
	Measured *lwip.Measured
	// RTOS is the project's kernel configuration (configMAX_PRIORITIES of
	// its FreeRTOSConfig.h, from the project model): thread priorities are
	// chosen and checked on its scale (rules_rtos.go); nil = no project.
	RTOS *RTOSConfig
}

// Rule is one sizing rule: it reads the board and the earlier decisions and
// records settings with their reasons.
type Rule func(*Sizer)

// Input is where a driver object lives in the object files: the C symbol
// and every input-section selector that may hold it (the last one is the
// spelling the generated C code uses).
type Input struct {
	Symbol   string
	Sections []string
}

// Exported sizing facts and helpers, for the rules flows contribute.
const (
	MTU        = mtu        // Ethernet payload
	IPHeader   = ipHdr      // IPv4 header without options
	U16Max     = u16Max     // largest 16-bit value (a window without scaling)
	TxHeapCost = txHeapCost // heap bytes around a copied TCP segment at MEM_ALIGNMENT 4
)

// CeilDiv is a/b rounded up (0 for b <= 0).
func CeilDiv(a, b int64) int64 { return ceilDiv(a, b) }

// AlignUp rounds x up to a multiple of a.
func AlignUp(x, a int64) int64 { return alignUp(x, a) }

// NewSizer is a bare sizer for a flow's own decisions outside a plan build
// (one receiving stream, the given MSS).
func NewSizer(b *board.Board, target float64, mss int64) *Sizer {
	return &Sizer{b: b, target: target, mss: mss, rxStreams: 1, idx: map[string]int{}, val: map[string]int64{}}
}

// Board is the board being sized.
func (s *Sizer) Board() *board.Board { return s.b }

// Target is the rate (Mbps) the plan is sized for; the fit search may lower it.
func (s *Sizer) Target() float64 { return s.target }

// MSS is the TCP MSS the rules size with.
func (s *Sizer) MSS() int64 { return s.mss }

// SetMSS fixes the MSS (a vendor port that hard-codes it).
func (s *Sizer) SetMSS(mss int64) { s.mss = mss }

// RxStreams is how many bulk receivers share the receive path.
func (s *Sizer) RxStreams() int64 { return s.rxStreams }

// SetRxModel records the RX design of the vendor's driver.
func (s *Sizer) SetRxModel(m RxModel) { s.model = m }

// Segments are the window and send buffer, in segments.
func (s *Sizer) Segments() (wnd, snd int64) { return s.wndSegs, s.sndSegs }

// SetSegments records the window and send buffer, in segments.
func (s *Sizer) SetSegments(wnd, snd int64) { s.wndSegs, s.sndSegs = wnd, snd }

// AppDrivesTCPTimers says that the application, not lwIP's timeouts, calls
// tcp_fasttmr/tcp_slowtmr, every ms milliseconds (why: whose code and where
// the period comes from). lwIP counts its RTO, TIME_WAIT and keepalive in
// slow ticks of 2*TCP_TMR_INTERVAL, so the TCP clock rule sets
// TCP_TMR_INTERVAL to that period instead of choosing one (a Constraint).
func (s *Sizer) AppDrivesTCPTimers(ms int64, why string) { s.appTCPClockMs, s.appTCPClockWhy = ms, why }

// SetDriver records the driver plan.
func (s *Sizer) SetDriver(d Driver) { s.driver = d }

// Val is an integer decision made so far (0 when none).
func (s *Sizer) Val(name string) int64 { return s.val[name] }

// SetVal records an integer decision later rules read, without a setting.
func (s *Sizer) SetVal(name string, v int64) { s.val[name] = v }

// Set records an integer option with its reason.
func (s *Sizer) Set(name string, v int64, section, rule, why string, args ...any) {
	s.set(name, v, section, rule, why, args...)
}

// SetExpr records an option as a C expression (v: its value) with its reason.
func (s *Sizer) SetExpr(name, expr string, v int64, section, rule, why string, args ...any) {
	s.setExpr(name, expr, v, section, rule, why, args...)
}

// Remove drops a setting (the vendor does not let lwipopts.h carry it).
func (s *Sizer) Remove(name string) {
	i, ok := s.idx[name]
	if !ok {
		return
	}
	s.settings = append(s.settings[:i], s.settings[i+1:]...)
	delete(s.idx, name)
	delete(s.val, name)
	for k, j := range s.idx {
		if j > i {
			s.idx[k] = j - 1
		}
	}
}

// BDPBytes is the bandwidth-delay product of the target at the effective RTT.
func (s *Sizer) BDPBytes() int64 { return s.bdpBytes() }

// Headroom is how many BDPs of window the workload profile keeps.
func (s *Sizer) Headroom() float64 { return s.headroom() }

// Objects derives the memory objects the layout places from the plan's RAM
// and driver (a flow that corrects the RAM recomputes them).
func Objects(p *Plan) []Object { return objects(p) }
