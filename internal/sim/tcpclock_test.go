package sim

import (
	"context"
	"regexp"
	"testing"
	"time"

	"github.com/lwipgen/lwipgen/internal/plan"
)

// The TCP clock on the device's CPU: every tcp_tmr() pass is charged
// (devhost.c wraps tcp_tmr at link time) at plan.TimerPassCycles, the cost
// the tcp.clock rule bounds. mps2-an500 is the board whose interval the CPU
// bound sets (25 MHz: 29 ms for 0.5 %); forcing lwIP's clock to 1 ms there
// must show up as CPU time and as throughput lost, and the generated 29 ms
// must stay within the rule's share.

var tmrDefine = regexp.MustCompile(`(?m)^#define TCP_TMR_INTERVAL +\d+`)

func tcpClockRun(t *testing.T, g *Result) Phase {
	t.Helper()
	c := g.Configs[0]
	if c.Error != "" {
		t.Fatal(c.Error)
	}
	if len(c.Phases) != 1 {
		t.Fatalf("%d phases, want the tx phase only", len(c.Phases))
	}
	return c.Phases[0]
}

func TestTCPTimerPassesCostDeviceCPU(t *testing.T) {
	needHost(t)
	gen := prepare(t, "mps2-an500")
	ms := gen.Plan.Value("TCP_TMR_INTERVAL")
	if ms != 29 {
		t.Fatalf("mps2-an500's TCP_TMR_INTERVAL is %d; this test measures the CPU bound's 29 ms", ms)
	}
	base, err := lwipgenConfig(gen)
	if err != nil {
		t.Fatal(err)
	}
	fast := *base
	fast.Name = "tmr1ms"
	fast.Header = tmrDefine.ReplaceAll(base.Header, []byte("#define TCP_TMR_INTERVAL 1"))
	if string(fast.Header) == string(base.Header) {
		t.Fatal("no #define TCP_TMR_INTERVAL in the generated header")
	}
	run := func(c *config) Phase {
		r, err := Run(context.Background(), gen, Options{CacheDir: testCache, deviceOverride: c, phasesOverride: []string{"tx"},
			Duration: 200 * time.Millisecond, Warmup: 20 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		return tcpClockRun(t, r)
	}
	gp, fp := run(base), run(&fast)
	t.Logf("29 ms: %d passes, %.3f %% CPU, tx %.2f Mbps; 1 ms: %d passes, %.3f %% CPU, tx %.2f Mbps",
		gp.TimerPasses, gp.TimerCPUPct, gp.TxMbps, fp.TimerPasses, fp.TimerCPUPct, fp.TxMbps)

	// passes: lwIP re-arms the TCP timer from sys_now() after each pass (tcpip_tcp_timer ->
	// sys_timeout), and the CPU-bound sender's main loop reaches sys_check_timeouts() only between
	// frames (~0.35 ms each at 25 MHz, several per loop pass): a 1 ms clock runs ~300 passes a second
	// here, not 1000; the 29 ms clock its ~7 in 200 ms.
	if fp.TimerPasses < 5*gp.TimerPasses || fp.TimerPasses > 201 {
		t.Errorf("1 ms clock: %d timer passes in 200 ms (29 ms clock: %d), want more than 5x and at most one per ms", fp.TimerPasses, gp.TimerPasses)
	}
	if gp.TimerPasses < 5 || gp.TimerPasses > 8 {
		t.Errorf("29 ms clock: %d timer passes in 200 ms, want 5..7", gp.TimerPasses)
	}
	// each pass costs at least the base cost and at most the rule's estimate for the board's PCBs
	// (the rule also counts listeners, which no timer pass walks)
	perPass := func(p Phase) float64 { return p.TimerCPUPct / 100 * 0.2 * 25e6 / float64(p.TimerPasses) }
	est := plan.TimerPassCycles(int64(gen.Plan.Board.Workload.TCPConnections + gen.Plan.Board.Workload.TCPListeners))
	for _, p := range []Phase{gp, fp} {
		if c := perPass(p); c < plan.TimerPassBaseCycles || c > est+1 {
			t.Errorf("a timer pass cost %.0f cycles on the device; the model charges %d + %d per PCB (rule's estimate %.0f)",
				c, plan.TimerPassBaseCycles, plan.TimerPassPCBCycles, est)
		}
	}
	// the rule's bound, measured: the generated interval stays within 0.5 % of the core,
	// the 1 ms clock takes a share the rule would refuse, and the sender feels it
	if gp.TimerCPUPct > 0.5 {
		t.Errorf("the generated 29 ms clock took %.3f %% of the CPU; the rule allows 0.5 %%", gp.TimerCPUPct)
	}
	if fp.TimerCPUPct < 2 {
		t.Errorf("a 1 ms clock on a 25 MHz core took only %.3f %% of the CPU (%d passes, model: <= %.0f cycles per pass)", fp.TimerCPUPct, fp.TimerPasses, est)
	}
	if fp.TxMbps >= gp.TxMbps {
		t.Errorf("device TX %.2f Mbps with a 1 ms clock, %.2f with 29 ms: the timer's CPU cost does not reach the CPU-bound sender", fp.TxMbps, gp.TxMbps)
	}
}
