// Package pipeline runs lwipgen's stages in order - board, plan, layout,
// render, toolchain, verify, report - for the CLI and the mage targets alike.
package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"

	"github.com/hashicorp/hcl/v2"
	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/diag"
	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/layout"
	"github.com/lwipgen/lwipgen/internal/plan"
	"github.com/lwipgen/lwipgen/internal/project"
	"github.com/lwipgen/lwipgen/internal/render"
)

// Options select the board and where results go.
type Options struct {
	Board   string       // name or path
	Source  board.Source // where boards come from
	Out     string       // build/NAME when empty
	LwIPDir string       // explicit lwIP tree (else the board's lwip_dir, LWIP_DIR, the project's copy, the cache)
	Project string       // a user's project: its build's lwIP tree and flags are used
	// Model is Project as its build sees it; Prepare reads it (project.Open)
	// when the caller has not.
	Model    *project.Model
	Jobs     int       // parallel compiles (0: one per core)
	Progress io.Writer // progress lines; nil = quiet
	// VitisVersion pins the Vitis release of a Xilinx board ("" = read it from
	// Project's system.mss, else lwipgen's default targets); it becomes the
	// board's ToolRelease.
	VitisVersion string
}

// Generated is the result of the stages before the compiler (defined with
// the flows' hooks, which receive it).
type Generated = flow.Generated

// Prepare runs board → plan → layout → render, in memory. Errors are
// diagnostics that point at the board file.
func Prepare(o Options) (*Generated, hcl.Diagnostics) {
	b, diags := o.Source.Load(o.Board)
	if diags.HasErrors() {
		return nil, diags
	}
	f, err := flow.Of(b)
	if err != nil {
		return nil, append(diags, diag.At(b.RangeOf("vendor"), "Unknown vendor flow", "%v", err))
	}
	if b.ToolRelease == "" {
		b.ToolRelease = o.VitisVersion
	}
	if tr, ok := f.(flow.ToolReleaser); ok && b.ToolRelease == "" && o.Project != "" {
		rel, err := tr.ToolRelease(o.Project)
		if err != nil {
			return nil, append(diags, diag.At(b.DeclRange, "Reading the project's tool release", "%v", err))
		}
		b.ToolRelease = rel
	}
	if o.Project != "" && o.Model == nil {
		m, err := project.Open(context.Background(), o.Project, project.Options{})
		if err != nil {
			return nil, append(diags, diag.At(b.DeclRange, "Reading the project", "%v", err))
		}
		o.Model = m
	}
	h := f.Plan(b)
	h.RTOS = rtosConfig(o.Model)
	build := func() (*plan.Plan, hcl.Diagnostics) {
		p, err := plan.Build(b, h)
		if err != nil {
			if fe, ok := err.(*plan.FitError); ok {
				return nil, append(diags, diag.At(fe.Range, "Workload does not fit", "%s", fe.Msg))
			}
			return nil, append(diags, diag.At(b.DeclRange, "Sizing failed", "%v", err))
		}
		return p, diags
	}
	p, diags := build()
	if p == nil {
		return nil, diags
	}
	if o.Project != "" {
		// The project's own lwIP is the judge of its struct sizes: measured
		// with the compiler, they replace the model's where they differ.
		if p, diags = measured(o, b, p, &h, build, diags); p == nil {
			return nil, diags
		}
	}
	diags = append(diags, p.Diagnostics()...) // errors stop here; warnings travel with the result
	if diags.HasErrors() {
		return nil, diags
	}
	l, d := layout.Plan(p)
	diags = append(diags, d...)
	if diags.HasErrors() {
		return nil, diags
	}
	// The board's flow renders its glue, BSP fragments or firmware; the core
	// renders around them.
	fr, err := f.Render(p, l)
	if err != nil {
		return nil, append(diags, diag.At(b.RangeOf("vendor"), "Rendering the "+f.Name()+" flow's files failed", "%v", err))
	}
	files, err := render.All(p, l, fr)
	if err != nil {
		return nil, append(diags, diag.At(b.DeclRange, "Rendering failed", "%v", err))
	}
	if len(fr.Checks) > 0 {
		p.Checks = append(p.Checks, fr.Checks...)
		if d := p.Diagnostics(); d.HasErrors() {
			for _, e := range d {
				if e.Severity == hcl.DiagError {
					diags = append(diags, e)
				}
			}
			return nil, diags
		}
	}
	out := o.Out
	if out == "" {
		out = filepath.Join("build", b.Name)
	}
	return &Generated{Board: b, Plan: p, Layout: l, Files: files, Out: out, Rendered: *fr, Project: o.Model}, diags
}

