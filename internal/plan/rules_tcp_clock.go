package plan

import (
	"fmt"
	"math"
)

// The TCP clock: TCP_TMR_INTERVAL, the period of lwIP's tcp_tmr(). What lwIP
// 2.1.3 does with it (tcp_priv.h, tcp.c, tcp_in.c, tcp_out.c):
//
//   - tcp_tmr() runs tcp_fasttmr() every pass and tcp_slowtmr() every second
//     pass: TCP_FAST_INTERVAL = TCP_TMR_INTERVAL, TCP_SLOW_INTERVAL =
//     2*TCP_TMR_INTERVAL. tcp_ticks counts slow passes.
//   - tcp_fasttmr() sends the ACK that tcp_receive() delayed (TF_ACK_DELAY
//     after one in-order segment): a lone segment's ACK waits up to one
//     TCP_TMR_INTERVAL, the delayed-ACK bound.
//   - The RTO lives in slow ticks. A new PCB starts at rto = sv = 3000 ms /
//     TCP_SLOW_INTERVAL (tcp_alloc). tcp_receive() measures the RTT as
//     tcp_ticks - rttest (whole slow ticks) and runs Van Jacobson's update:
//     sa tracks 8x the RTT, sv 4x its deviation, rto = sa/8 + sv. With a
//     steady measurement the deviation term m - sv/4 stays 0 once sv < 4, so
//     sv settles at 3: rto = RTT in ticks + 3 ticks. tcp_slowtmr() counts
//     rtime up once per slow pass from the send and retransmits at rtime >=
//     rto, so an unrepaired loss waits 2..3 slow ticks beyond the measured
//     RTT: between 4 and 6 TCP_TMR_INTERVALs. With lwIP's default 250 ms
//     that is 1-1.5 s per loss that fast retransmit does not repair.
//
// The rule: with loss declared (or a latency profile, where the delayed-ACK
// bound is the goal) the clock runs as fast as three bounds allow:
//   - the RTO floor margin (2 slow ticks = 4 intervals above the measured
//     RTT) must cover the path's RTT variation, taken as one effective RTT
//     (a queue in front of the peer can double it) plus the time the
//     device's own send buffer takes on the wire (its segments queue in
//     front of the one timed);
//   - a timer pass may cost at most timerCPUShare of the core (TimerPassCycles);
//   - never below minTCPTmrMs.
// Without declared loss and with another profile, lwIP's 250 ms stays: there is
// nothing to recover and every pass costs CPU.
//
// Measured (simulator, issue 28's hand check): `#define TCP_TMR_INTERVAL 10`
// alone took h743's device TX at 1 % loss from 2.8-7.7 to 80-86 Mbps
// (seeds 1-3), f407's from 3.1-3.7 to 34-45 Mbps; at 0 % nothing changed.

const (
	lwipTCPTmrDefaultMs = 250 // lwIP's opt.h default
	// minTCPTmrMs: at 10 ms the RTO floor (40-60 ms above the RTT) is already
	// well under the 200 ms minimum RTO of the usual peers (Linux), so a
	// faster clock buys the device's own sender little and costs passes;
	// it is also the value the simulator hand check measured.
	minTCPTmrMs = 10
	// timerCPUShare is the share of the core the TCP clock may take.
	timerCPUShare = 0.005
	// TimerPassBaseCycles / TimerPassPCBCycles estimate one tcp_tmr() pass:
	// sys_check_timeouts() re-arming the timeout, tcp_fasttmr() and (every
	// second pass) tcp_slowtmr() walking the active and TIME_WAIT lists, a
	// few dozen loads and branches per PCB. An estimate in the same units as
	// the simulator's cyclesPerFrame, deliberately generous. The simulator
	// charges it for every pass lwIP runs (tcp_tmr wrapped at link time,
	// internal/sim/csrc/devhost.c), per PCB on the lists the pass walks:
	// mps2-an500's 29 ms clock measured 0.378 % of its 25 MHz core against
	// this rule's 0.497 % (which also counts the listeners), a 1 ms clock
	// 3.2 % and 3 % of its TX (sim.TestTCPTimerPassesCostDeviceCPU).
	TimerPassBaseCycles = 1500
	TimerPassPCBCycles  = 300
)

