package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/lwipgen/lwipgen/internal/interrupt"
	"github.com/lwipgen/lwipgen/internal/memusage"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/plan"
	"github.com/lwipgen/lwipgen/internal/vendorkit"
	"github.com/spf13/cobra"
)

func init() {
	register(newGenerate)
	register(newBuild)
}

// pipelineFlags are the flags generate, build and run share.
type pipelineFlags struct {
	board boardFlag
	o     pipeline.Options
}

// add adds the shared flags; withProject says the command has --project,
// from whose system.mss --vitis-version can be read (run has none).
func (p *pipelineFlags) add(c *cobra.Command, jobs, withProject bool) {
	p.board.add(c, "board name or path to a .hcl file (or give it as the argument)")
	c.Flags().StringVar(&p.o.Out, "out", "", "output directory (default build/NAME)")
	c.Flags().StringVar(&p.o.LwIPDir, "lwip", "", "lwIP source tree (default: $LWIP_DIR, then the fetched cache)")
	if jobs {
		c.Flags().IntVarP(&p.o.Jobs, "jobs", "j", 0, "parallel compiles (default: one per core)")
	}
	if withProject {
		c.Flags().StringVar(&p.o.VitisVersion, "vitis-version", "", "Xilinx boards: the Vitis release whose lwIP library, LIBRARY_VER and names to write (2019.2 ... 2024.2, master; default: read from --project's system.mss, else every flow without a pinned version)")
	}
}

// options resolves the board and returns the pipeline options.
func (p *pipelineFlags) options(cmd *cobra.Command, args []string) (*pipeline.Options, error) {
	if err := p.board.resolve(cmd, args, true); err != nil {
		return nil, err
	}
	o := p.o
	o.Board, o.Source = p.board.ref, source()
	return &o, nil
}

func newGenerate(env *Env) *cobra.Command {
	p := &pipelineFlags{}
	c := &cobra.Command{
		Use:               "generate [BOARD]",
		Short:             "write the generated sources and report.json (no compiler) into --out",
		Example:           "  lwipgen generate h743\n  lwipgen generate --board boards/my.hcl --out build/my",
		ValidArgsFunction: boardArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			o, err := p.options(cmd, args)
			if err != nil {
				return err
			}
			return status(runGenerate(env, o))
		},
	}
	p.add(c, false, true)
	c.Flags().StringVar(&p.o.Project, "project", "", "the project the output is for (Xilinx boards: a classic Vitis workspace whose system.mss names the release)")
	return c
}

func runGenerate(env *Env, o *pipeline.Options) int {
	g, kept, diags := pipeline.GenerateKeep(*o)
	env.diags(diags)
	if diags.HasErrors() {
		return 1
	}
	if kept {
		fmt.Fprintf(env.Stdout, "%s: %d files in %s/generated (unchanged plan: the verified report of the last build stays)\n", g.Board.Name, len(g.Files), g.Out)
		return 0
	}
	fmt.Fprintf(env.Stdout, "%s: %d files in %s/generated, report.json and report.md (not verified: %d plan checks, nothing linked; predicted lwIP RAM %d B)\n",
		g.Board.Name, len(g.Files), g.Out, len(g.Plan.Checks), g.Plan.RAM.Total)
	return 0
}

func newBuild(env *Env) *cobra.Command {
	p := &pipelineFlags{}
	var project string
	c := &cobra.Command{
		Use:   "build [BOARD]",
		Short: "generate, compile, link, verify and report into build/NAME",
		Long: "build generates the sources, compiles lwIP and the glue with arm-none-eabi-gcc,\n" +
			"links, reads the ELF back and verifies the plan, then writes build/NAME/report.md.\n" +
			"With --project DIR it builds a project lwipgen was vendored into with that\n" +
			"project's own build and verifies its firmware ELF instead.",
		Example:           "  lwipgen build h743\n  lwipgen build f407 --project ~/cubemx/f407",
		ValidArgsFunction: boardArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			o, err := p.options(cmd, args)
			if err != nil {
				return err
			}
			if project != "" {
				if st, err := os.Stat(project); err != nil || !st.IsDir() {
					return usagef("--project %s: not a directory (the vendored project: the folder with the .ioc, Makefile or CMakeLists.txt)", project)
				}
			}
			return status(runBuild(env, o, project))
		},
	}
	p.add(c, true, true)
	c.Flags().StringVar(&project, "project", "", "build this vendored project (CubeMX/GD32) with its own build and verify its ELF")
	return c
}

