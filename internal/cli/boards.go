package cli

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/lwipgen/lwipgen/internal/diag"
)

func init() { register(newBoards) }

// BoardRow is one line of `lwipgen boards`.
type BoardRow struct {
	Name   string `json:"name"`
	Chip   string `json:"chip"`
	Core   string `json:"core"`
	Vendor string `json:"vendor"`
	RTOS   string `json:"rtos"`
	LwIP   string `json:"lwip_version"`
	// Path is the file the name loads ("embedded:boards/NAME.hcl" for a
	// shipped board); Shadows are the files of the same name it hides.
	Path    string   `json:"path"`
	Shadows []string `json:"shadows,omitempty"`
	Error   string   `json:"error,omitempty"`
}

func newBoards(env *Env) *cobra.Command {
	var asJSON bool
	c := &cobra.Command{
		Use:   "boards",
		Short: "list the boards lwipgen knows (name, chip, core, vendor flow, file) and which local files shadow shipped ones",
		Long: "boards lists every board name: ./boards and $LWIPGEN_BOARDS are searched before the\n" +
			"boards shipped with lwipgen, so a local boards/h743.hcl is what 'build h743' uses;\n" +
			"such a file is marked as shadowing the shipped one.",
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error { return status(runBoards(env, asJSON)) },
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return c
}

func runBoards(env *Env, asJSON bool) int {
	src := source()
	var rows []BoardRow
	rc := 0
	for _, n := range src.Names() {
		loc := src.Locations(n)
		row := BoardRow{Name: n}
		if len(loc) > 0 {
			row.Path, row.Shadows = loc[0], loc[1:]
		}
		b, diags := src.Load(n)
		if diags.HasErrors() {
			row.Error = (&diag.Error{Diags: diags}).Error()
			rows = append(rows, row)
			rc = 1
			continue
		}
		row.Chip, row.Core, row.Vendor, row.RTOS, row.LwIP = b.Chip.Name, b.Chip.Core.CPU, b.Vendor, b.RTOS, b.LwIPVersion
		rows = append(rows, row)
	}
	if asJSON {
		writeJSON(env.Stdout, rows)
		return rc
	}
	tw := tabwriter.NewWriter(env.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tCHIP\tCORE\tVENDOR FLOW\tRTOS\tLWIP\tFILE")
	for _, r := range rows {
		file := r.Path
		if len(r.Shadows) > 0 {
			file += " (shadows " + strings.Join(r.Shadows, ", ") + ")"
		}
		if r.Error != "" {
			fmt.Fprintf(tw, "%s\t(invalid: see lwipgen check %s)\t\t\t\t\t%s\n", r.Name, r.Name, file)
			continue
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r.Name, r.Chip, r.Core, r.Vendor, r.RTOS, r.LwIP, file)
	}
	tw.Flush()
	return rc
}
