package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"

	"github.com/lwipgen/lwipgen/internal/diag"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/rtthread"
	"github.com/lwipgen/lwipgen/internal/vendor"
)

func init() {
	register("vendor", "write the generated files into an existing CubeMX or GD32 project (--dry-run shows the diff)", runVendor)
}

func runVendor(env *Env, args []string) int {
	fs := newFlags(env, "vendor", "--board NAME|PATH --project DIR [--dry-run] [--remove-conflicts] [--force] [--build] | --project DIR --undo [--force]")
	boardRef := fs.String("board", "", "board name or path to a .hcl file")
	project := fs.String("project", "", "the project directory (CubeMX: the folder with the .ioc)")
	dry := fs.Bool("dry-run", false, "print the unified diff and write nothing")
	remove := fs.Bool("remove-conflicts", false, "remove hand-written placements of lwIP/ETH sections (e.g. ST's .lwip_sec) from the linker script")
	force := fs.Bool("force", false, "overwrite lwipgen-owned content that was edited (it is backed up first)")
	undo := fs.Bool("undo", false, "restore the files the last vendor run changed")
	build := fs.Bool("build", false, "afterwards build the project with arm-none-eabi-gcc and verify the ELF")
	if _, err := parseFlags(fs, args); err != nil {
		return 2
	}
	if *project == "" {
		fmt.Fprintln(env.Stderr, "lwipgen vendor: --project is required")
		return 2
	}
	if *undo {
		res, err := vendor.Undo(*project, *force)
		if err != nil {
			fmt.Fprintln(env.Stderr, "lwipgen vendor --undo:", err)
			return 1
		}
		for _, w := range res.Warnings {
			fmt.Fprintln(env.Stdout, w)
		}
		for _, c := range res.Changes {
			fmt.Fprintf(env.Stdout, "  restored %s\n", c.Path)
		}
		return 0
	}
	if *boardRef == "" {
		fmt.Fprintln(env.Stderr, "lwipgen vendor: --board is required")
		return 2
	}
	g, diags := pipeline.Prepare(pipeline.Options{Board: *boardRef, Source: source()})
	diag.Write(env.Stderr, diags)
	if diags.HasErrors() {
		return 1
	}
	if g.Board.Vendor == "rtthread" {
		// An RT-Thread BSP is configured through .config/rtconfig.h and a side header.
		changed, err := rtthread.Vendor(g, *project, *dry, env.Stdout)
		if err != nil {
			fmt.Fprintln(env.Stderr, "lwipgen vendor:", err)
			return 1
		}
		fmt.Fprintf(env.Stdout, "%s: %d file(s) %s in %s\n", g.Board.Name, len(changed), map[bool]string{true: "would change", false: "changed"}[*dry], *project)
		return 0
	}
	res, err := vendor.Vendor(g, vendor.Options{Project: *project, DryRun: *dry, RemoveConflicts: *remove, Force: *force, Log: env.Stdout})
	if err != nil {
		var ce *vendor.ConflictError
		if errors.As(err, &ce) {
			fmt.Fprintln(env.Stderr, "lwipgen vendor: refusing to overwrite edited files:")
		}
		fmt.Fprintln(env.Stderr, err)
		return 1
	}
	for _, w := range res.Warnings {
		fmt.Fprintln(env.Stderr, "warning:", w)
	}
	switch {
	case *dry && len(res.Changes) == 0:
		fmt.Fprintf(env.Stdout, "%s (%s): up to date, nothing would change\n", *project, res.Project.Kind)
	case *dry:
		fmt.Fprintf(env.Stdout, "%s (%s): %d files would change (dry run, nothing written)\n", *project, res.Project.Kind, len(res.Changes))
	case len(res.Changes) == 0:
		fmt.Fprintf(env.Stdout, "%s (%s): up to date\n", *project, res.Project.Kind)
	default:
		fmt.Fprintf(env.Stdout, "%s (%s): %d files changed for board %s; previous content in %s (lwipgen vendor --project %s --undo)\n",
			*project, res.Project.Kind, len(res.Changes), g.Board.Name, res.Backup, *project)
	}
	if *build && !*dry {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		defer stop()
		elf, v, err := vendor.BuildProject(ctx, *project, g, env.Stdout)
		if err != nil {
			fmt.Fprintln(env.Stderr, "lwipgen vendor --build:", err)
			return 1
		}
		failed := 0
		for _, c := range v.Checks {
			if !c.OK {
				failed++
				fmt.Fprintf(env.Stderr, "check %s failed: %s\n", c.ID, c.Detail)
			}
		}
		fmt.Fprintf(env.Stdout, "%s: %d checks, %d failed\n", elf, len(v.Checks), failed)
		if failed > 0 {
			return 1
		}
	}
	return 0
}
