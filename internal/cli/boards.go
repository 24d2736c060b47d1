package cli

import (
	"encoding/json"
	"fmt"
	"text/tabwriter"

	"github.com/lwipgen/lwipgen/internal/diag"
)

func init() {
	register("boards", "list the boards lwipgen knows (name, chip, core, vendor flow)", runBoards)
}

// BoardRow is one line of `lwipgen boards`.
type BoardRow struct {
	Name   string `json:"name"`
	Chip   string `json:"chip"`
	Core   string `json:"core"`
	Vendor string `json:"vendor"`
	RTOS   string `json:"rtos"`
	LwIP   string `json:"lwip_version"`
	Error  string `json:"error,omitempty"`
}

func runBoards(env *Env, args []string) int {
	fs := newFlags(env, "boards", "[--json]")
	asJSON := fs.Bool("json", false, "print JSON")
	if _, err := parseFlags(fs, args); err != nil {
		return 2
	}
	src := source()
	var rows []BoardRow
	status := 0
	for _, n := range src.Names() {
		b, diags := src.Load(n)
		if diags.HasErrors() {
			rows = append(rows, BoardRow{Name: n, Error: (&diag.Error{Diags: diags}).Error()})
			status = 1
			continue
		}
		rows = append(rows, BoardRow{Name: b.Name, Chip: b.Chip.Name, Core: b.Chip.Core.CPU, Vendor: b.Vendor, RTOS: b.RTOS, LwIP: b.LwIPVersion})
	}
	if *asJSON {
		enc := json.NewEncoder(env.Stdout)
		enc.SetIndent("", "  ")
		enc.Encode(rows)
		return status
	}
	tw := tabwriter.NewWriter(env.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tCHIP\tCORE\tVENDOR FLOW\tRTOS\tLWIP")
	for _, r := range rows {
		if r.Error != "" {
			fmt.Fprintf(tw, "%s\t(invalid: see lwipgen check --board %s)\t\t\t\t\n", r.Name, r.Name)
			continue
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", r.Name, r.Chip, r.Core, r.Vendor, r.RTOS, r.LwIP)
	}
	tw.Flush()
	return status
}
