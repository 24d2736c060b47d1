package vendorkit

import (
	"fmt"
	"sort"
	"strings"

	"github.com/lwipgen/lwipgen/internal/cheader"
	"github.com/lwipgen/lwipgen/internal/lwip"
	"github.com/lwipgen/lwipgen/internal/pipeline"
)

// keptOptions are the lwIP options the project's lwipopts.h sets and the
// vendored header keeps (feature options lwipgen neither generates nor
// sizes), in the order the project writes them. Some of them still change
// struct sizes: CubeMX's netconn-only projects write LWIP_SOCKET 0, which
// removes struct netconn's socket index (4 B per netconn).
func keptOptions(proj []byte, g *pipeline.Generated) []cheader.Define {
	gen := map[string]bool{}
	for _, s := range g.Plan.Settings {
		gen[s.Name] = true
	}
	seen := map[string]bool{}
	var out []cheader.Define
	for _, d := range cheader.Defines(proj) {
		if seen[d.Name] || gen[d.Name] || !lwip.Known(g.Plan.Version, d.Name) || sizing(d.Name) {
			continue
		}
		seen[d.Name] = true
		out = append(out, d)
	}
	return out
}

// keptRAMEffect predicts lwIP's RAM for what the project really compiles -
// lwipgen's options plus the kept ones - and lists every symbol whose size
// differs from the plan's prediction. Empty when the kept options change
// no RAM.
func keptRAMEffect(g *pipeline.Generated, kept []cheader.Define) ([]string, error) {
	if len(kept) == 0 || g.Plan.RAM.Symbols == nil {
		return nil, nil
	}
	set := map[string]string{}
	for _, s := range g.Plan.Settings {
		set[s.Name] = s.Expr
	}
	for _, d := range kept {
		set[d.Name] = d.Value
	}
	cfg, err := lwip.Resolve(g.Plan.Version, set)
	if err != nil {
		return nil, err
	}
	ram, err := lwip.PredictRAM(cfg)
	if err != nil {
		return nil, err
	}
	var diff []string
	for _, n := range g.Plan.RAM.SymbolNames() {
		if ram.Symbols[n] != g.Plan.RAM.Symbols[n] {
			diff = append(diff, fmt.Sprintf("%s %d B, not %d B", n, ram.Symbols[n], g.Plan.RAM.Symbols[n]))
		}
	}
	sort.Strings(diff)
	return diff, nil
}

// warnKeptRAM names the project's options that make the linked lwIP RAM
// differ from the plan (and so fail verify.size.*): the board should pin them
// in options {} (lwipgen import --project does).
func warnKeptRAM(w *workspace, p *Project, g *pipeline.Generated, proj []byte) {
	kept := keptOptions(proj, g)
	diff, err := keptRAMEffect(g, kept)
	if err != nil {
		w.warnf("%s: the project's own lwIP options could not be modelled: %v", p.Lwipopts, err)
		return
	}
	if len(diff) == 0 {
		return
	}
	var names []string
	for _, d := range kept {
		names = append(names, strings.TrimSpace(d.Name+" "+d.Value))
	}
	w.warnf("%s keeps %s, which the board does not say; lwIP's RAM will then be %s. Put them in the board's options {} (lwipgen import --project writes them) so the plan and verify match",
		p.Lwipopts, strings.Join(names, ", "), strings.Join(diff, "; "))
}
