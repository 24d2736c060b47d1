package plan_test

import (
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/plan"
)

// clockCheckOf finds plan.tcp_clock.
func clockCheckOf(t *testing.T, p *plan.Plan) plan.Check {
	t.Helper()
	for _, c := range p.Checks {
		if c.ID == "plan.tcp_clock" {
			return c
		}
	}
	t.Fatal("no plan.tcp_clock check")
	return plan.Check{}
}

// lwIP 2.1.3 retransmits an unrepaired loss 2-3 slow ticks (4-6
// TCP_TMR_INTERVALs) beyond the measured RTT (tcp_in.c: rto = sa/8 + sv with
// sv settling at 3). With loss declared the clock must be faster than
// lwIP's 250 ms, the margin 4 intervals must cover the RTT variation
// (computed here from the board, not by the plan), and the timer must stay
// within 0.5 % of the core at ~1500 + 300 cycles per PCB and pass.
func TestTCPClockFollowsLossRTTAndCPU(t *testing.T) {
	for _, name := range []string{"mps2-an500", "h743", "f407", "f767", "gd32f407"} {
		b := load(t, name)
		p := build(t, b)
		ms := p.Value("TCP_TMR_INTERVAL")
		if b.Workload.LossPercent > 0 && ms >= 250 {
			t.Errorf("%s: loss %g %% but TCP_TMR_INTERVAL %d: every unrepaired loss waits >= 1 s", name, b.Workload.LossPercent, ms)
		}
		if ms < 10 {
			t.Errorf("%s: TCP_TMR_INTERVAL %d below the 10 ms floor", name, ms)
		}
		wire := float64(p.Value("TCP_SND_BUF")) * 8 / (float64(b.Ethernet.SpeedMbps) * 1e6) * 1000
		variation := p.EffectiveRTTMs() + wire
		if float64(4*ms) < variation {
			t.Errorf("%s: RTO margin 4 x %d ms < RTT variation %.2f ms: spurious retransmissions", name, ms, variation)
		}
		pcbs := float64(max(b.Workload.TCPConnections, 1) + b.Workload.TCPListeners)
		cpu := (1500 + 300*pcbs) * (1000 / float64(ms)) / float64(b.Chip.Core.ClockHz)
		if cpu > 0.005+1e-9 {
			t.Errorf("%s: tcp_tmr at %d ms takes %.3f %% of %d Hz", name, ms, cpu*100, b.Chip.Core.ClockHz)
		}
		if s, _ := p.Setting("TCP_TMR_INTERVAL"); s.Rule != "tcp.clock" || !strings.Contains(s.Why, "RTO floor") {
			t.Errorf("%s: provenance %+v", name, s)
		}
		c := p.TCPClock()
		if c.RTOFloorMinMs != 4*ms || c.RTOFloorMaxMs != 6*ms || c.DelayedAckMs != ms || c.InitialRTOMs != 3000/(2*ms)*(2*ms) {
			t.Errorf("%s: clock figures %+v for %d ms", name, c, ms)
		}
		if ck := clockCheckOf(t, p); !ck.OK {
			t.Errorf("%s: %s", name, ck.Detail)
		}
	}
}

// A long path moves the clock up (the RTT variation bound), a slow core too
// (the CPU bound), and a lossless throughput board keeps lwIP's default.
func TestTCPClockBounds(t *testing.T) {
	b := load(t, "h743")
	b.Workload.RTTMs, b.Workload.TargetMbps = 100, 2
	if ms := build(t, b).Value("TCP_TMR_INTERVAL"); ms < 25 {
		t.Errorf("RTT 100 ms: TCP_TMR_INTERVAL %d, want >= 25 (4 intervals must cover the RTT)", ms)
	}
	b = load(t, "h743")
	b.Chip.Core.ClockHz = 16_000_000
	if ms := build(t, b).Value("TCP_TMR_INTERVAL"); ms <= 10 {
		t.Errorf("16 MHz core: TCP_TMR_INTERVAL %d, the CPU bound should lift it above 10", ms)
	}
	b = load(t, "h743")
	b.Workload.LossPercent, b.Workload.Profile = 0, "throughput"
	if ms := build(t, b).Value("TCP_TMR_INTERVAL"); ms != 250 {
		t.Errorf("no loss, throughput: TCP_TMR_INTERVAL %d, want lwIP's 250", ms)
	}
	b.Workload.Profile = "latency"
	if ms := build(t, b).Value("TCP_TMR_INTERVAL"); ms != 10 {
		t.Errorf("no loss, latency profile: TCP_TMR_INTERVAL %d, want 10 (delayed-ACK bound)", ms)
	}
}

// A pinned clock too fast for the path fails plan.tcp_clock on the option.
func TestTCPClockCheckFailsOnTooFastOverride(t *testing.T) {
	b := load(t, "h743")
	b.Workload.RTTMs, b.Workload.TargetMbps = 100, 2
	b.Options = []board.Option{{Name: "TCP_TMR_INTERVAL", Expr: "1", Int: 1, IsInt: true}}
	p := build(t, b)
	if ck := clockCheckOf(t, p); ck.OK {
		t.Errorf("TCP_TMR_INTERVAL 1 at 100 ms RTT passed: %s", ck.Detail)
	}
}

// A board whose application calls tcp_fasttmr/tcp_slowtmr itself (zynq7035:
// Xilinx's RAW templates on a 250 ms CPU timer, lwIP's own timers off) keeps
// TCP_TMR_INTERVAL at that period whatever loss it declares: lwIP counts
// the RTO, TIME_WAIT and keepalive in slow ticks of 2*TCP_TMR_INTERVAL, so a
// 10 ms value with 500 ms real ticks would stretch TIME_WAIT from 1 minute to
// 25. The report then shows the real RTO floor (1-1.5 s).
func TestTCPClockFollowsTheApplicationsTimer(t *testing.T) {
	b := load(t, "zynq7035")
	if b.RTOS != "none" || b.Workload.LossPercent <= 0 {
		t.Fatalf("zynq7035: rtos %q, loss %g", b.RTOS, b.Workload.LossPercent)
	}
	p := build(t, b)
	s, _ := p.Setting("TCP_TMR_INTERVAL")
	if p.Value("TCP_TMR_INTERVAL") != 250 || s.Rule != "tcp.clock" || !strings.Contains(s.Why, "the application calls tcp_fasttmr/tcp_slowtmr itself every 250 ms") {
		t.Errorf("zynq7035: TCP_TMR_INTERVAL %d, %+v", p.Value("TCP_TMR_INTERVAL"), s)
	}
	if c := p.TCPClock(); c.RTOFloorMinMs != 1000 || c.RTOFloorMaxMs != 1500 {
		t.Errorf("zynq7035 clock: %+v", c)
	}
	// the generic rule, without the application's timer, would run at 10 ms
	b.RTOS = "freertos"
	if q, err := flow.Plan(b); err == nil && q.Value("TCP_TMR_INTERVAL") == 250 {
		t.Errorf("zynq7035 with FreeRTOS (lwIP's own timers): TCP_TMR_INTERVAL 250")
	}
}
