package cli

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/lwipgen/lwipgen/internal/bench"
	"github.com/lwipgen/lwipgen/internal/diag"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/qemu"
)

func init() {
	register(newRun)
	register(newBench)
	register(newBuildBench)
}

func newBuildBench(env *Env) *cobra.Command {
	var bf boardFlag
	var runs int
	var out string
	c := &cobra.Command{
		Use:               "buildbench [BOARD]",
		Short:             "time a clean lwipgen build of a board against make -j2 of the same sources and flags, and the no-op rebuild",
		ValidArgsFunction: boardArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := bf.resolve(cmd, args, false); err != nil {
				return err
			}
			if bf.ref == "" {
				bf.ref = "h743"
			}
			if out == "" {
				out = "build/" + bf.ref + "/buildbench"
			}
			bt, err := bench.CompareBuild(context.Background(), bf.ref, source(), out, runs, env.Stderr)
			if err != nil {
				fmt.Fprintln(env.Stderr, "lwipgen buildbench:", err)
				return exitStatus(1)
			}
			bench.PrintBuildTimes(env.Stdout, bt)
			return nil
		},
	}
	bf.add(c, "board (default h743)")
	c.Flags().IntVar(&runs, "runs", 3, "runs (median reported)")
	c.Flags().StringVar(&out, "out", "", "work directory (default build/NAME/buildbench)")
	return c
}

func newRun(env *Env) *cobra.Command {
	p := &pipelineFlags{}
	c := &cobra.Command{
		Use:               "run [BOARD]",
		Short:             "build the board's firmware and boot it in QEMU, reachable on 127.0.0.1 only (mps2-an500)",
		Example:           "  lwipgen run mps2-an500",
		ValidArgsFunction: boardArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			o, err := p.options(cmd, args)
			if err != nil {
				return err
			}
			return status(runRun(env, o))
		},
	}
	p.add(c, true)
	return c
}

func runRun(env *Env, o *pipeline.Options) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// a board without a self-contained firmware is refused before building
	if g, diags := pipeline.Prepare(*o); diags.HasErrors() {
		diag.Write(env.Stderr, diags)
		return 1
	} else if !g.Firmware {
		fmt.Fprintf(env.Stderr, "lwipgen run: board %s builds a layout probe, not a firmware QEMU can run; use mps2-an500\n", g.Board.Name)
		return 2
	}
	o.Progress = env.Stdout // the build is not silent before QEMU starts
	b, diags := pipeline.Build(ctx, *o)
	diag.Write(env.Stderr, diags)
	if b == nil || diags.HasErrors() {
		return 1
	}
	fmt.Fprintf(env.Stdout, "%s: %s verified (%d checks); booting it in QEMU\n", b.Board.Name, b.ELF, len(b.Verify.Checks))
	if err := qemu.Run(ctx, b.ELF, qemu.DefaultPorts(), env.Stdout); err != nil && ctx.Err() == nil {
		fmt.Fprintln(env.Stderr, "lwipgen run:", err)
		return 1
	}
	return 0
}

func newBench(env *Env) *cobra.Command {
	var bf boardFlag
	o := bench.Options{Log: env.Stderr}
	var mib int
	var asJSON bool
	c := &cobra.Command{
		Use:               "bench [BOARD]",
		Short:             "build lwIP-defaults, seed-style and lwipgen firmwares and measure them side by side in QEMU",
		ValidArgsFunction: boardArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := bf.resolve(cmd, args, false); err != nil {
				return err
			}
			if bf.ref != "" {
				o.Board = bf.ref
			}
			o.Source, o.Bytes = source(), mib<<20
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			rows, err := bench.Run(ctx, o)
			if err != nil {
				fmt.Fprintln(env.Stderr, "lwipgen bench:", err)
				return exitStatus(1)
			}
			// kept in build/NAME/bench.json, and in report.json for the same plan
			if g, diags := pipeline.Prepare(pipeline.Options{Board: o.Board, Source: o.Source}); !diags.HasErrors() {
				if files, err := pipeline.Record(g, []string{"bench"}, rows); err != nil {
					fmt.Fprintln(env.Stderr, "lwipgen bench:", err)
					return exitStatus(1)
				} else if !asJSON {
					fmt.Fprintf(env.Stderr, "lwipgen bench: result in %s\n", strings.Join(files, " and "))
				}
			}
			if asJSON {
				writeJSON(env.Stdout, rows)
			} else {
				bench.Table(env.Stdout, rows)
			}
			return nil
		},
	}
	bf.add(c, "board with a self-contained firmware (default mps2-an500)")
	o.Board = "mps2-an500"
	c.Flags().IntVar(&o.Runs, "runs", 5, "measurements per direction and configuration (median reported)")
	c.Flags().IntVar(&mib, "mib", 4, "MiB per transfer")
	c.Flags().StringVar(&o.Out, "out", "", "work directory (default build/NAME/bench)")
	c.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return c
}
