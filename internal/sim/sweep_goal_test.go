package sim

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// These tests build sweep results by hand (no simulator): they pin how the
// comparison decides a shortfall and its kind, so a change to the goal's
// arithmetic cannot pass unnoticed.

func cell(name string, tx, rx, mix, p99 float64) SweepCell {
	st := func(v float64) Stat { return Stat{Mean: v, Min: v, Max: v} }
	return SweepCell{Config: name, Tx: st(tx), Rx: st(rx), Mix: st(mix), P99: st(p99), Errors: ErrorSplit{Clean: true}}
}

func synthetic() *SweepResult {
	opts := map[string]int64{"TCP_MSS": 1460, "TCP_WND": 4 * 1460, "TCP_SND_BUF": 4 * 1460, "MEM_SIZE": 31744, "PBUF_POOL_SIZE": 4, "PBUF_POOL_BUFSIZE": 1516}
	return &SweepResult{
		Board: "x", TargetMbps: 90,
		Design0: SweepPoint{LossPct: 0.1, RTTMs: 0.5, CPUx: 1, Conns: 5},
		Sizing:  Sizing{Connections: 5, RxStreams: 5, RxBuffers: 16, RxDescriptors: 8, RxModel: "custom_pool", LwIPBudget: 120 * 1024, EffRTTMs: 0.87, HeapSegBytes: 1540},
		Configs: []SweepConfig{
			{Name: CfgLwipgen, RAMBytes: 48000, Options: opts},
			{Name: "st-h7-example", RAMBytes: 43000},
			{Name: "seed000-h7", RAMBytes: 212000},
		},
	}
}

func TestShortfallKinds(t *testing.T) {
	r := synthetic()
	decl := SweepPoint{Name: "loss 0.1%", LossPct: 0.1, RTTMs: 0.5, CPUx: 1, Conns: 5}
	rtt := SweepPoint{Name: "loss 0.1%, RTT 10x", LossPct: 0.1, RTTMs: 5, CPUx: 1, Conns: 5}
	r.Rows = []SweepRow{
		// declared point: tx 90 vs 94 (4.3 % below, inside 5 %), rx 80 vs 94 (a sizing loss),
		// p99 1500 vs 1300 with 2x the bulk (more_bulk); seed000 is over the budget
		{Point: decl, Cells: []SweepCell{cell(CfgLwipgen, 90, 80, 140, 1500), cell("st-h7-example", 94, 94, 70, 1300), cell("seed000-h7", 50, 50, 50, 5000)}},
		// RTT 10x: seed000 (212 KB, budget 120 KiB) is best; st-example is within 5 % of lwipgen
		{Point: rtt, Cells: []SweepCell{cell(CfgLwipgen, 44, 45, 35, 5000), cell("st-h7-example", 18, 45, 35, 5000), cell("seed000-h7", 95, 95, 100, 5000)}},
	}
	r.RAM = ramGoal(r)
	out := shortfalls(r)
	kinds := map[string]string{}
	for _, s := range out {
		kinds[s.Point+"/"+s.Metric] = s.Kind
		if s.Reason == "" {
			t.Errorf("%s %s: no reason", s.Point, s.Metric)
		}
	}
	want := map[string]string{
		"loss 0.1%/rx_mbps":                 KindSizing,
		"loss 0.1%/rr_p99_us":               KindMoreBulk,
		"loss 0.1%, RTT 10x/tx_mbps":        KindOverBudget,
		"loss 0.1%, RTT 10x/rx_mbps":        KindOverBudget,
		"loss 0.1%, RTT 10x/mix_total_mbps": KindOverBudget,
		"all/lwip_ram_bytes":                KindRAMGoal,
	}
	for k, v := range want {
		if kinds[k] != v {
			t.Errorf("%s: kind %q, want %q (all: %v)", k, kinds[k], v, kinds)
		}
	}
	if len(kinds) != len(want) {
		t.Errorf("shortfalls %v, want exactly %v", kinds, want)
	}
	if r.Compared != 8 {
		t.Errorf("%d metrics compared, want 2 points x 4", r.Compared)
	}
	// without a budget the RTT 10x point is off the declared workload, and the
	// reason says what carrying the target there would take
	r.Sizing.LwIPBudget = 0
	for _, s := range shortfalls(r) {
		if s.Point == rtt.Name && s.Metric == "tx_mbps" {
			if s.Kind != KindOutsideDeclared || !strings.Contains(s.Reason, "RTT 5 ms (declared 0.5)") || !strings.Contains(s.Reason, "zero-copy RX buffers (the board pins ethernet.rx_buffers = 16)") {
				t.Errorf("RTT 10x without budget: %+v", s)
			}
		}
	}
}

