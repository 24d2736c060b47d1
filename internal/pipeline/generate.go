// Package pipeline runs lwipgen's stages in order - board, plan, layout,
// render, toolchain, verify, report - for the CLI and the mage targets alike.
package pipeline

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/hashicorp/hcl/v2"
	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/diag"
	"github.com/lwipgen/lwipgen/internal/fsutil"
	"github.com/lwipgen/lwipgen/internal/layout"
	"github.com/lwipgen/lwipgen/internal/plan"
	"github.com/lwipgen/lwipgen/internal/render"
	"github.com/lwipgen/lwipgen/internal/rtthread/bsp"
	"github.com/lwipgen/lwipgen/internal/vitis"
)

// Options select the board and where results go.
type Options struct {
	Board    string       // name or path
	Source   board.Source // where boards come from
	Out      string       // build/NAME when empty
	LwIPDir  string       // explicit lwIP tree (else the board's lwip_dir, LWIP_DIR, the project's copy, the cache)
	Project  string       // a vendored project whose lwIP copy may be used
	Jobs     int          // parallel compiles (0: one per core)
	Progress io.Writer    // progress lines; nil = quiet
}

// Generated is the result of the stages before the compiler.
type Generated struct {
	Board  *board.Board
	Plan   *plan.Plan
	Layout *layout.Layout
	Files  []render.File // relative to Out/generated
	Out    string
}

// Prepare runs board → plan → layout → render, in memory. Errors are
// diagnostics that point at the board file.
func Prepare(o Options) (*Generated, hcl.Diagnostics) {
	b, diags := o.Source.Load(o.Board)
	if diags.HasErrors() {
		return nil, diags
	}
	p, err := plan.Build(b)
	if err != nil {
		if fe, ok := err.(*plan.FitError); ok {
			return nil, append(diags, diag.At(fe.Range, "Workload does not fit", "%s", fe.Msg))
		}
		return nil, append(diags, diag.At(b.DeclRange, "Sizing failed", "%v", err))
	}
	if d := p.Diagnostics(); d.HasErrors() {
		return nil, append(diags, d...)
	}
	l, d := layout.Plan(p)
	diags = append(diags, d...)
	if diags.HasErrors() {
		return nil, diags
	}
	files, err := render.All(p, l)
	if err != nil {
		return nil, append(diags, diag.At(b.DeclRange, "Rendering failed", "%v", err))
	}
	if b.Vendor == "rtthread" {
		// RT-Thread BSP: lwipopts.h becomes the port's header over rtconfig.h and
		// rtconfig_project.h, plus the BSP files under rtthread/.
		rt, err := bsp.Files(p, l)
		if err != nil {
			return nil, append(diags, diag.At(b.RangeOf("vendor"), "RT-Thread BSP files", "%v", err))
		}
		for _, f := range rt {
			if f.Path == "lwipopts.h" {
				files[0] = f // render.All puts lwipopts.h first
			} else {
				files = append(files, f)
			}
		}
	}
	if b.Vendor == "vitis" {
		// The Xilinx BSP settings (.mss, xsct, SDT) and their own checks.
		vf, checks, err := vitis.Fragments(p, l)
		if err != nil {
			return nil, append(diags, diag.At(b.RangeOf("vendor"), "Vitis BSP settings", "%v", err))
		}
		files = append(files, vf...)
		p.Checks = append(p.Checks, checks...)
		if d := p.Diagnostics(); d.HasErrors() {
			return nil, append(diags, d...)
		}
	}
	out := o.Out
	if out == "" {
		out = filepath.Join("build", b.Name)
	}
	return &Generated{Board: b, Plan: p, Layout: l, Files: files, Out: out}, diags
}

// Write puts the generated files under Out/generated, atomically and only
// where the content changed. It returns the paths it changed.
func (g *Generated) Write() ([]string, error) {
	var changed []string
	for _, f := range g.Files {
		path := filepath.Join(g.Out, "generated", f.Path)
		// confined to the output directory: a name that escaped it is refused
		c, err := fsutil.WriteUnder(g.Out, filepath.Join("generated", f.Path), f.Content, 0o644)
		if err != nil {
			return changed, fmt.Errorf("writing %s: %v", path, err)
		}
		if c {
			changed = append(changed, path)
		}
	}
	return changed, nil
}

// Generate runs Prepare, writes the files and the pre-link report.json.
func Generate(o Options) (*Generated, hcl.Diagnostics) {
	g, diags := Prepare(o)
	if diags.HasErrors() {
		return nil, diags
	}
	if _, err := g.Write(); err != nil {
		return nil, append(diags, diag.At(g.Board.DeclRange, "Cannot write", "%v", err))
	}
	if err := writeReport(g, nil, nil); err != nil {
		return nil, append(diags, diag.At(g.Board.DeclRange, "Cannot write report", "%v", err))
	}
	return g, diags
}

var _ = os.Stat
