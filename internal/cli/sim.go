package cli

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/lwipgen/lwipgen/internal/interrupt"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/sim"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

func init() { register(newSim) }

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

func (f *optFloat) Type() string { return "ns" }

var _ pflag.Value = (*optFloat)(nil)

// simFlags are sim's flags.
type simFlags struct {
	board             boardFlag
	seed              uint64
	compare, asJSON   bool
	workload, lwipDir string
	dur, warm         time.Duration
	msg               int
	loss, reorder     float64
	dup               float64
	faults            string
	rtos              bool
	perFrame, perByte optFloat
	userOpts          []string
	sweep, sweepFull  bool
	seeds             int
	set               func(name string) bool // whether the flag was given
}

func newSim(env *Env) *cobra.Command {
	f := &simFlags{}
	c := &cobra.Command{
		Use:               "sim [BOARD]",
		Short:             "run the real lwIP with the generated configuration against a simulated peer, in virtual time",
		Example:           "  lwipgen sim h743 --compare\n  lwipgen sim f407 --workload rr --loss 0.01",
		ValidArgsFunction: boardArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := f.board.resolve(cmd, args, true); err != nil {
				return err
			}
			for _, o := range f.userOpts {
				if st, err := os.Stat(o); err != nil || st.IsDir() {
					return usagef("--lwipopts %s: no such file", o)
				}
			}
			f.set = cmd.Flags().Changed
			return status(runSim(env, f))
		},
	}
	fs := c.Flags()
	f.board.add(c, "board name or path to a .hcl file (or give it as the argument)")
	fs.Uint64Var(&f.seed, "seed", 1, "seed for link loss/reordering and lwIP's LWIP_RAND")
	fs.BoolVar(&f.compare, "compare", false, "also run lwIP's defaults and the seed article's configuration, side by side")
	fs.BoolVar(&f.asJSON, "json", false, "print the result as JSON (the report's \"sim\" object)")
	fs.StringVar(&f.workload, "workload", "auto", "auto (from the board's profile) | bulk | rr | mix | all")
	c.RegisterFlagCompletionFunc("workload", cobra.FixedCompletions([]string{"auto", "bulk", "rr", "mix", "all"}, cobra.ShellCompDirectiveNoFileComp))
	fs.DurationVar(&f.dur, "duration", 200*time.Millisecond, "virtual time measured per phase")
	fs.DurationVar(&f.warm, "warmup", 50*time.Millisecond, "virtual time before each phase is measured")
	fs.IntVar(&f.msg, "msg-size", 256, "request/response message size in bytes")
	fs.Float64Var(&f.loss, "loss", 0, "probability that the link loses a frame")
	fs.Float64Var(&f.reorder, "reorder", 0, "probability that the link delays a frame behind the next ones")
	fs.Float64Var(&f.dup, "duplicate", 0, "probability that the link delivers a frame twice")
	fs.BoolVar(&f.rtos, "rtos", true, "run a FreeRTOS board as an RTOS board (the default)")
	fs.MarkDeprecated("rtos", "FreeRTOS boards always run as RTOS boards (docs/sim-rtos.md)")
	fs.StringVar(&f.faults, "fault", "", "inject faults into the device's generated driver: KIND@TIME[:ARG],... with link-flap@T:DOWN, dma-error@T, mac-error@T (STM32H7: HAL error state, DMA running), rx-stall@T:FOR (the application stops reading), burst@T:FRAMES; TIME from the first measured phase")
	fs.Var(&f.perFrame, "cpu-ns-per-frame", "device CPU cost per frame in ns (default: from the core and clock)")
	fs.Var(&f.perByte, "cpu-ns-per-byte", "device CPU cost per byte in ns (default: from the core, clock and checksum settings)")
	fs.StringVar(&f.lwipDir, "lwip", "", "lwIP source tree (default: $LWIP_DIR, then the fetched cache)")
	fs.StringArrayVar(&f.userOpts, "lwipopts", nil, "add a lwipopts.h of your own to the comparison (repeatable)")
	fs.BoolVar(&f.sweep, "sweep", false, "run lwipgen and every baseline off the design point: loss 0/0.1/1 %, RTT x1/x10, CPU x1/x2, connections 1/declared/2x")
	fs.BoolVar(&f.sweepFull, "sweep-full", false, "with --sweep: every combination of the axes (36 points) instead of one axis at a time")
	fs.IntVar(&f.seeds, "seeds", 3, "with --sweep: runs per point (seeds 1..N); mean and spread are reported")
	return c
}