// The seeds' spread: a loss whose ranges overlap is listed as within_spread,
// not as a sizing defect; one outside them stays "sizing".
func TestShortfallSpread(t *testing.T) {
	r := synthetic()
	decl := SweepPoint{Name: "loss 0.1%", LossPct: 0.1, RTTMs: 0.5, CPUx: 1, Conns: 5}
	lg, st := cell(CfgLwipgen, 80, 94, 0, 0), cell("st-h7-example", 94, 94, 0, 0)
	lg.Tx = Stat{Mean: 80, Min: 60, Max: 100}
	r.Rows = []SweepRow{{Point: decl, Cells: []SweepCell{lg, st}}}
	out := shortfalls(r)
	if len(out) != 1 || out[0].Kind != KindSpread {
		t.Fatalf("overlapping seeds: %+v", out)
	}
	lg.Tx = Stat{Mean: 80, Min: 79, Max: 81}
	r.Rows[0].Cells[0] = lg
	if out := shortfalls(r); len(out) != 1 || out[0].Kind != KindSizing {
		t.Fatalf("separated seeds: %+v", out)
	}
}

// A run that dropped frames is never summarised as clean, even when no pool
// counted an error (the zero-copy ring starving shows only at the MAC).
func TestSummaryNeverCleanWithDrops(t *testing.T) {
	runs := []ConfigResult{
		{Name: CfgLwipgen, Errors: ErrorSplit{Clean: true}},
		{Name: CfgLwipgen, Errors: ErrorSplit{MACMissed: 3, RingStarved: 3}},
	}
	c := summarize(CfgLwipgen, runs)
	if c.Errors.Clean || c.Errors.MACMissed != 3 || c.Errors.RingStarved != 3 || c.Errors.AllocFailures != 0 {
		t.Errorf("summary of a run with 3 missed frames: %+v", c.Errors)
	}
	if s := c.Errors.String(); s != "0/3/0" {
		t.Errorf("table column %q, want alloc 0 / drops 3 / back-pressure 0", s)
	}
	back := summarize(CfgLwipgen, []ConfigResult{{Errors: ErrorSplit{BackPressure: 50, Clean: true}}})
	if !back.Errors.Clean || back.Errors.BackPressure != 50 {
		t.Errorf("TCP back-pressure alone is flow control, not an error: %+v", back.Errors)
	}
}

func TestWriteSummary(t *testing.T) {
	r := synthetic()
	r.Rows = []SweepRow{{Point: SweepPoint{Name: "loss 0.1%", LossPct: 0.1, RTTMs: 0.5, CPUx: 1, Conns: 5},
		Cells: []SweepCell{cell(CfgLwipgen, 50, 94, 0, 0), cell("st-h7-example", 94, 94, 0, 0)}}}
	r.RAM = ramGoal(r)
	r.Shortfalls = shortfalls(r)
	var b bytes.Buffer
	WriteSummary(&b, []Summary{r.Summarize()})
	out := b.String()
	for _, want := range []string{"x ", " 48000 ", " 43000 ", " 21500 ", " no ", "RAM above half of the example: x (heap MEM_SIZE 31744 B"} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}
	if s := r.Summarize(); s.Shortfalls[KindSizing] != 1 || s.Shortfalls[KindRAMGoal] != 1 || s.Metrics != 2 {
		t.Errorf("summary counts %+v", s)
	}
}

// A p99 that is one retransmission timeout (p99 >> p50, retransmissions in
// the phase) is the loss's draw, listed as loss_timeout, not as sizing.
func TestShortfallLossTimeout(t *testing.T) {
	r := synthetic()
	decl := SweepPoint{Name: "loss 0.1%", LossPct: 0.1, RTTMs: 0.5, CPUx: 1, Conns: 5}
	lg, st := cell(CfgLwipgen, 94, 94, 100, 202000), cell("st-h7-example", 94, 94, 100, 1080)
	lg.P50, lg.Retx = Stat{Mean: 1080, Min: 1080, Max: 1080}, 1
	r.Rows = []SweepRow{{Point: decl, Cells: []SweepCell{lg, st}}}
	if out := shortfalls(r); len(out) != 1 || out[0].Kind != KindLossTimeout {
		t.Fatalf("one timeout: %+v", out)
	}
	lg.Retx = 0 // no retransmission: a slow response is the configuration's own
	r.Rows[0].Cells[0] = lg
	if out := shortfalls(r); len(out) != 1 || out[0].Kind != KindSizing {
		t.Fatalf("no retransmission: %+v", out)
	}
}

