package cli

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/lwipgen/lwipgen/internal/bench"
	"github.com/lwipgen/lwipgen/internal/interrupt"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/qemu"
	"github.com/spf13/cobra"
)

func init() {
	register(newRun)
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
	var nf netFlags
	c := &cobra.Command{
		Use:   "run [BOARD]",
		Short: "build the board's firmware and boot it in QEMU (mps2-an500): slirp on 127.0.0.1, or --net tap against the Linux stack",
		Example: "  lwipgen run mps2-an500\n" +
			"  sudo lwipgen run mps2-an500 --net tap --delay 10ms --loss 0.5",
		ValidArgsFunction: boardArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			o, err := p.options(cmd, args)
			if err != nil {
				return err
			}
			imp, err := nf.impair()
			if err != nil {
				return err
			}
			return status(runRun(env, o, nf, imp))
		},
	}
	p.add(c, true, false)
	c.Flags().BoolVar(&nf.stats, "stats", false, "show the firmware's periodic stats dump (every 10 s) on the console; a dump asked for (a UDP datagram to the stats port) is always shown")
	c.Flags().IntVar(&nf.portOffset, "port-offset", 0, "slirp: forward each guest service from 127.0.0.1 port guest+N (e.g. 10000: echo on 10007), the same every run; default: free ports, printed at start")
	c.Flags().StringVar(&nf.net, "net", "slirp", "network back end: slirp (user-mode, 127.0.0.1 forwards) or tap (root: a network namespace with a tap, the Linux kernel as peer)")
	nf.addImpair(c)
	return c
}

// netFlags are the back end and impairment flags of run.
type netFlags struct {
	net        string
	portOffset int
	stats      bool
	delay      time.Duration
	loss       float64
	seed       uint64
	force      bool
}

func (n *netFlags) addImpair(c *cobra.Command) {
	c.Flags().DurationVar(&n.delay, "delay", 0, "tap: round trip time added (host->guest), e.g. 1ms")
	c.Flags().Float64Var(&n.loss, "loss", 0, "tap: frame loss in percent, each direction (e.g. 0.1)")
	c.Flags().Uint64Var(&n.seed, "seed", 1, "tap: seed of the in-process impairer's loss model")
	c.Flags().BoolVar(&n.force, "impairer", false, "tap: use the in-process impairer even where tc netem works")
}

func (n *netFlags) impair() (qemu.Impair, error) {
	if n.net != "slirp" && n.net != "tap" {
		return qemu.Impair{}, fmt.Errorf("--net %q: want slirp or tap", n.net)
	}
	imp := qemu.Impair{Delay: n.delay, Loss: n.loss / 100, Seed: n.seed}
	if n.portOffset < 0 || n.portOffset > 65535 || (n.portOffset > 0 && n.net != "slirp") {
		return imp, fmt.Errorf("--port-offset %d: a number from 1 to 65535, with --net slirp", n.portOffset)
	}
	if n.net == "slirp" && !imp.None() {
		return imp, fmt.Errorf("--delay and --loss need --net tap (slirp has no impairment)")
	}
	return imp, imp.Validate()
}

func runRun(env *Env, o *pipeline.Options, nf netFlags, imp qemu.Impair) int {
	netName := nf.net
	ctx, stop := interrupt.Context(context.Background())
	defer stop()
	if netName == "tap" {
		if err := qemu.CanTap(); err != nil {
			fmt.Fprintln(env.Stderr, "lwipgen run:", err)
			return 2
		}
	}
	// a board without a self-contained firmware is refused before building
	if g, diags := pipeline.Prepare(*o); diags.HasErrors() {
		env.diags(diags)
		return 1
	} else if !g.Rendered.Firmware {
		fmt.Fprintf(env.Stderr, "lwipgen run: board %s builds a layout probe, not a firmware QEMU can run; use mps2-an500\n", g.Board.Name)
		return 2
	}
	o.Progress = env.progress(env.Stdout) // the build is not silent before QEMU starts
	b, diags := pipeline.Build(ctx, *o)
	env.diags(diags)
	if b == nil || diags.HasErrors() {
		return 1
	}
	fmt.Fprintf(env.Stdout, "%s: %s verified (%d checks); booting it in QEMU\n", b.Board.Name, b.ELF, len(b.Verify.Checks))
	var console io.Writer = env.Stdout
	if !nf.stats {
		console = &periodicStats{w: env.Stdout}
	}
	var err error
	if netName == "tap" {
		var elf string
		if elf, err = tapFirmware(ctx, b, env); err == nil {
			err = qemu.RunTap(ctx, elf, qemu.TapOptions{Impair: imp}, console)
		}
	} else {
		err = qemu.RunAt(ctx, b.ELF, qemu.DefaultPorts(), nf.portOffset, console)
	}
	if err != nil && ctx.Err() == nil {
		fmt.Fprintln(env.Stderr, "lwipgen run:", err)
		return 1
	}
	return 0
}

// tapFirmware rebuilds the verified firmware's sources with the tap back
// end's address (192.0.2.2; slirp's 10.0.2.15 is compiled into main.c): the
// same generated lwipopts.h and driver budget, into OUT/tap.
func tapFirmware(ctx context.Context, b *pipeline.Built, env *Env) (string, error) {
	dir := filepath.Join(filepath.Dir(b.ELF), "tap")
	data := qemu.DefaultFirmwareData()
	data.RxBudget = b.Plan.Driver.RxBudget
	data.Net = qemu.TapNetConfig()
	fmt.Fprintf(env.Stdout, "building the tap variant (guest %s) in %s\n", qemu.TapGuestIP, dir)
	return qemu.BuildContext(ctx, qemu.BuildOptions{OutDir: dir, LwipOpts: filepath.Join(filepath.Dir(b.ELF), "generated", "lwipopts.h"), Data: &data})
}
