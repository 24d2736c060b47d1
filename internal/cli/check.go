package cli

import (
	"encoding/json"
	"fmt"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/diag"
	"github.com/lwipgen/lwipgen/internal/pipeline"
)

func init() {
	register("check", "validate a board description (and its lwIP plan) without writing anything", runCheck)
}

// CheckResult is what `lwipgen check --json` prints.
type CheckResult struct {
	Board       string      `json:"board"`
	Chip        string      `json:"chip,omitempty"`
	OK          bool        `json:"ok"`
	Checks      int         `json:"checks"` // plan rules evaluated (lwIP's and lwipgen's)
	Diagnostics []diag.Item `json:"diagnostics"`
}

func runCheck(env *Env, args []string) int {
	fs := newFlags(env, "check", "--board NAME|PATH [--json]")
	boardRef := fs.String("board", "", "board name or path to a .hcl file")
	asJSON := fs.Bool("json", false, "print JSON")
	if _, err := parseFlags(fs, args); err != nil {
		return 2
	}
	if *boardRef == "" {
		fmt.Fprintln(env.Stderr, "lwipgen check: --board is required")
		return 2
	}
	// The whole plan is made in memory (sizing, lwIP rules, layout, MPU), so
	// check finds everything build would, without writing anything.
	g, diags := pipeline.Prepare(pipeline.Options{Board: *boardRef, Source: source()})
	res := CheckResult{Board: *boardRef, OK: !diags.HasErrors(), Diagnostics: diag.Items(diags)}
	var b *board.Board
	if g != nil {
		b = g.Board
		res.Board, res.Chip, res.Checks = b.Name, b.Chip.Name, len(g.Plan.Checks)
	}
	if *asJSON {
		enc := json.NewEncoder(env.Stdout)
		enc.SetIndent("", "  ")
		enc.Encode(res)
	} else {
		diag.Write(env.Stderr, diags)
		if res.OK {
			fmt.Fprintf(env.Stdout, "%s: ok (%s, %s, %s flow, rtos %s, lwIP %s; %d plan checks passed)\n", b.Name, b.Chip.Name, b.Chip.Core.CPU, b.Vendor, b.RTOS, b.LwIPVersion, res.Checks)
		}
	}
	if !res.OK {
		return 1
	}
	return 0
}