func runSim(env *Env, f *simFlags) int {
	boardRef, seed, compare, asJSON, workload, dur, warm, msg, loss, reorder, lwipDir :=
		&f.board.ref, &f.seed, &f.compare, &f.asJSON, &f.workload, &f.dur, &f.warm, &f.msg, &f.loss, &f.reorder, &f.lwipDir
	perFrame, perByte := f.perFrame, f.perByte
	switch *workload {
	case "auto", "bulk", "rr", "mix", "all":
	default:
		fmt.Fprintf(env.Stderr, "lwipgen sim: unknown --workload %q (auto, bulk, rr, mix, all)\n", *workload)
		return 2
	}
	if *loss < 0 || *loss >= 1 || *reorder < 0 || *reorder >= 1 || f.dup < 0 || f.dup >= 1 {
		fmt.Fprintln(env.Stderr, "lwipgen sim: --loss, --reorder and --duplicate are probabilities in [0, 1)")
		return 2
	}
	faults, err := sim.ParseFaults(f.faults)
	if err != nil {
		fmt.Fprintf(env.Stderr, "lwipgen sim: --fault: %v\n", err)
		return 2
	}
	g, diags := pipeline.Prepare(pipeline.Options{Board: *boardRef, Source: source(), LwIPDir: *lwipDir})
	if diags.HasErrors() {
		env.diags(diags)
		return 1
	}
	ctx, stop := interrupt.Context(context.Background())
	defer stop()
	if f.sweep || f.sweepFull {
		so := sim.SweepOptions{Seeds: f.seeds, Full: f.sweepFull, LwIPOpts: f.userOpts, LwIPDir: *lwipDir}
		if f.set("duration") {
			so.Duration = *dur
		}
		if f.set("warmup") {
			so.Warmup = *warm
		}
		if !*asJSON {
			so.Progress = env.progress(env.Stderr)
		}
		return runSweep(ctx, env, g, so, *asJSON)
	}
	o := sim.Options{LwIPOpts: f.userOpts, Seed: *seed, Compare: *compare, Workload: *workload, Duration: *dur, Warmup: *warm, MsgSize: *msg,
		CPUNsPerFrame: perFrame.v, CPUNsPerByte: perByte.v, Loss: *loss, Reorder: *reorder, LwIPDir: *lwipDir,
		Duplicate: f.dup, Faults: faults}
	if !*asJSON {
		o.Progress = env.progress(env.Stderr)
	}
	res, err := sim.Run(ctx, g, o)
	if err != nil {
		fmt.Fprintf(env.Stderr, "lwipgen sim: %v\n", err)
		return 1
	}
	// The result is kept in build/NAME/sim.json, and joins report.json
	// (key "sim") when that report is of the same plan.
	files, err := pipeline.Record(g, []string{"sim"}, res)
	if err != nil {
		fmt.Fprintf(env.Stderr, "lwipgen sim: %v\n", err)
		return 1
	}
	if *asJSON {
		if err := writeJSON(env.Stdout, res); err != nil {
			fmt.Fprintf(env.Stderr, "lwipgen sim: %v\n", err)
			return 1
		}
	} else {
		res.WriteTable(env.Stdout)
		// where the result went comes after the result
		fmt.Fprintf(env.Stdout, "lwipgen sim: result in %s\n", strings.Join(files, " and "))
	}
	for _, c := range res.Configs {
		if c.Error != "" && c.Name == sim.CfgLwipgen {
			fmt.Fprintf(env.Stderr, "lwipgen sim: %s: %s\n", c.Name, c.Error)
			return 1
		}
	}
	return 0
}

// runSweep runs `sim --sweep`: the result goes to build/NAME/sim-sweep.json
// and, for the same plan, to report.json as "sim.sweep".
func runSweep(ctx context.Context, env *Env, g *pipeline.Generated, so sim.SweepOptions, asJSON bool) int {
	res, err := sim.Sweep(ctx, g, so)
	if err != nil {
		fmt.Fprintf(env.Stderr, "lwipgen sim: %v\n", err)
		return 1
	}
	files, err := pipeline.Record(g, []string{"sim", "sweep"}, res)
	if err != nil {
		fmt.Fprintf(env.Stderr, "lwipgen sim: %v\n", err)
		return 1
	}
	if asJSON {
		if err := writeJSON(env.Stdout, res); err != nil {
			fmt.Fprintf(env.Stderr, "lwipgen sim: %v\n", err)
			return 1
		}
		return 0
	}
	res.WriteTable(env.Stdout)
	fmt.Fprintf(env.Stdout, "lwipgen sim: sweep in %s\n", strings.Join(files, " and "))
	return 0
}