// Generate runs Prepare, writes the files and the pre-link report.json
// (unless a verified report of the same plan is there).
func Generate(o Options) (*Generated, hcl.Diagnostics) {
	g, _, diags := GenerateKeep(o)
	return g, diags
}

// GenerateKeep is Generate that also says whether it left a verified report
// of the same plan in place instead of writing the pre-link one.
func GenerateKeep(o Options) (*Generated, bool, hcl.Diagnostics) {
	g, diags := generate(o)
	if diags.HasErrors() {
		return nil, false, diags
	}
	kept, err := writeReport(g, nil, nil, nil)
	if err != nil {
		return nil, false, append(diags, diag.At(g.Board.DeclRange, "Cannot write report", "%v", err))
	}
	return g, kept, diags
}

// generate writes the generated files; Build writes its report after linking.
func generate(o Options) (*Generated, hcl.Diagnostics) {
	g, diags := Prepare(o)
	if diags.HasErrors() {
		return nil, diags
	}
	if _, err := g.Write(); err != nil {
		return nil, append(diags, diag.At(g.Board.DeclRange, "Cannot write", "%v", err))
	}
	return g, diags
}

// measured measures the project's lwIP (projectLwIP) for the plan p; when it
// differs from the model it plans again at the measured sizes, and either way
// the plan says what was measured (check lwip.project_struct_sizes). A probe
// that does not compile leaves the model's plan, with a warning.
func measured(o Options, b *board.Board, p *plan.Plan, h *plan.Hooks, build func() (*plan.Plan, hcl.Diagnostics), diags hcl.Diagnostics) (*plan.Plan, hcl.Diagnostics) {
	setting := o.LwIPDir
	if setting == "" {
		setting = b.LwIPDir
	}
	m, err := projectLwIP(context.Background(), b, p, setting, o.Model)
	var other *OtherLineError
	if errors.As(err, &other) {
		p.Warn("project.lwip_not_measured", "", "The project's lwIP was not measured",
			other.Error()+"; the plan uses lwipgen's model of stock lwIP "+b.LwIPVersion+", which that project does not build", "")
		return p, diags
	}
	if err != nil {
		p.Warn("project.lwip_not_measured", "", "The project's lwIP was not measured",
			fmt.Sprintf("%v; the plan uses lwipgen's model of stock lwIP %s", err, b.LwIPVersion), "")
		return p, diags
	}
	if m == nil {
		return p, diags
	}
	diffs, err := p.Config.Differences(m)
	if err != nil {
		return p, append(diags, diag.At(b.DeclRange, "Measuring the project's lwIP", "%v", err))
	}
	if len(diffs) > 0 {
		h.Measured = m
		if p, diags = build(); p == nil {
			return nil, diags
		}
	}
	finding := p.Config.Finding(m, diffs)
	ok := true
	for _, d := range diffs {
		if d.OneSided() {
			ok = false
		}
	}
	if !ok {
		finding += "; lwipgen cannot plan a pool that only one side has: the RAM would not be exact"
	}
	p.Checks = append(p.Checks, plan.Check{ID: "lwip.project_struct_sizes", OK: ok, Detail: finding})
	if len(diffs) > 0 && ok {
		p.Warn("project.lwip_differs", "", "The project's lwIP differs from stock lwIP "+b.LwIPVersion, finding, "")
	}
	return p, diags
}

// rtosConfig is the project's kernel configuration as the plan's priority
// rules read it: configMAX_PRIORITIES of the FreeRTOSConfig.h the project's
// FreeRTOS compiles (the model's fact, whatever flow the project is); nil
// when there is no project, no FreeRTOS or the value is not a number.
func rtosConfig(m *project.Model) *plan.RTOSConfig {
	if m == nil {
		return nil
	}
	f, ok := m.Fact(project.KeyMaxPrio)
	if !ok {
		return nil
	}
	n, err := strconv.ParseInt(f.Value, 10, 64)
	if err != nil || n < 1 {
		return nil
	}
	return &plan.RTOSConfig{MaxPriorities: n, From: f.From.String(), File: m.Abs(f.From.File), Line: f.From.Line}
}