func runBuild(env *Env, o *pipeline.Options, project string) int {
	o.Progress = env.progress(env.Stdout)
	ctx, stop := interrupt.Context(context.Background())
	defer stop()
	if project != "" {
		return buildProject(ctx, env, o, project)
	}
	b, diags := pipeline.Build(ctx, *o)
	env.diags(diags)
	if b == nil || diags.HasErrors() {
		return 1
	}
	printSize(env, sizeSummary{board: b.Board.Name, usage: b.Usage, planChecks: len(b.Plan.Checks), checks: b.Checks, failed: b.Failed, lwip: b.LwIP, out: b.Out})
	return 0
}

// sizeSummary is what every build ends with (printSize).
type sizeSummary struct {
	board      string
	usage      *memusage.Usage
	planChecks int // the plan's checks: the number check and generate give
	checks     int // every check of report.json: the plan's and the ELF's
	failed     int
	lwip       string // which lwIP was compiled, beside the planned one ("" for a project's own build)
	out        string
}

// printSize is what every build ends with: what the ELF is, which lwIP it
// compiled, the size table (per memory region and lwIP's share of its
// budget), and the one number of checks that report.md and report.json give
// too, split into the plan's (check's number) and the ELF's.
func printSize(env *Env, s sizeSummary) {
	u := s.usage
	elf := u.ELF
	if !filepath.IsAbs(elf) && !strings.HasPrefix(elf, s.out) {
		elf = filepath.Join(s.out, elf)
	}
	fmt.Fprintf(env.Stdout, "\n%s: %s is a %s\n", s.board, elf, memusage.Describe(u.Kind))
	if s.lwip != "" {
		fmt.Fprintf(env.Stdout, "%s: %s\n", s.board, s.lwip)
	}
	fmt.Fprintln(env.Stdout)
	u.Table(env.Stdout)
	if u.Breakdown != nil {
		fmt.Fprintln(env.Stdout)
		u.Breakdown.Table(env.Stdout)
	}
	result := fmt.Sprintf("all %d checks passed", s.checks)
	if s.failed > 0 {
		result = fmt.Sprintf("%d of %d checks FAILED", s.failed, s.checks)
	}
	fmt.Fprintf(env.Stdout, "\n%s: %s (%d of the plan, %d of the linked ELF); report.md, report.json and memory-map.svg in %s\n",
		s.board, result, s.planChecks, s.checks-s.planChecks, s.out)
}

// buildProject builds a project lwipgen was vendored into, with the
// project's own build (Makefile, CMake, or the STM32CubeIDE .cproject), and
// verifies its ELF against the plan.
func buildProject(ctx context.Context, env *Env, o *pipeline.Options, project string) int {
	o.Project = project
	// only a vendored project builds with lwipgen's files: a board of a flow
	// that vendors nowhere is refused before anything is generated
	if msg := notVendored(o.Source, o.Board); msg != "" {
		fmt.Fprintf(env.Stderr, "lwipgen build --project: %s\n", msg)
		return 1
	}
	// a project build --project cannot build (another flow's, or not
	// vendored for this board) is refused before build/NAME is written
	if b, d := o.Source.Load(o.Board); !d.HasErrors() {
		m, err := vendorkit.Buildable(project, b.Name)
		if err != nil {
			fmt.Fprintln(env.Stderr, "lwipgen build:", err)
			return 1
		}
		o.Model = m
	}
	g, diags := pipeline.Generate(*o)
	env.diags(diags)
	if diags.HasErrors() {
		return 1
	}
	return verifyProject(ctx, env, g, project)
}

// verifyProject builds the vendored project with its own build, verifies
// its firmware ELF against g's plan, writes the reports into g.Out and
// prints the size table (build --project and vendor --build).
func verifyProject(ctx context.Context, env *Env, g *pipeline.Generated, project string) int {
	elf, v, err := vendorkit.BuildProject(ctx, project, g, env.Stdout)
	if err != nil {
		fmt.Fprintln(env.Stderr, "lwipgen build:", err)
		return 1
	}
	u, err := pipeline.WriteReport(g, v, elf)
	if err != nil {
		fmt.Fprintln(env.Stderr, "lwipgen build:", err)
		return 1
	}
	failed := 0
	for _, c := range append(append([]plan.Check{}, g.Plan.Checks...), v.Checks...) {
		if !c.OK {
			failed++
			fmt.Fprintf(env.Stderr, "%s: check %s failed: %s\n", elf, c.ID, c.Detail)
		}
	}
	u.ELF = elf
	printSize(env, sizeSummary{board: g.Board.Name, usage: u, planChecks: len(g.Plan.Checks), checks: len(g.Plan.Checks) + len(v.Checks), failed: failed, out: g.Out})
	if failed > 0 {
		return 1
	}
	return 0
}
