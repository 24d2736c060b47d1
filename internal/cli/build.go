package cli

import (
	"context"
	"fmt"
	"os"
	"os/signal"

	"github.com/lwipgen/lwipgen/internal/diag"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/vendorkit"
)

func init() {
	register("generate", "write the generated sources and report.json (no compiler) into --out", runGenerate)
	register("build", "generate, compile, link, verify and report into build/NAME", runBuild)
}

func pipelineFlags(env *Env, name string, args []string) (*pipeline.Options, error) {
	fs := newFlags(env, name, "--board NAME|PATH [--out DIR] [--lwip DIR] [-j N] [--vitis-version 2023.2]")
	o := &pipeline.Options{Source: source()}
	fs.StringVar(&o.Board, "board", "", "board name or path to a .hcl file")
	fs.StringVar(&o.Out, "out", "", "output directory (default build/NAME)")
	fs.StringVar(&o.LwIPDir, "lwip", "", "lwIP source tree (default: $LWIP_DIR, then the fetched cache)")
	fs.IntVar(&o.Jobs, "j", 0, "parallel compiles (default: one per core)")
	if name == "generate" {
		fs.StringVar(&o.Project, "project", "", "the project the output is for (Xilinx boards: a classic Vitis workspace whose system.mss names the release)")
	}
	fs.StringVar(&o.VitisVersion, "vitis-version", "", "Xilinx boards: the Vitis release whose lwIP library, LIBRARY_VER and names to write (2019.2 ... 2024.2, master; default: read from --project's system.mss, else every flow without a pinned version)")
	if _, err := parseFlags(fs, args); err != nil {
		return nil, err
	}
	if o.Board == "" {
		fmt.Fprintf(env.Stderr, "lwipgen %s: --board is required\n", name)
		return nil, fmt.Errorf("no board")
	}
	return o, nil
}

func runGenerate(env *Env, args []string) int {
	o, err := pipelineFlags(env, "generate", args)
	if err != nil {
		return 2
	}
	g, diags := pipeline.Generate(*o)
	diag.Write(env.Stderr, diags)
	if diags.HasErrors() {
		return 1
	}
	fmt.Fprintf(env.Stdout, "%s: %d files in %s/generated, report.json (predicted lwIP RAM %d B)\n", g.Board.Name, len(g.Files), g.Out, g.Plan.RAM.Total)
	return 0
}

func runBuild(env *Env, args []string) int {
	var project string
	for i := 0; i < len(args); i++ { // --project DIR: build the vendored project instead of the probe
		if args[i] == "--project" && i+1 < len(args) {
			project = args[i+1]
			args = append(args[:i:i], args[i+2:]...)
			break
		}
	}
	o, err := pipelineFlags(env, "build", args)
	if err != nil {
		return 2
	}
	o.Progress = env.Stdout
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if project != "" {
		return buildProject(ctx, env, o, project)
	}
	b, diags := pipeline.Build(ctx, *o)
	diag.Write(env.Stderr, diags)
	if b == nil || diags.HasErrors() {
		return 1
	}
	fmt.Fprintf(env.Stdout, "%s: %s verified (%d checks), reports in %s\n", b.Board.Name, b.ELF, len(b.Verify.Checks), b.Out)
	return 0
}

// buildProject builds a project lwipgen was vendored into, with the
// project's own build (Makefile, CMake, or the STM32CubeIDE .cproject), and
// verifies its ELF against the plan.
func buildProject(ctx context.Context, env *Env, o *pipeline.Options, project string) int {
	o.Project = project
	g, diags := pipeline.Generate(*o)
	diag.Write(env.Stderr, diags)
	if diags.HasErrors() {
		return 1
	}
	elf, v, err := vendorkit.BuildProject(ctx, project, g, env.Stdout)
	if err != nil {
		fmt.Fprintln(env.Stderr, "lwipgen build:", err)
		return 1
	}
	if err := pipeline.WriteReport(g, v); err != nil {
		fmt.Fprintln(env.Stderr, "lwipgen build:", err)
		return 1
	}
	failed := 0
	for _, c := range v.Checks {
		if !c.OK {
			failed++
			fmt.Fprintf(env.Stderr, "%s: check %s failed: %s\n", elf, c.ID, c.Detail)
		}
	}
	fmt.Fprintf(env.Stdout, "%s: %s from %s, %d checks, %d failed; reports in %s\n", g.Board.Name, elf, project, len(v.Checks), failed, g.Out)
	if failed > 0 {
		return 1
	}
	return 0
}
