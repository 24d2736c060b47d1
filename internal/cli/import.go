package cli

import (
	"fmt"
	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/cheader"

	"github.com/lwipgen/lwipgen/internal/fsutil"
	"github.com/lwipgen/lwipgen/internal/importer"
)

func init() {
	register("import", "turn an existing lwipopts.h or CubeMX .ioc into a board file (HCL) that reproduces it", runImport)
}

func runImport(env *Env, args []string) int {
	fs := newFlags(env, "import", "FILE [--board-name N] [--chip C] [--rtos R] [--vendor V] [--lwip-version X] [--out FILE.hcl]")
	name := fs.String("board-name", "imported", "name of the board block")
	chip := fs.String("chip", "", "chip name (boards/chips); a .ioc names its MCU itself")
	rtos := fs.String("rtos", "", "none | freertos (default: from NO_SYS or the .ioc)")
	vendorFlow := fs.String("vendor", "", "vendor flow (default: the chip's first)")
	ver := fs.String("lwip-version", "", "lwIP version of the project (default 2.1.3)")
	out := fs.String("out", "", "write the HCL here instead of standard output")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return 2
	}
	if len(pos) != 1 {
		fmt.Fprintln(env.Stderr, "lwipgen import: exactly one FILE (lwipopts.h or .ioc) is required")
		return 2
	}
	if why := board.ValidName(*name); why != "" {
		fmt.Fprintf(env.Stderr, "lwipgen import: --board-name %q: %s\n", *name, why)
		return 2
	}
	src, err := readImportSource(pos[0])
	if err != nil {
		fmt.Fprintln(env.Stderr, "lwipgen import:", err)
		return 1
	}
	res, err := importer.Import(src, pos[0], importer.Options{BoardName: *name, Chip: *chip, RTOS: *rtos, Vendor: *vendorFlow, LwIPVersion: *ver, Source: source()})
	if err != nil {
		fmt.Fprintln(env.Stderr, "lwipgen import:", err)
		if res == nil || res.HCL == nil {
			return 1
		}
	}
	if *out != "" {
		if _, werr := fsutil.WriteIfChanged(*out, res.HCL, 0o644); werr != nil {
			fmt.Fprintln(env.Stderr, "lwipgen import:", werr)
			return 1
		}
		fmt.Fprintf(env.Stdout, "%s: board %q with %d pinned options; %d values lwipgen would choose differently are listed at the top\n", *out, *name, len(res.Options), len(res.Changes))
	} else {
		env.Stdout.Write(res.HCL)
	}
	if err != nil {
		return 1
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
