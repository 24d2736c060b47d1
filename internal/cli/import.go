package cli

import (
	"github.com/spf13/cobra"

	"fmt"
	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/cheader"

	"github.com/lwipgen/lwipgen/internal/fsutil"
	"github.com/lwipgen/lwipgen/internal/importer"
)

func init() { register(newImport) }

// importFlags are import's flags (the logic is importer.Import).
type importFlags struct {
	name, chip, rtos, vendor, ver, out string
}

func newImport(env *Env) *cobra.Command {
	f := &importFlags{}
	c := &cobra.Command{
		Use:     "import FILE",
		Short:   "turn an existing lwipopts.h or CubeMX .ioc into a board file (HCL) that reproduces it",
		Example: "  lwipgen import Core/Inc/lwipopts.h --chip stm32h743zi --out boards/mine.hcl\n  lwipgen import project.ioc",
		Args:    exactlyOne("exactly one FILE (lwipopts.h or .ioc) is required"),
		RunE:    func(cmd *cobra.Command, args []string) error { return status(runImport(env, args[0], f)) },
	}
	c.Flags().StringVar(&f.name, "board-name", "imported", "name of the board block")
	c.Flags().StringVar(&f.chip, "chip", "", "chip name (boards/chips); a .ioc names its MCU itself")
	c.Flags().StringVar(&f.rtos, "rtos", "", "none | freertos (default: from NO_SYS or the .ioc)")
	c.Flags().StringVar(&f.vendor, "vendor", "", "vendor flow (default: the chip's first)")
	c.Flags().StringVar(&f.ver, "lwip-version", "", "lwIP version of the project (default 2.1.3)")
	c.Flags().StringVar(&f.out, "out", "", "write the HCL here instead of standard output")
	return c
}

func runImport(env *Env, file string, f *importFlags) int {
	pos := []string{file}
	name, chip, rtos, vendorFlow, ver, out := &f.name, &f.chip, &f.rtos, &f.vendor, &f.ver, &f.out
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
