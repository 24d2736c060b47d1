package cli

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/interrupt"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/project"
	"github.com/lwipgen/lwipgen/internal/vendorkit"
	"github.com/spf13/cobra"
)

func init() { register(newVendor) }

// vendorFlags are vendor's flags (the logic is the flow's Vendor and vendorkit).
type vendorFlags struct {
	board                           boardFlag
	project                         string
	dry, remove, force, undo, build bool
}

func newVendor(env *Env) *cobra.Command {
	f := &vendorFlags{}
	c := &cobra.Command{
		Use:   "vendor [BOARD] --project DIR",
		Short: "write the generated files into an existing CubeMX or GD32 project or RT-Thread BSP (--dry-run shows the diff)",
		Example: "  lwipgen vendor f407 --project ~/cubemx/f407 --dry-run\n" +
			"  lwipgen vendor f407 --project ~/cubemx/f407 --build\n  lwipgen vendor --project ~/cubemx/f407 --undo",
		ValidArgsFunction: boardArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := f.board.resolve(cmd, args, !f.undo); err != nil {
				return err
			}
			if f.project == "" {
				return usagef("--project DIR is required (the folder with the .ioc, Makefile or CMakeLists.txt)")
			}
			return status(runVendor(env, f))
		},
	}
	fs := c.Flags()
	f.board.add(c, "board name or path to a .hcl file (or give it as the argument)")
	fs.StringVar(&f.project, "project", "", "the project directory (CubeMX: the folder with the .ioc)")
	c.MarkFlagDirname("project")
	fs.BoolVar(&f.dry, "dry-run", false, "print the unified diff and write nothing")
	fs.BoolVar(&f.remove, "remove-conflicts", false, "remove hand-written placements of lwIP/ETH sections (e.g. ST's .lwip_sec) from the linker script")
	fs.BoolVar(&f.force, "force", false, "overwrite lwipgen-owned content that was edited (it is backed up first)")
	fs.BoolVar(&f.undo, "undo", false, "restore the files the last vendor run changed")
	fs.BoolVar(&f.build, "build", false, "afterwards build the project with arm-none-eabi-gcc and verify the ELF")
	return c
}

func runVendor(env *Env, vf0 *vendorFlags) int {
	boardRef, project, dry, remove, force, undo, build := &vf0.board.ref, &vf0.project, &vf0.dry, &vf0.remove, &vf0.force, &vf0.undo, &vf0.build
	if *undo {
		res, err := vendorkit.Undo(*project, *force)
		if err != nil {
			fmt.Fprintln(env.Stderr, "lwipgen vendor --undo:", err)
			return 1
		}
		for _, w := range res.Warnings {
			fmt.Fprintln(env.Stdout, w)
		}
		for _, c := range res.Changes {
			if c.After == nil {
				fmt.Fprintf(env.Stdout, "  removed  %s (lwipgen had created it)\n", c.Path)
			} else {
				fmt.Fprintf(env.Stdout, "  restored %s\n", c.Path)
			}
		}
		fmt.Fprintf(env.Stdout, "%s: undid the last vendor run (%d files)\n", *project, len(res.Changes))
		return 0
	}
	// a flow that writes into no project is said before the project is read
	// and its lwIP measured (nothing of that would be used)
	if msg := notVendored(source(), *boardRef); msg != "" {
		fmt.Fprintf(env.Stderr, "lwipgen vendor: %s\n", msg)
		return 1
	}
	// a project the board's flow refuses is said first and alone, before
	// the plan's warnings and the measurement of the project's lwIP
	if err := checkProjectFirst(source(), *boardRef, *project); err != nil {
		fmt.Fprintf(env.Stderr, "lwipgen vendor: %v\n", err)
		return 1
	}
	g, diags := pipeline.Prepare(pipeline.Options{Board: *boardRef, Source: source(), Project: *project})
	env.diags(diags)
	if diags.HasErrors() {
		return 1
	}
	f, _ := flow.Lookup(g.Board.Vendor)
	vf, ok := f.(flow.Vendorer)
	if !ok {
		fmt.Fprintf(env.Stderr, "lwipgen vendor: %s\n", flow.NotVendored(f, *boardRef))
		return 1
	}
	res, err := vf.Vendor(g, flow.VendorOptions{Project: *project, DryRun: *dry, RemoveConflicts: *remove, Force: *force, Log: env.Stdout})
	if err != nil {
		var ce *vendorkit.ConflictError
		switch {
		case errors.As(err, &ce) && *dry:
			fmt.Fprintln(env.Stderr, "lwipgen vendor --dry-run: the diff above leaves out these files, which a real run would refuse to overwrite (--force backs them up and overwrites them):")
		case errors.As(err, &ce):
			fmt.Fprintln(env.Stderr, "lwipgen vendor: refusing to overwrite edited files:")
		}
		fmt.Fprintln(env.Stderr, err)
		return 1
	}
	for _, w := range res.Warnings {
		env.warn(w)
	}
	fmt.Fprintln(env.Stdout, res.Summary)
	if !res.Buildable {
		return 0
	}
	if *build && !*dry {
		ctx, stop := interrupt.Context(context.Background())
		defer stop()
		return verifyProject(ctx, env, g, *project)
	}
	return 0
}

