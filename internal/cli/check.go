package cli

import (
	"github.com/spf13/cobra"

	"fmt"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/diag"
	"github.com/lwipgen/lwipgen/internal/memusage"
	"github.com/lwipgen/lwipgen/internal/pipeline"
)

func init() { register(newCheck) }

func newCheck(env *Env) *cobra.Command {
	var bf boardFlag
	var asJSON bool
	c := &cobra.Command{
		Use:               "check [BOARD]",
		Short:             "validate a board description (and its lwIP plan) without writing anything",
		Example:           "  lwipgen check h743\n  lwipgen check boards/my.hcl --json",
		ValidArgsFunction: boardArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := bf.resolve(cmd, args, true); err != nil {
				return err
			}
			return status(runCheck(env, bf.ref, asJSON))
		},
	}
	bf.add(c, "board name or path to a .hcl file (or give it as the argument)")
	c.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return c
}

// CheckResult is what `lwipgen check --json` prints.
type CheckResult struct {
	Board       string      `json:"board"`
	Chip        string      `json:"chip,omitempty"`
	OK          bool        `json:"ok"`
	Checks      int         `json:"checks"`             // plan rules evaluated (lwIP's and lwipgen's)
	RAM         int64       `json:"lwip_ram,omitempty"` // lwIP RAM the plan predicts, bytes
	Placed      uint64      `json:"placed,omitempty"`   // what lwipgen's sections reserve, bytes
	Diagnostics []diag.Item `json:"diagnostics"`
}

func runCheck(env *Env, boardRef string, asJSON bool) int {
	// The whole plan is made in memory (sizing, lwIP rules, layout, MPU), so
	// check finds everything build would, without writing anything.
	g, diags := pipeline.Prepare(pipeline.Options{Board: boardRef, Source: source()})
	res := CheckResult{Board: boardRef, OK: !diags.HasErrors(), Diagnostics: diag.Items(diags)}
	var b *board.Board
	if g != nil {
		b = g.Board
		res.Board, res.Chip, res.Checks = b.Name, b.Chip.Name, len(g.Plan.Checks)
		res.RAM, res.Placed = g.Plan.RAM.Total, placedBytes(g)
	}
	if asJSON {
		writeJSON(env.Stdout, res)
	} else {
		env.diags(diags)
		if res.OK {
			fmt.Fprintf(env.Stdout, "%s: ok (%s, %s, %s flow, rtos %s, lwIP %s; %d plan checks passed)\n", b.Name, b.Chip.Name, b.Chip.Core.CPU, b.Vendor, b.RTOS, b.LwIPVersion, res.Checks)
			fmt.Fprintf(env.Stdout, "%s: %s\n", b.Name, plannedRAM(g))
		}
	}
	if !res.OK {
		return 1
	}
	return 0
}

// placedBytes is what lwipgen's sections reserve (lwIP, the driver's DMA
// objects, MPU-sized padding): the size table's "lwIP in" row once linked.
func placedBytes(g *pipeline.Generated) uint64 {
	var n uint64
	for _, s := range g.Layout.Sections {
		n += s.Size
	}
	return n
}

// plannedRAM says what check computed: lwIP's RAM, and what the sections
// lwipgen places take of the budget.
func plannedRAM(g *pipeline.Generated) string {
	b := g.Board
	budget, of := b.Memory.LwIPBudget, "memory.lwip_budget"
	region := b.Memory.LwIPRegion
	if len(g.Layout.Sections) > 0 {
		region = g.Layout.Sections[0].Memory
	}
	if budget == 0 {
		m, _ := b.Chip.Memory(region)
		budget, of = m.Size, region
	}
	return fmt.Sprintf("lwIP RAM predicted %s (heap, pools, static); lwipgen's sections in %s reserve %s of %s %s (with the driver's DMA objects and MPU alignment)",
		memusage.Human(uint64(g.Plan.RAM.Total)), region, memusage.Human(placedBytes(g)), of, memusage.Human(budget))
}
