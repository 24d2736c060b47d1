// What an RT-Thread BSP needs from a plan: the .config
// lines of the lwIP menu, the rtconfig.h lines menuconfig makes of them,
// rtconfig_project.h (what Kconfig cannot express), the port lwipopts.h as
// lwIP will see it (patched only where a hard-coded value must change),
// the linker fragment with the ART-Pi drv_eth.c section names, and the
// MPU/clock set-up as an RT-Thread board init. Every file comes from a
// template under templates/ (embedded here).
package rtthread

import (
	"fmt"

	udiff "github.com/aymanbagabas/go-udiff"
	"github.com/lwipgen/lwipgen/internal/flows/rtthread/port"
	"github.com/lwipgen/lwipgen/internal/layout"
	"github.com/lwipgen/lwipgen/internal/plan"
	"github.com/lwipgen/lwipgen/internal/render"
)

// DriverInputs are the input sections the ART-Pi drv_eth.c (GCC branch)
// puts its DMA arrays in, by plan object name; lwipgen's own .bss.<symbol>
// spelling is kept as well.
var DriverInputs = map[string][]string{
	"eth_rx_descriptors": {".RxDecripSection", ".RxDecripSection.*", ".bss.DMARxDscrTab"},
	"eth_tx_descriptors": {".TxDecripSection", ".TxDecripSection.*", ".bss.DMATxDscrTab"},
	"eth_rx_buffers":     {".RxArraySection", ".RxArraySection.*", ".bss.Rx_Buff"},
}

// PortLine is a port lwipopts.h line as the template sees it.
type PortLine struct {
	port.Line
	KindName string
	Patched  bool
	Was      string
}

// Data is what the templates see.
type Data struct {
	Plan      *plan.Plan
	Layout    *layout.Layout
	RT        *Config
	PortLines []PortLine
	Sections  []layout.Section
	Clocks    []string // HAL macros enabling the D2 SRAM clocks the layout uses
	Patched   bool
}

var kindNames = map[port.Kind]string{port.Fixed: "fixed", port.FromInt: "int", port.FromBool: "bool", port.Ifndef: "ifndef", port.Group: "group"}

// NewData derives the template data (patched: apply the plan's patches to
// the port lines).
func NewData(p *plan.Plan, l *layout.Layout, patched bool) (*Data, error) {
	rt := ConfigOf(p)
	if rt == nil {
		return nil, fmt.Errorf("rtthread: board %s is not an RT-Thread board", p.Board.Name)
	}
	d := &Data{Plan: p, Layout: l, RT: rt, Patched: patched}
	pt := map[string]Patch{}
	for _, x := range rt.Patches {
		pt[x.Option] = x
	}
	for _, ln := range rt.Lines {
		pl := PortLine{Line: ln, KindName: kindNames[ln.Kind]}
		if x, ok := pt[ln.Option]; ok && patched && ln.Kind == port.Fixed {
			pl.Patched, pl.Was, pl.Expr = true, ln.Expr, x.To
		}
		d.PortLines = append(d.PortLines, pl)
	}
	if l != nil {
		for _, s := range l.Sections {
			s2 := s
			s2.Objects = nil
			for _, o := range s.Objects {
				if in, ok := DriverInputs[o.Name]; ok {
					o.Inputs = in
				}
				s2.Objects = append(s2.Objects, o)
			}
			d.Sections = append(d.Sections, s2)
		}
		seen := map[string]bool{}
		for _, c := range l.Carves {
			m := map[string]string{"sram1": "__HAL_RCC_D2SRAM1_CLK_ENABLE()", "sram2": "__HAL_RCC_D2SRAM2_CLK_ENABLE()", "sram3": "__HAL_RCC_D2SRAM3_CLK_ENABLE()"}[c.Memory]
			if m != "" && !seen[m] {
				seen[m] = true
				d.Clocks = append(d.Clocks, m)
			}
		}
	}
	return d, nil
}

// Files renders the RT-Thread files of the plan. lwipopts.h is the port
// header as lwIP compiles it (it includes rtconfig.h, which includes
// rtconfig_project.h); the rtthread/ folder holds what `lwipgen vendor`
// puts into a BSP.
func Files(p *plan.Plan, l *layout.Layout) ([]render.File, error) {
	d, err := NewData(p, l, true)
	if err != nil {
		return nil, err
	}
	var files []render.File
	for _, t := range []struct {
		tmpl, out string
		role      render.Role // the port's headers replace the core's; the rest is the BSP package
	}{
		{"templates/lwipopts.h.tmpl", "lwipopts.h", render.RoleConfig},
		{"templates/rtconfig.h.tmpl", "rtconfig.h", render.RoleConfig},
		{"templates/rtconfig_project.h.tmpl", "rtconfig_project.h", render.RoleConfig},
		{"templates/config.fragment.tmpl", "rtthread/config.fragment", render.RoleBSP},
		{"templates/lwip_sections.ld.tmpl", "rtthread/lwip_sections.ld", render.RoleBSP},
		{"templates/lwipgen_rtthread.c.tmpl", "rtthread/lwipgen_rtthread.c", render.RoleBSP},
		{"templates/SConscript.tmpl", "rtthread/SConscript", render.RoleBSP},
	} {
		out, err := render.ExecuteFS(templatesFS, t.tmpl, d)
		if err != nil {
			return nil, err
		}
		files = append(files, render.File{Path: t.out, Content: out, Role: t.role})
	}
	if len(d.RT.Patches) > 0 {
		orig, err := NewData(p, l, false)
		if err != nil {
			return nil, err
		}
		a, err := render.ExecuteFS(templatesFS, "templates/lwipopts.h.tmpl", orig)
		if err != nil {
			return nil, err
		}
		b := files[0].Content // the patched lwipopts.h, rendered first above
		diff := udiff.Unified("a/components/net/lwip-2.1.2/src/lwipopts.h", "b/components/net/lwip-2.1.2/src/lwipopts.h", string(a), string(b))
		hdr, err := render.ExecuteFS(templatesFS, "templates/lwipopts.patch.tmpl", d)
		if err != nil {
			return nil, err
		}
		files = append(files, render.File{Path: "rtthread/lwipopts.patch", Content: append(hdr, diff...), Role: render.RoleBSP})
	}
	return files, nil
}