// notVendored is what vendor and build --project say about a board whose
// flow writes into no project ("" for one that does, and for a board that
// does not load: Prepare reports that with its position).
func notVendored(src board.Source, ref string) string {
	b, d := src.Load(ref)
	if d.HasErrors() {
		return ""
	}
	f, err := flow.Of(b)
	if err != nil {
		return ""
	}
	if _, ok := f.(flow.Vendorer); ok {
		return ""
	}
	return flow.NotVendored(f, ref)
}

// checkProjectFirst asks the board's flow whether it takes the project at
// all (flow.ProjectChecker), before anything is planned for it; nil for a
// board that does not load (Prepare reports that with its position).
func checkProjectFirst(src board.Source, ref, dir string) error {
	b, d := src.Load(ref)
	if d.HasErrors() || dir == "" {
		return nil
	}
	f, err := flow.Of(b)
	if err != nil {
		return nil
	}
	if pc, ok := f.(flow.ProjectChecker); ok {
		if err := pc.CheckProject(dir); err != nil {
			return err
		}
	}
	return otherSeries(b, dir)
}

// seriesRe is a part's series: its vendor letters, number, the product
// line's letter and first digit ("stm32h743zi" -> stm32h7, "GD32F450ZK" ->
// gd32f4). Parts of one series share the Ethernet MAC, the memories the
// DMA reaches and the vendor's driver.
var seriesRe = regexp.MustCompile(`^([a-z]+[0-9]+[a-z][0-9])`)

// otherSeries refuses a board for a project whose MCU (as the project
// model reads it without running a build tool) is of another series than
// the board's chip: every placement, driver and MPU value would be for
// the wrong part. nil when either side names no series.
func otherSeries(b *board.Board, dir string) error {
	if b.Chip == nil {
		return nil
	}
	m, err := project.Open(context.Background(), dir, project.Options{Offline: true})
	if err != nil {
		return nil // vendor reads the project again and says what is wrong
	}
	f, ok := m.Fact(project.KeyMCU)
	if !ok {
		return nil
	}
	ps := seriesRe.FindString(strings.ToLower(f.Value))
	bs := seriesRe.FindString(strings.ToLower(b.Chip.Name))
	if ps == "" || bs == "" || ps == bs {
		return nil
	}
	return fmt.Errorf("the project is for the MCU %s (%s: %s), a %s part; board %s is for the chip %s (%s): nothing was changed. A board for the project's own chip comes from lwipgen import --project %s", f.Value, f.From, f.Why, ps, b.Name, b.Chip.Name, bs, dir)
}
