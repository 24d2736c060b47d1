package report

import (
	"fmt"
	"sort"
	"strings"

	"github.com/lwipgen/lwipgen/internal/memusage"

	"github.com/lwipgen/lwipgen/internal/layout"
	"github.com/lwipgen/lwipgen/internal/plan"
	"github.com/lwipgen/lwipgen/internal/render"
)

type mdRow struct {
	Section          string
	SecBase, SecSize uint64
	Attr, Symbol     string
	Planned          int64
	Linked           uint64
	Addr             uint64
}

type mdRegion struct {
	Memory          string
	Base, End, Size uint64
	DMA, Cacheable  bool
	Rows            []mdRow
}

type mdSize struct{ Name, Used, Size, Pct string }

type mdRAM struct {
	Name              string
	Predicted, Linked int64
}

type mdOption struct {
	Name, Expr, Why string
	Value           int64
}

// Markdown renders report.md.
func (r *Report) Markdown(p *plan.Plan, l *layout.Layout) ([]byte, error) {
	linked := map[string]struct{ addr, size uint64 }{}
	for _, pl := range r.Placement {
		linked[pl.Symbol] = struct{ addr, size uint64 }{pl.Address, pl.Size}
	}
	var regions []mdRegion
	idx := map[string]int{}
	for _, s := range l.Sections {
		i, ok := idx[s.Memory]
		if !ok {
			m, _ := l.Board.Chip.Memory(s.Memory)
			i = len(regions)
			idx[s.Memory] = i
			regions = append(regions, mdRegion{Memory: m.Name, Base: m.Base, End: m.End(), Size: m.Size, DMA: m.DMA, Cacheable: m.Cacheable && l.Board.Chip.Core.DCache}) // cache attributes only where the core has a cache
		}
		attr := s.Attr
		if !l.Board.Chip.Core.DCache {
			attr = "- (no data cache)"
		}
		for _, o := range s.Objects {
			ln := linked[o.Symbol]
			regions[i].Rows = append(regions[i].Rows, mdRow{Section: s.Name, SecBase: s.Base, SecSize: s.Size, Attr: string(attr),
				Symbol: o.Symbol, Planned: o.Size, Linked: ln.size, Addr: ln.addr})
		}
	}
	var ram []mdRAM
	for k, v := range r.RAM["predicted"] {
		lv := int64(-1)
		if lr, ok := r.RAM["linked"]; ok {
			if x, ok := lr[k]; ok {
				lv = x
			}
		}
		ram = append(ram, mdRAM{Name: k, Predicted: v, Linked: lv})
	}
	sort.Slice(ram, func(i, j int) bool { return ram[i].Name < ram[j].Name })
	var opts []mdOption
	for _, s := range p.Settings {
		opts = append(opts, mdOption{Name: s.Name, Expr: s.Expr, Why: s.Why, Value: p.Value(s.Name)})
	}
	var failures []plan.Check
	for _, c := range r.Checks {
		if !c.OK {
			failures = append(failures, c)
		}
	}
	data := map[string]any{"R": r, "Regions": regions, "RAM": ram, "Options": opts, "Failures": failures,
		"Size": []mdSize(nil), "ELF": "", "ELFKind": "", "LwIPLine": ""}
	if u := r.Memory; u != nil {
		var rows []mdSize
		for _, m := range u.Regions {
			rows = append(rows, mdSize{Name: m.Name + " (" + m.Kind + ")", Used: memusage.Human(m.Used), Size: memusage.Human(m.Size), Pct: fmt.Sprintf("%.1f%%", m.Percent())})
		}
		data["Size"], data["ELF"], data["ELFKind"] = rows, u.ELF, memusage.Describe(u.Kind)
		data["LwIPLine"] = fmt.Sprintf("lwIP and the Ethernet DMA (%s in %s) take %s of %s (%s): %.1f%%.",
			strings.Join(u.LwIP.Sections, ", "), u.LwIP.Region, memusage.Human(u.LwIP.Used), memusage.Human(u.LwIP.Budget), u.LwIP.BudgetOf, u.LwIP.Percent())
	}
	return render.Execute("report/report.md.tmpl", data)
}
