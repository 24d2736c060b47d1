package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"

	"github.com/lwipgen/lwipgen/internal/diag"
	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/vendorkit"
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
		res, err := vendorkit.Undo(*project, *force)
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
	f, _ := flow.Lookup(g.Board.Vendor)
	vf, ok := f.(flow.Vendorer)
	if !ok {
		fmt.Fprintf(env.Stderr, "lwipgen vendor: the %s flow does not vendor into a project\n", g.Board.Vendor)
		return 1
	}
	res, err := vf.Vendor(g, flow.VendorOptions{Project: *project, DryRun: *dry, RemoveConflicts: *remove, Force: *force, Log: env.Stdout})
	if err != nil {
		var ce *vendorkit.ConflictError
		if errors.As(err, &ce) {
			fmt.Fprintln(env.Stderr, "lwipgen vendor: refusing to overwrite edited files:")
		}
		fmt.Fprintln(env.Stderr, err)
		return 1
	}
	for _, w := range res.Warnings {
		fmt.Fprintln(env.Stderr, "warning:", w)
	}
	fmt.Fprintln(env.Stdout, res.Summary)
	if !res.Buildable {
		return 0
	}
	if *build && !*dry {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		defer stop()
		elf, v, err := vendorkit.BuildProject(ctx, *project, g, env.Stdout)
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