// rtoMarginTicks is how many slow ticks beyond the measured RTT an unrepaired
// loss waits at least (rto = RTT + 3 ticks, rtime counted from the send,
// checked once per slow tick): 2 ticks = 4 intervals.
const rtoMarginTicks = 2

// TimerPassCycles is what one tcp_tmr() pass costs with n PCBs.
func TimerPassCycles(pcbs int64) float64 {
	return TimerPassBaseCycles + TimerPassPCBCycles*float64(max(pcbs, 1))
}

// TCPClock is what the TCP clock means for a board, for the report.
type TCPClock struct {
	IntervalMs    int64   `json:"tcp_tmr_interval_ms"`
	RTOFloorMinMs int64   `json:"rto_floor_min_ms"` // least wait beyond the measured RTT before a retransmission by timeout
	RTOFloorMaxMs int64   `json:"rto_floor_max_ms"` // most such wait (3 slow ticks)
	DelayedAckMs  int64   `json:"delayed_ack_max_ms"`
	RTTVarMs      float64 `json:"rtt_variation_ms"` // what the floor margin must cover
	TimerCPUPct   float64 `json:"timer_cpu_percent"`
	InitialRTOMs  int64   `json:"initial_rto_ms"`
}

// rttVariationMs is the RTT variation the RTO floor must cover: one effective
// RTT plus the device's send buffer on the wire.
func (s *Sizer) rttVariationMs(sndBuf int64) float64 {
	wire := float64(sndBuf) * 8 / (float64(max(s.b.Ethernet.SpeedMbps, 1)) * 1e6) * 1000
	return s.effectiveRTTMs() + wire
}

func (s *Sizer) pcbCount() int64 {
	w := s.b.Workload
	return int64(max(w.TCPConnections, 1) + w.TCPListeners)
}

func (s *Sizer) clockHz() float64 {
	if hz := s.b.Chip.Core.ClockHz; hz > 0 {
		return float64(hz)
	}
	return 100e6
}

// timerCPUPct is the share of the core tcp_tmr() takes at interval ms.
func (s *Sizer) timerCPUPct(ms int64) float64 {
	return TimerPassCycles(s.pcbCount()) * (1000 / float64(ms)) / s.clockHz() * 100
}

