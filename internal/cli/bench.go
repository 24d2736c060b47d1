package cli

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/lwipgen/lwipgen/internal/bench"
	"github.com/lwipgen/lwipgen/internal/interrupt"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/spf13/cobra"
)

func init() { register(newBench) }

func newBench(env *Env) *cobra.Command {
	var bf boardFlag
	o := bench.Options{Log: env.Stderr}
	var kib int
	var asJSON, withSim bool
	var delays, losses, configs string
	c := &cobra.Command{
		Use:   "bench [BOARD]",
		Short: "build lwIP-defaults, seed-style, vendor-baseline and lwipgen firmwares and measure them side by side in QEMU (slirp, and tap with delay/loss)",
		Example: "  lwipgen bench mps2-an500\n" +
			"  sudo lwipgen bench mps2-an500 --net all --kib 1024 --n 1000 --runs 3\n" +
			"  sudo lwipgen bench --net tap --delays 10ms --losses 1 --configs lwip-defaults,lwipgen",
		ValidArgsFunction: boardArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := bf.resolve(cmd, args, false); err != nil {
				return err
			}
			if bf.ref != "" {
				o.Board = bf.ref
			}
			switch o.Net {
			case "slirp", "tap", "all":
			default:
				return fmt.Errorf("--net %q: want slirp, tap or all", o.Net)
			}
			var err error
			if o.Delays, err = parseDelays(delays); err != nil {
				return err
			}
			if o.Losses, err = parseLosses(losses); err != nil {
				return err
			}
			if configs != "" {
				o.Configs = strings.Split(configs, ",")
			}
			for _, f := range o.LwipOpts {
				if st, err := os.Stat(f); err != nil || st.IsDir() {
					return usagef("--lwipopts %s: no such file", f)
				}
			}
			o.Source, o.Bytes = source(), kib<<10
			ctx, stop := interrupt.Context(context.Background())
			defer stop()
			rows, err := bench.Run(ctx, o)
			if err != nil {
				fmt.Fprintln(env.Stderr, "lwipgen bench:", err)
				return exitStatus(1)
			}
			result := benchResult{Rows: rows}
			if withSim && hasTap(rows) {
				if result.CrossCheck, err = bench.CrossCheck(ctx, o, rows, env.Stderr); err != nil {
					// the measurement stands; the prediction beside it is missing
					fmt.Fprintln(env.Stderr, "lwipgen bench: simulator cross-check:", err)
				}
			}
			// kept in build/NAME/bench.json, and in report.json for the same plan
			if g, diags := pipeline.Prepare(pipeline.Options{Board: o.Board, Source: o.Source}); !diags.HasErrors() {
				if files, err := pipeline.Record(g, []string{"bench"}, result); err != nil {
					fmt.Fprintln(env.Stderr, "lwipgen bench:", err)
					return exitStatus(1)
				} else if !asJSON {
					fmt.Fprintf(env.Stderr, "lwipgen bench: result in %s\n", strings.Join(files, " and "))
				}
			}
			if asJSON {
				writeJSON(env.Stdout, result)
			} else {
				bench.Table(env.Stdout, rows)
				bench.CrossTable(env.Stdout, result.CrossCheck)
			}
			return nil
		},
	}
	bf.add(c, "board with a self-contained firmware (default mps2-an500)")
	o.Board = "mps2-an500"
	c.Flags().StringVar(&o.Net, "net", "all", "back ends: slirp, tap (root: namespace + tap, Linux as peer, delay x loss cells) or all (tap needs root; without it slirp only)")
	c.Flags().IntVar(&o.Runs, "runs", 3, "measurements per direction, configuration and cell (median reported)")
	c.Flags().IntVar(&kib, "kib", 1024, "KiB per transfer")
	c.Flags().IntVar(&o.N, "n", 1000, "request/response exchanges per latency measurement")
	c.Flags().StringVar(&delays, "delays", "0,1ms,10ms", "tap: round trip delays added, comma separated")
	c.Flags().StringVar(&losses, "losses", "0,0.1,1", "tap: frame loss percentages (each direction), comma separated")
	c.Flags().StringVar(&configs, "configs", "", "only these configurations, comma separated (lwip-defaults, seed-style, cubemx-f7, st-f7-example, lwipgen)")
	c.Flags().StringArrayVar(&o.LwipOpts, "lwipopts", nil, "add a lwipopts.h of your own (a whole file, named after it without .h) to the comparison (repeatable)")
	c.Flags().BoolVar(&o.Impairer, "impairer", false, "tap: use the in-process impairer even where tc netem works")
	c.Flags().Uint64Var(&o.Seed, "seed", 1, "tap: seed of the impairer's loss model")
	c.Flags().StringVar(&o.Out, "out", "", "work directory (default build/NAME/bench)")
	c.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	c.Flags().BoolVar(&withSim, "sim", true, "run the simulator on the same configurations and tap cells and print its prediction beside the measurement")
	return c
}

func parseDelays(s string) ([]time.Duration, error) {
	var out []time.Duration
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "0" {
			out = append(out, 0)
			continue
		}
		d, err := time.ParseDuration(f)
		if err != nil || d < 0 {
			return nil, fmt.Errorf("--delays: %q is not a duration like 1ms", f)
		}
		out = append(out, d)
	}
	return out, nil
}

func parseLosses(s string) ([]float64, error) {
	var out []float64
	for _, f := range strings.Split(s, ",") {
		v, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
		if err != nil || v < 0 || v >= 100 {
			return nil, fmt.Errorf("--losses: %q is not a percentage in [0, 100)", f)
		}
		out = append(out, v/100)
	}
	return out, nil
}

// benchResult is what bench prints with --json and records in bench.json.
type benchResult struct {
	Rows       []bench.Row       `json:"rows"`
	CrossCheck []bench.CrossCell `json:"crosscheck,omitempty"`
}

func hasTap(rows []bench.Row) bool {
	for _, r := range rows {
		if r.Cell.Net == "tap" {
			return true
		}
	}
	return false
}
