package bench

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	_ "github.com/lwipgen/lwipgen/internal/flows/all" // the latency board is a standalone-flow board
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/plan"
	"github.com/lwipgen/lwipgen/internal/qemu"
)

// TestMedianRR: the row's request/response figures are the medians of the
// runs' p50/p99/max, each taken on its own; a run whose phase failed (N 0)
// does not count; the loaded upload's rate is the median too.
func TestMedianRR(t *testing.T) {
	ms := time.Millisecond
	lat := func(p50, p99 time.Duration) qemu.Latency {
		return qemu.Latency{Size: 64, N: 100, P50: p50, P99: p99, Max: 2 * p99}
	}
	r := Row{RawRR: []RunRR{
		{Loaded64: lat(1*ms, 9*ms), Idle64: lat(ms, 2*ms), Upload: 3},
		{Loaded64: lat(2*ms, 3*ms), Idle64: lat(ms, 1*ms), Upload: 5},
		{Loaded64: lat(3*ms, 4*ms), Upload: 4}, // idle phase failed
		{Loaded64: lat(4*ms, 100*ms), Idle64: lat(ms, 3*ms), Upload: 1},
		{Upload: 99}, // the loaded phase failed: its upload does not count
	}}
	summarizeRR(&r)
	if r.Loaded64.P99 != 6500*time.Microsecond { // median of 9, 3, 4, 100 ms
		t.Errorf("loaded p99 %v, want 6.5ms (median of the runs' p99, not the last run's 100ms)", r.Loaded64.P99)
	}
	if r.Loaded64.P50 != 2500*time.Microsecond || r.Loaded64.N != 400 || r.Loaded64.Size != 64 {
		t.Errorf("loaded %+v", r.Loaded64)
	}
	if r.Idle64.P99 != 2*ms || r.Idle64.N != 300 {
		t.Errorf("idle p99 %v over %d, want 2ms over the 3 runs that completed", r.Idle64.P99, r.Idle64.N)
	}
	if r.LoadedUpload != 3.5 {
		t.Errorf("upload %v MB/s, want 3.5 (median of 3, 5, 4, 1)", r.LoadedUpload)
	}
	if r.Idle1K.N != 0 || r.Idle1K.P99 != 0 {
		t.Errorf("no run measured idle 1 KiB, got %+v", r.Idle1K)
	}
}

// TestLoadedVerdictNeedsTheLoadCarried: a configuration whose lower loaded
// p99 came with an upload under half of lwipgen's did not carry the load;
// the verdict says so instead of counting it as the better latency.
func TestLoadedVerdictNeedsTheLoadCarried(t *testing.T) {
	cell := Cell{Net: "tap"}
	rs := []Row{
		row("lwip-defaults", 1, 1, 1, 1*time.Millisecond, 0, Sizing{MSS: 536, WndSegs: 4, SndSegs: 2}, cell),
		row("st-f7-example", 1, 1, 1, 2*time.Millisecond, 0, Sizing{MSS: 1460, WndSegs: 4, SndSegs: 2}, cell),
		row("lwipgen", 1, 1, 1, 3*time.Millisecond, 0, Sizing{MSS: 1460, WndSegs: 4, SndSegs: 16}, cell),
	}
	rs[0].LoadedUpload, rs[1].LoadedUpload, rs[2].LoadedUpload = 0.4, 4, 5
	v := strings.Join(Verdict(rs), "\n")
	for _, want := range []string{"HIGH p99 under load (64 B): lwipgen 3000 us (upload 5.00 MB/s) vs st-f7-example 2000 us (upload 4.00 MB/s)",
		"not carrying the load", "lwip-defaults 1000 us with its upload at 0.40 MB/s"} {
		if !strings.Contains(v, want) {
			t.Errorf("verdict lacks %q:\n%s", want, v)
		}
	}
	rs[1].LoadedUpload = 2 // under half of lwipgen's too
	v = strings.Join(Verdict(rs), "\n")
	if !strings.Contains(v, "ok   p99 under load (64 B): lwipgen 3000 us (upload 5.00 MB/s);") || !strings.Contains(v, "st-f7-example 2000 us with its upload at 2.00 MB/s") {
		t.Errorf("both others idle-link wins, verdict:\n%s", v)
	}
	rs[0].LoadedUpload, rs[1].LoadedUpload = 6, 6
	if v := strings.Join(Verdict(rs), "\n"); strings.Contains(v, "not carrying") || !strings.Contains(v, "HIGH p99 under load (64 B): lwipgen 3000 us (upload 5.00 MB/s) vs lwip-defaults 1000 us") {
		t.Errorf("both carried the load, verdict:\n%s", v)
	}
}

// TestLatencyBoardForTheBench: the bench's latency board plans a firmware
// whose bulk receive window is the 2 segments of the interactive rule (the
// lwipopts.h the bench measures beside the others), passes every check and
// gives no warning; measured in docs/bench.md.
func TestLatencyBoardForTheBench(t *testing.T) {
	g, diags := pipeline.Prepare(pipeline.Options{Board: filepath.Join("testdata", "mps2-an500-latency.hcl")})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if !g.Rendered.Firmware {
		t.Fatal("the latency board has no firmware for the bench")
	}
	all, err := AllConfigs(g)
	if err != nil {
		t.Fatal(err)
	}
	s := SizingOf(all[len(all)-1])
	if s.MSS != 1460 || s.WndSegs != plan.InteractiveQueueFrames {
		t.Errorf("lwipgen's sizing %+v: want TCP_WND %d x 1460", s, plan.InteractiveQueueFrames)
	}
	if f := g.Plan.Failed(); len(f) > 0 {
		t.Errorf("failed checks: %v", f)
	}
	if len(g.Plan.Warnings) > 0 {
		t.Errorf("warnings: %v", g.Plan.Warnings)
	}
	if !g.Plan.Driver.NagleOff {
		t.Error("latency profile without Nagle off in the plan")
	}
}
