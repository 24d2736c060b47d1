package cli

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"github.com/lwipgen/lwipgen/internal/report"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"github.com/lwipgen/lwipgen/internal/diag"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/sim"
)

func init() {
	register("sim", "run the real lwIP with the generated configuration against a simulated peer, in virtual time", runSim)
}

// optFloat is a float flag that records whether it was set.
type optFloat struct{ v *float64 }

func (f *optFloat) String() string {
	if f.v == nil {
		return ""
	}
	return fmt.Sprint(*f.v)
}

func (f *optFloat) Set(s string) error {
	var x float64
	if _, err := fmt.Sscan(s, &x); err != nil || x < 0 {
		return fmt.Errorf("want a number >= 0")
	}
	f.v = &x
	return nil
}

var _ flag.Value = (*optFloat)(nil)

// multiFlag is a repeatable string flag.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(s string) error { *m = append(*m, s); return nil }

func runSim(env *Env, args []string) int {
	fs := newFlags(env, "sim", "--board NAME|PATH [--seed N] [--compare] [--json] [flags]")
	boardRef := fs.String("board", "", "board name or path to a .hcl file")
	seed := fs.Uint64("seed", 1, "seed for link loss/reordering and lwIP's LWIP_RAND")
	compare := fs.Bool("compare", false, "also run lwIP's defaults and the seed article's configuration, side by side")
	asJSON := fs.Bool("json", false, "print the result as JSON (the report's \"sim\" object)")
	workload := fs.String("workload", "auto", "auto (from the board's profile) | bulk | rr | mix | all")
	dur := fs.Duration("duration", 200*time.Millisecond, "virtual time measured per phase")
	warm := fs.Duration("warmup", 50*time.Millisecond, "virtual time before each phase is measured")
	msg := fs.Int("msg-size", 256, "request/response message size in bytes")
	loss := fs.Float64("loss", 0, "probability that the link loses a frame")
	reorder := fs.Float64("reorder", 0, "probability that the link delays a frame behind the next ones")
	var perFrame, perByte optFloat
	fs.Var(&perFrame, "cpu-ns-per-frame", "device CPU cost per frame in ns (default: from the core and clock)")
	fs.Var(&perByte, "cpu-ns-per-byte", "device CPU cost per byte in ns (default: from the core, clock and checksum settings)")
	lwipDir := fs.String("lwip", "", "lwIP source tree (default: $LWIP_DIR, then the fetched cache)")
	var userOpts multiFlag
	fs.Var(&userOpts, "lwipopts", "add a lwipopts.h of your own to the comparison (repeatable)")
	sweep := fs.Bool("sweep", false, "run lwipgen and every baseline off the design point: loss 0/0.1/1 %, RTT x1/x10, CPU x1/x2, connections 1/declared/2x")
	sweepFull := fs.Bool("sweep-full", false, "with --sweep: every combination of the axes (36 points) instead of one axis at a time")
	seeds := fs.Int("seeds", 3, "with --sweep: runs per point (seeds 1..N); mean and spread are reported")
	if _, err := parseFlags(fs, args); err != nil {
		return 2
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	for _, f := range userOpts {
		if !fileExists(f) {
			fmt.Fprintf(env.Stderr, "lwipgen sim: --lwipopts %s: no such file\n", f)
			return 2
		}
	}
	if *boardRef == "" {
		fmt.Fprintln(env.Stderr, "lwipgen sim: --board is required")
		return 2
	}
	switch *workload {
	case "auto", "bulk", "rr", "mix", "all":
	default:
		fmt.Fprintf(env.Stderr, "lwipgen sim: unknown --workload %q (auto, bulk, rr, mix, all)\n", *workload)
		return 2
	}
	if *loss < 0 || *loss >= 1 || *reorder < 0 || *reorder >= 1 {
		fmt.Fprintln(env.Stderr, "lwipgen sim: --loss and --reorder are probabilities in [0, 1)")
		return 2
	}
	g, diags := pipeline.Prepare(pipeline.Options{Board: *boardRef, Source: source(), LwIPDir: *lwipDir})
	if diags.HasErrors() {
		diag.Write(env.Stderr, diags)
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if *sweep || *sweepFull {
		so := sim.SweepOptions{Seeds: *seeds, Full: *sweepFull, LwIPOpts: userOpts, LwIPDir: *lwipDir}
		if set["duration"] {
			so.Duration = *dur
		}
		if set["warmup"] {
			so.Warmup = *warm
		}
		if !*asJSON {
			so.Progress = env.Stderr
		}
		return runSweep(ctx, env, g, so, *asJSON)
	}
	o := sim.Options{LwIPOpts: userOpts, Seed: *seed, Compare: *compare, Workload: *workload, Duration: *dur, Warmup: *warm, MsgSize: *msg,
		CPUNsPerFrame: perFrame.v, CPUNsPerByte: perByte.v, Loss: *loss, Reorder: *reorder, LwIPDir: *lwipDir}
	if !*asJSON {
		o.Progress = env.Stderr
	}
	res, err := sim.Run(ctx, g, o)
	if err != nil {
		fmt.Fprintf(env.Stderr, "lwipgen sim: %v\n", err)
		return 1
	}
	// The result joins the board's report.json (key "sim") when a build made one.
	if rp := filepath.Join("build", g.Board.Name, "report.json"); fileExists(rp) {
		if err := report.MergePath(rp, []string{"sim"}, res); err != nil {
			fmt.Fprintf(env.Stderr, "lwipgen sim: %s: %v\n", rp, err)
			return 1
		}
		if !*asJSON {
			fmt.Fprintf(env.Stderr, "lwipgen sim: result added to %s under \"sim\"\n", rp)
		}
	}
	if *asJSON {
		enc := json.NewEncoder(env.Stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(res); err != nil {
			fmt.Fprintf(env.Stderr, "lwipgen sim: %v\n", err)
			return 1
		}
	} else {
		res.WriteTable(env.Stdout)
	}
	for _, c := range res.Configs {
		if c.Error != "" && c.Name == sim.CfgLwipgen {
			fmt.Fprintf(env.Stderr, "lwipgen sim: %s: %s\n", c.Name, c.Error)
			return 1
		}
	}
	return 0
}

// runSweep runs `sim --sweep` and merges the result into report.json as "sim.sweep".
func runSweep(ctx context.Context, env *Env, g *pipeline.Generated, so sim.SweepOptions, asJSON bool) int {
	res, err := sim.Sweep(ctx, g, so)
	if err != nil {
		fmt.Fprintf(env.Stderr, "lwipgen sim: %v\n", err)
		return 1
	}
	if rp := filepath.Join("build", g.Board.Name, "report.json"); fileExists(rp) {
		if err := report.MergePath(rp, []string{"sim", "sweep"}, res); err != nil {
			fmt.Fprintf(env.Stderr, "lwipgen sim: %s: %v\n", rp, err)
			return 1
		}
		if !asJSON {
			fmt.Fprintf(env.Stderr, "lwipgen sim: sweep added to %s under \"sim.sweep\"\n", rp)
		}
	}
	if asJSON {
		enc := json.NewEncoder(env.Stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(res); err != nil {
			fmt.Fprintf(env.Stderr, "lwipgen sim: %v\n", err)
			return 1
		}
		return 0
	}
	res.WriteTable(env.Stdout)
	return 0
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}
