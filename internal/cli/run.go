package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/lwipgen/lwipgen/internal/bench"
	"github.com/lwipgen/lwipgen/internal/diag"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/qemu"
)

func init() {
	register("run", "build the board's firmware and boot it in QEMU, reachable on 127.0.0.1 only (mps2-an500)", runRun)
	register("bench", "build lwIP-defaults, seed-style and lwipgen firmwares and measure them side by side in QEMU", runBench)
	register("buildbench", "time a clean lwipgen build of a board against make -j2 of the same sources and flags, and the no-op rebuild", runBuildBench)
}

func runBuildBench(env *Env, args []string) int {
	fs := newFlags(env, "buildbench", "--board NAME [--runs 3]")
	name := fs.String("board", "h743", "board")
	runs := fs.Int("runs", 3, "runs (median reported)")
	out := fs.String("out", "", "work directory (default build/NAME/buildbench)")
	if _, err := parseFlags(fs, args); err != nil {
		return 2
	}
	if *out == "" {
		*out = "build/" + *name + "/buildbench"
	}
	bt, err := bench.CompareBuild(context.Background(), *name, source(), *out, *runs, env.Stderr)
	if err != nil {
		fmt.Fprintln(env.Stderr, "lwipgen buildbench:", err)
		return 1
	}
	bench.PrintBuildTimes(env.Stdout, bt)
	return 0
}

func runRun(env *Env, args []string) int {
	o, err := pipelineFlags(env, "run", args)
	if err != nil {
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	b, diags := pipeline.Build(ctx, *o)
	diag.Write(env.Stderr, diags)
	if b == nil || diags.HasErrors() {
		return 1
	}
	if !b.Firmware {
		fmt.Fprintf(env.Stderr, "lwipgen run: board %s builds a layout probe, not a firmware QEMU can run; use --board mps2-an500\n", b.Board.Name)
		return 2
	}
	if err := qemu.Run(ctx, b.ELF, qemu.DefaultPorts(), env.Stdout); err != nil && ctx.Err() == nil {
		fmt.Fprintln(env.Stderr, "lwipgen run:", err)
		return 1
	}
	return 0
}

func runBench(env *Env, args []string) int {
	fs := newFlags(env, "bench", "--board mps2-an500 [--runs 3] [--mib 4] [--json]")
	o := bench.Options{Source: source(), Log: env.Stderr}
	fs.StringVar(&o.Board, "board", "mps2-an500", "board with a self-contained firmware")
	fs.IntVar(&o.Runs, "runs", 5, "measurements per direction and configuration (median reported)")
	mib := fs.Int("mib", 4, "MiB per transfer")
	fs.StringVar(&o.Out, "out", "", "work directory (default build/NAME/bench)")
	asJSON := fs.Bool("json", false, "print JSON")
	if _, err := parseFlags(fs, args); err != nil {
		return 2
	}
	o.Bytes = *mib << 20
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	rows, err := bench.Run(ctx, o)
	if err != nil {
		fmt.Fprintln(env.Stderr, "lwipgen bench:", err)
		return 1
	}
	if *asJSON {
		enc := json.NewEncoder(env.Stdout)
		enc.SetIndent("", "  ")
		enc.Encode(rows)
	} else {
		bench.Table(env.Stdout, rows)
	}
	return 0
}
