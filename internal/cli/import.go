package cli

import (
	"fmt"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/cheader"
	"github.com/lwipgen/lwipgen/internal/fsutil"
	"github.com/lwipgen/lwipgen/internal/importer"
)

func init() { register(newImport) }

// importFlags are import's flags (the logic is importer.Import / ImportProject).
type importFlags struct {
	name, chip, rtos, vendor, ver, project, out string
}

func newImport(env *Env) *cobra.Command {
	f := &importFlags{}
	c := &cobra.Command{
		Use:     "import FILE | --project DIR",
		Short:   "turn an existing lwipopts.h, CubeMX .ioc or whole project (--project DIR) into a board file (HCL) that vendors into it as-is",
		Example: "  lwipgen import --project ~/MyCubeProject --out boards/mine.hcl\n  lwipgen import Core/Inc/lwipopts.h --chip stm32h743zi --out boards/mine.hcl\n  lwipgen import project.ioc",
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) > 1 || len(args) == 1 && f.project != "" || len(args) == 0 && f.project == "" {
				return usagef("give one FILE (lwipopts.h or .ioc) or --project DIR")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error { return status(runImport(env, args, f)) },
	}
	c.Flags().StringVar(&f.name, "board-name", "imported", "name of the board block")
	c.Flags().StringVar(&f.chip, "chip", "", "chip name (boards/chips); a .ioc names its MCU itself")
	c.Flags().StringVar(&f.rtos, "rtos", "", "none | freertos (default: from NO_SYS or the .ioc)")
	c.Flags().StringVar(&f.vendor, "vendor", "", "vendor flow (default: cubemx for a .ioc, else the chip's first)")
	c.Flags().StringVar(&f.ver, "lwip-version", "", "lwIP version (default: the project's init.h, the .ioc's LWIP.Version, else 2.1.3)")
	c.Flags().StringVar(&f.project, "project", "", "a CubeMX or GD32 project directory: read its .ioc, lwipopts.h, main.c (MPU_Config), lwIP init.h and linker script")
	c.Flags().StringVar(&f.out, "out", "", "write the HCL here (a chip derived from the linker script goes to chips/ beside it) instead of standard output")
	return c
}

func runImport(env *Env, pos []string, f *importFlags) int {
	name, chip, rtos, vendorFlow, ver, project, out := &f.name, &f.chip, &f.rtos, &f.vendor, &f.ver, &f.project, &f.out
	var err error
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
			// confined to --out's folder: a chips/ that is a symbolic link
			// leading elsewhere is refused, not followed
			rel, rerr := filepath.Rel(filepath.Dir(*out), res.ChipFile)
			if rerr != nil {
				fmt.Fprintln(env.Stderr, "lwipgen import:", rerr)
				return 1
			}
			if _, werr := fsutil.WriteUnder(filepath.Dir(*out), rel, res.ChipHCL, 0o644); werr != nil {
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
	if res.Measured != "" {
		// what vendor will plan with: the project's own lwIP as the cross compiler sees it
		fmt.Fprintln(env.Stderr, "lwIP:", res.Measured)
	}
	for _, w := range res.Warnings {
		env.warn(w)
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