// The table states each configuration's lwIP RAM beside its numbers, the RAM
// goal, and every shortfall with its kind.
func TestSweepTableShowsRAMAndKinds(t *testing.T) {
	r := synthetic()
	r.Rows = []SweepRow{{Point: SweepPoint{Name: "loss 0.1%", LossPct: 0.1, RTTMs: 0.5, CPUx: 1, Conns: 5},
		Cells: []SweepCell{cell(CfgLwipgen, 50, 94, 0, 0), cell("st-h7-example", 94, 94, 0, 0)}}}
	r.RAM = ramGoal(r)
	r.Shortfalls = shortfalls(r)
	r.Configs[0].Options["TCP_TMR_INTERVAL"] = 10 // the RTO floor column: 4-6 intervals
	var b bytes.Buffer
	r.WriteTable(&b)
	out := b.String()
	for _, want := range []string{"lwipgen             48000 ", "st-h7-example       43000 ", "lwIP RAM goal (at most half of st-h7-example's 43000 B = 21500 B): lwipgen 48000 B, NOT met",
		"[sizing] lwipgen 50.0 vs st-h7-example 94.0", "[ram_goal]", "TCP_TMR_INTERVAL 10 ms (RTO floor 40-60 ms)", "   48000     40-60 ", "   43000         - "} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
}

// At a loss above the declared one the reason states the RX buffers two
// overlapping recoveries would need against the board's.
func TestCoverCostAtHigherLoss(t *testing.T) {
	r := synthetic()
	r.Configs[0].Options["TCP_WND"] = 8 * 1460
	c := r.coverCost(SweepPoint{LossPct: 1, RTTMs: 0.5, CPUx: 1, Conns: 5})
	if !strings.Contains(c, "2 x 7 segments out of order: 14 + 8 armed = 22 zero-copy RX buffers (the board pins ethernet.rx_buffers = 16)") {
		t.Errorf("cover cost at 1 %% loss: %q", c)
	}
	if c := r.coverCost(SweepPoint{LossPct: 0.1, RTTMs: 0.5, CPUx: 1, Conns: 5}); c != "" {
		t.Errorf("the declared point costs nothing more: %q", c)
	}
}

// report.json's sim.sweep carries the list: each shortfall with its kind, the
// RAM goal and what the plan was sized for.
func TestSweepJSONCarriesTheList(t *testing.T) {
	r := synthetic()
	r.Rows = []SweepRow{{Point: SweepPoint{Name: "loss 0.1%", LossPct: 0.1, RTTMs: 0.5, CPUx: 1, Conns: 5},
		Cells: []SweepCell{cell(CfgLwipgen, 50, 94, 0, 0), cell("st-h7-example", 94, 94, 0, 0)}}}
	r.RAM = ramGoal(r)
	r.Shortfalls = shortfalls(r)
	js, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var back struct {
		Shortfalls []map[string]any `json:"shortfalls"`
		RAM        map[string]any   `json:"ram_goal"`
		Sizing     map[string]any   `json:"sizing"`
		Compared   int              `json:"metrics_compared"`
	}
	if err := json.Unmarshal(js, &back); err != nil {
		t.Fatal(err)
	}
	if len(back.Shortfalls) != 2 || back.Shortfalls[0]["kind"] != KindSizing || back.Shortfalls[1]["kind"] != KindRAMGoal ||
		back.RAM["met"] != false || back.Sizing["rx_buffers"] != float64(16) || back.Compared != 2 {
		t.Errorf("sim.sweep JSON: %s", js)
	}
}

// The budget holds lwIP and driver RAM together, as the plan's own fit check.
func TestOverBudgetCountsTheDriver(t *testing.T) {
	r := synthetic()
	r.Configs = append(r.Configs, SweepConfig{Name: "big-rings", RAMBytes: 100000, DriverRAMBytes: 30000})
	if !r.overBudget("big-rings") || r.overBudget("st-h7-example") {
		t.Errorf("100000 + 30000 B against 122880 B must be over budget, 43000 B not")
	}
	r.Sizing.LwIPBudget = 0
	if r.overBudget("seed000-h7") {
		t.Errorf("without a budget nothing is over it")
	}
}

