package cli

import (
	"fmt"
	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/cheader"

	"github.com/lwipgen/lwipgen/internal/fsutil"
	"github.com/lwipgen/lwipgen/internal/importer"
)

func init() {
	register("import", "turn an existing lwipopts.h, CubeMX .ioc or whole project (--project DIR) into a board file (HCL) that vendors into it as-is", runImport)
}

func runImport(env *Env, args []string) int {
	fs := newFlags(env, "import", "FILE | --project DIR [--board-name N] [--chip C] [--rtos R] [--vendor V] [--lwip-version X] [--out FILE.hcl]")
	name := fs.String("board-name", "imported", "name of the board block")
	chip := fs.String("chip", "", "chip name (boards/chips); a .ioc names its MCU itself")
	rtos := fs.String("rtos", "", "none | freertos (default: from NO_SYS or the .ioc)")
	vendorFlow := fs.String("vendor", "", "vendor flow (default: cubemx for a .ioc, else the chip's first)")
	ver := fs.String("lwip-version", "", "lwIP version (default: the project's init.h, the .ioc's LWIP.Version, else 2.1.3)")
	project := fs.String("project", "", "a CubeMX or GD32 project directory: read its .ioc, lwipopts.h, main.c (MPU_Config), lwIP init.h and linker script")
	out := fs.String("out", "", "write the HCL here (a chip derived from the linker script goes to chips/ beside it) instead of standard output")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return 2
	}
	if len(pos) > 1 || len(pos) == 1 && *project != "" || len(pos) == 0 && *project == "" {
		fmt.Fprintln(env.Stderr, "lwipgen import: give one FILE (lwipopts.h or .ioc) or --project DIR")
		return 2
	}
	if why := board.ValidName(*name); why != "" {
		fmt.Fprintf(env.Stderr, "lwipgen import: --board-name %q: %s\n", *name, why)
		return 2
	}
	o := importer.Options{BoardName: *name, Chip: *chip, RTOS: *rtos, Vendor: *vendorFlow, LwIPVersion: *ver, Out: *out, Source: source()}
	var res *importer.Result
	if *project != "" {
		res, err = importer.ImportProject(*project, o)
	} else {
		var src []byte
		if src, err = readImportSource(pos[0]); err == nil {
			res, err = importer.Import(src, pos[0], o)
		}
	}
	if err != nil {
		fmt.Fprintln(env.Stderr, "lwipgen import:", err)
		return 1
	}
	if *out != "" {
		if res.ChipFile != "" {
			if _, werr := fsutil.WriteIfChanged(res.ChipFile, res.ChipHCL, 0o644); werr != nil {
				fmt.Fprintln(env.Stderr, "lwipgen import:", werr)
				return 1
			}
			fmt.Fprintf(env.Stdout, "%s: chip derived from the project's linker script; review it (%d inferred facts are listed in %s)\n", res.ChipFile, len(res.Inferred), *out)
		}
		if _, werr := fsutil.WriteIfChanged(*out, res.HCL, 0o644); werr != nil {
			fmt.Fprintln(env.Stderr, "lwipgen import:", werr)
			return 1
		}
		fmt.Fprintf(env.Stdout, "%s: board %q with %d pinned options; %d values lwipgen would choose differently are listed at the top\n", *out, *name, len(res.Options), len(res.Changes))
	} else {
		if res.ChipFile != "" {
			env.Stdout.Write(res.ChipHCL) // a board file may hold its chip block too
			fmt.Fprintln(env.Stdout)
		}
		env.Stdout.Write(res.HCL)
	}
	for _, w := range res.Warnings {
		fmt.Fprintln(env.Stderr, "warning:", w)
	}
	return 0
}

// readImportSource reads a .ioc (text) or an lwipopts.h (a checked C
// header): regular files of bounded size only.
func readImportSource(path string) ([]byte, error) {
	b, err := fsutil.ReadText(path, fsutil.MaxInput)
	if err != nil || importer.IsIOC(path, b) {
		return b, err
	}
	return b, cheader.Check(path, b)
}
