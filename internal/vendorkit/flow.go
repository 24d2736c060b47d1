package vendorkit

import (
	"fmt"

	"github.com/lwipgen/lwipgen/internal/flow"
)

// Run is the vendor hook of the flows whose projects this package writes
// (CubeMX, GD32): it renders the board's glue, vendors g into o.Project and
// says what changed. halConfDescCount: see Options.HALConfDescCount.
func Run(g *flow.Generated, o flow.VendorOptions, glue flow.Glue, halConfDescCount bool) (*flow.VendorResult, error) {
	return RunWith(g, o, func(*Project) (*Prepared, error) {
		files, defines, err := glue.Render(g.Plan, g.Layout)
		if err != nil {
			return nil, fmt.Errorf("driver glue: %v", err)
		}
		return &Prepared{Glue: files, Defines: defines}, nil
	}, halConfDescCount)
}

// RunWith is Run with the glue rendered by prepare for the detected project
// (Options.Prepare).
func RunWith(g *flow.Generated, o flow.VendorOptions, prepare func(*Project) (*Prepared, error), halConfDescCount bool) (*flow.VendorResult, error) {
	res, err := Vendor(g, Options{Project: o.Project, DryRun: o.DryRun, RemoveConflicts: o.RemoveConflicts, Force: o.Force, Log: o.Log,
		Prepare: prepare, HALConfDescCount: halConfDescCount})
	if err != nil {
		return nil, err
	}
	out := &flow.VendorResult{Warnings: res.Warnings, Buildable: true}
	project, kind := o.Project, res.Project.Kind
	switch {
	case o.DryRun && len(res.Changes) == 0:
		out.Summary = fmt.Sprintf("%s (%s): up to date, nothing would change", project, kind)
	case o.DryRun:
		out.Summary = fmt.Sprintf("%s (%s): %d files would change (dry run, nothing written)", project, kind, len(res.Changes))
	case len(res.Changes) == 0:
		out.Summary = fmt.Sprintf("%s (%s): up to date", project, kind)
	default:
		out.Summary = fmt.Sprintf("%s (%s): %d files changed for board %s; previous content in %s (lwipgen vendor --project %s --undo)",
			project, kind, len(res.Changes), g.Board.Name, res.Backup, project)
	}
	return out, nil
}