// The RAM goal's reason says what the goal leaves for the heap: with the
// rest of lwipgen's RAM unchanged, either no heap size meets it, or how many
// copied segments the heap left would hold against the send buffers'.
func TestRAMGoalSaysWhatHeapIsLeft(t *testing.T) {
	r := synthetic() // lwipgen 48000 B with a 31744 B heap; example 43000 B: goal 21500
	g := ramGoal(r)
	if g.Met || g.HeapLeftBytes != 21500-(48000-31744) || g.HeapSegments != g.HeapLeftBytes/1540 || g.SendSegments != 20 ||
		!strings.Contains(g.Breakdown, "the goal leaves 5244 B of heap (3 copied segments of 1540 B) for the 20") {
		t.Errorf("goal %+v", g)
	}
	r.Configs[1].RAMBytes = 30000 // goal 15000 < 16256 B outside the heap
	g = ramGoal(r)
	if g.HeapLeftBytes >= 0 || !strings.Contains(g.Breakdown, "without any heap lwipgen's lwIP RAM would still be 16256 B, above the goal of 15000 B") {
		t.Errorf("goal %+v", g)
	}
	r.Configs[1].RAMBytes = 96000
	if g = ramGoal(r); !g.Met || strings.Contains(g.Breakdown, "goal leaves") {
		t.Errorf("met goal: %+v", g)
	}
}

// A p99 shortfall behind a deeper TX ring than the best baseline's says so,
// with both rings (h743 at loss 0 %: 8 against ST's example's 4).
func TestShortfallNamesTheDeeperTxRing(t *testing.T) {
	r := synthetic()
	r.Configs[0].Driver = DriverRings{RxDescriptors: 8, RxBuffers: 16, TxDescriptors: 8}
	r.Configs[1].Driver = DriverRings{RxDescriptors: 4, RxBuffers: 12, TxDescriptors: 4}
	decl := SweepPoint{Name: "loss 0%", LossPct: 0, RTTMs: 0.5, CPUx: 1, Conns: 5}
	r.Rows = []SweepRow{{Point: decl, Cells: []SweepCell{cell(CfgLwipgen, 94, 94, 146, 1483), cell("st-h7-example", 94, 94, 146, 1341)}}}
	var rr *Shortfall
	for _, s := range shortfalls(r) {
		if s.Metric == "rr_p99_us" {
			rr = &s
		}
	}
	if rr == nil || !strings.Contains(rr.Reason, "up to 8 bulk frames in lwipgen's TX ring (ethernet.tx_descriptors 8), 4 in st-h7-example's") {
		t.Fatalf("p99 shortfall %+v", rr)
	}
	r.Configs[1].Driver.TxDescriptors = 8
	for _, s := range shortfalls(r) {
		if strings.Contains(s.Reason, "TX ring") {
			t.Errorf("equal rings named: %+v", s)
		}
	}
}

// A throughput shortfall where lwipgen carries the declared target cleanly
// on every seed is above_target (the baseline's extra comes from windows past
// the target; the reason says whether its runs were clean); below the target,
// or with a drop, it stays a sizing shortfall.
func TestShortfallAboveTarget(t *testing.T) {
	r := synthetic()
	r.TargetMbps = 10
	r.Configs[1].Options = map[string]int64{"TCP_WND": 32768, "TCP_SND_BUF": 32768}
	decl := SweepPoint{Name: "loss 0.1%", LossPct: 0.1, RTTMs: 0.5, CPUx: 1, Conns: 5}
	base := cell("st-h7-example", 60, 95, 70, 1300)
	base.Errors = ErrorSplit{AllocFailures: 1372}
	for _, c := range []struct {
		lgRx  float64
		clean bool
		want  string
	}{{60, true, KindAboveTarget}, {9, true, KindSizing}, {60, false, KindSizing}} {
		lg := cell(CfgLwipgen, 60, c.lgRx, 70, 1300)
		lg.Errors.Clean = c.clean
		r.Rows = []SweepRow{{Point: decl, Cells: []SweepCell{lg, base}}}
		var got *Shortfall
		for _, s := range shortfalls(r) {
			if s.Metric == "rx_mbps" {
				s := s
				got = &s
			}
		}
		if got == nil || got.Kind != c.want {
			t.Fatalf("rx %.0f clean %v: %+v, want kind %s", c.lgRx, c.clean, got, c.want)
		}
		if c.want == KindAboveTarget && (!strings.Contains(got.Reason, "at or above the declared workload.target_mbps 10 on every seed") || !strings.Contains(got.Reason, "TCP_WND 32768 B") || !strings.Contains(got.Reason, "not clean: 1372 allocation failure(s)")) {
			t.Errorf("reason: %s", got.Reason)
		}
	}
}
