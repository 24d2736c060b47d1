package pipeline

import (
	"github.com/lwipgen/lwipgen/internal/fsutil"
	"github.com/lwipgen/lwipgen/internal/plan"
	"github.com/lwipgen/lwipgen/internal/report"
	"github.com/lwipgen/lwipgen/internal/verify"
)

// writeReport writes report.json (and, after linking, report.md and
// memory-map.svg) into Out.
func writeReport(g *Generated, v *verify.Result, extra []plan.Check) error {
	r := report.Build(g.Plan, g.Layout, v, extra)
	js, err := r.JSON()
	if err != nil {
		return err
	}
	if _, err := fsutil.WriteUnder(g.Out, "report.json", js, 0o644); err != nil {
		return err
	}
	md, err := r.Markdown(g.Plan, g.Layout)
	if err != nil {
		return err
	}
	if _, err := fsutil.WriteUnder(g.Out, "report.md", md, 0o644); err != nil {
		return err
	}
	svg, err := report.SVG(g.Layout)
	if err != nil {
		return err
	}
	_, err = fsutil.WriteUnder(g.Out, "memory-map.svg", svg, 0o644)
	return err
}

// WriteReport writes the reports for a build done elsewhere (a vendored
// project built by its own Makefile/CMake), from its verifier result.
func WriteReport(g *Generated, v *verify.Result) error { return writeReport(g, v, nil) }