func ruleTCPClock(s *Sizer) {
	w := s.b.Workload
	if ms := s.appTCPClockMs; ms > 0 {
		s.set("TCP_TMR_INTERVAL", ms, "TCP", "tcp.clock",
			"the application calls tcp_fasttmr/tcp_slowtmr itself every %d ms (%s): lwIP counts the RTO, TIME_WAIT and keepalive in slow ticks of 2*TCP_TMR_INTERVAL, so the interval must be that period, whatever loss is declared (RTO floor %d-%d ms beyond the RTT, delayed ACK <= %d ms; a faster clock needs the application's timer changed first)",
			ms, s.appTCPClockWhy, 4*ms, 6*ms, ms)
		return
	}
	if w.LossPercent <= 0 && w.Profile != "latency" {
		s.set("TCP_TMR_INTERVAL", lwipTCPTmrDefaultMs, "TCP", "tcp.clock",
			"lwIP's default: workload.loss_percent is 0 and the profile is %q, so no retransmission timeout is expected and no delayed-ACK bound is asked for; a faster clock would only cost passes (RTO floor %d-%d ms beyond the RTT)",
			w.Profile, 4*lwipTCPTmrDefaultMs, 6*lwipTCPTmrDefaultMs)
		return
	}
	varMs := s.rttVariationMs(s.val["TCP_SND_BUF"])
	byVar := int64(math.Ceil(varMs / (2 * rtoMarginTicks)))
	byCPU := int64(math.Ceil(TimerPassCycles(s.pcbCount()) / (timerCPUShare * s.clockHz()) * 1000))
	ms := max(int64(minTCPTmrMs), byVar, byCPU)
	bound := "the 10 ms floor"
	switch {
	case ms == byVar && byVar > minTCPTmrMs:
		bound = fmt.Sprintf("the RTT variation: 4 intervals must cover %.2f ms", varMs)
	case ms == byCPU && byCPU > minTCPTmrMs:
		bound = fmt.Sprintf("the CPU: a pass costs ~%.0f cycles, at most %.1f %% of %.0f MHz", TimerPassCycles(s.pcbCount()), timerCPUShare*100, s.clockHz()/1e6)
	}
	if ms >= lwipTCPTmrDefaultMs {
		ms, bound = lwipTCPTmrDefaultMs, "lwIP's default (the RTT variation alone asks for more; sa/sv cover a long RTT above the floor)"
	}
	goal := fmt.Sprintf("workload.loss_percent %g", w.LossPercent)
	if w.LossPercent <= 0 {
		goal = "workload.profile \"latency\" (the delayed-ACK bound)"
	}
	s.set("TCP_TMR_INTERVAL", ms, "TCP", "tcp.clock",
		"%s: a loss fast retransmit does not repair waits 4-6 TCP_TMR_INTERVALs beyond the measured RTT (rto = RTT + 3 slow ticks, slow tick = 2 intervals), a lone segment's delayed ACK up to one interval; set by %s (RTT variation %.2f ms needs >= %d ms; the timer at %d ms costs %.3f %% CPU). RTO floor %d-%d ms, delayed ACK <= %d ms (lwIP's 250 ms: %d-%d ms and 250 ms)",
		goal, bound, varMs, byVar, ms, s.timerCPUPct(ms), 4*ms, 6*ms, ms, 4*lwipTCPTmrDefaultMs, 6*lwipTCPTmrDefaultMs)
}

// TCPClock is what the plan's TCP_TMR_INTERVAL means on this board (the
// value the preprocessor sees, the user's override included).
func (p *Plan) TCPClock() TCPClock {
	s := &Sizer{b: p.Board, mss: p.Value("TCP_MSS")}
	ms := p.Value("TCP_TMR_INTERVAL")
	if ms <= 0 {
		ms = lwipTCPTmrDefaultMs
	}
	slow := 2 * ms
	return TCPClock{
		IntervalMs:    ms,
		RTOFloorMinMs: rtoMarginTicks * slow,
		RTOFloorMaxMs: (rtoMarginTicks + 1) * slow,
		DelayedAckMs:  ms,
		RTTVarMs:      math.Round(s.rttVariationMs(p.Value("TCP_SND_BUF"))*100) / 100,
		TimerCPUPct:   math.Round(s.timerCPUPct(ms)*1000) / 1000,
		InitialRTOMs:  3000 / slow * slow,
	}
}

// clockCheck: the RTO floor margin covers the RTT variation (else every
// timed segment whose ACK is late is sent again, and lwIP halves its
// window for a loss that never happened) and the timer stays within its CPU
// share.
func clockCheck(p *Plan) Check {
	c := p.TCPClock()
	ok := float64(c.RTOFloorMinMs) >= c.RTTVarMs && c.TimerCPUPct <= timerCPUShare*100+1e-9
	return Check{ID: "plan.tcp_clock", OK: ok, Detail: fmt.Sprintf(
		"TCP_TMR_INTERVAL %d ms: RTO floor %d-%d ms beyond the measured RTT must cover the %.2f ms RTT variation; delayed ACK <= %d ms; tcp_tmr() costs %.3f %% of the core (at most %.1f %%)",
		c.IntervalMs, c.RTOFloorMinMs, c.RTOFloorMaxMs, c.RTTVarMs, c.DelayedAckMs, c.TimerCPUPct, timerCPUShare*100)}
}
