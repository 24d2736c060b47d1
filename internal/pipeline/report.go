package pipeline

import (
	"path/filepath"
	"strings"

	"github.com/lwipgen/lwipgen/internal/memusage"

	"github.com/lwipgen/lwipgen/internal/fsutil"
	"github.com/lwipgen/lwipgen/internal/plan"
	"github.com/lwipgen/lwipgen/internal/report"
	"github.com/lwipgen/lwipgen/internal/verify"
)

// Linked names the ELF a report verifies and what it is.
type Linked struct {
	ELF  string
	Kind string // "probe", "firmware" or "project firmware"
}

// writeReport writes report.json (and, after linking, report.md and
// memory-map.svg) into Out. el is nil before linking.
func writeReport(g *Generated, v *verify.Result, extra []plan.Check, el *Linked) error {
	r := report.Build(g.Plan, g.Layout, v, extra)
	if el != nil {
		u, err := usage(g, el)
		if err != nil {
			return err
		}
		r.SetUsage(u)
	}
	js, err := r.JSON()
	if err != nil {
		return err
	}
	if _, err := fsutil.WriteIfChanged(filepath.Join(g.Out, "report.json"), js, 0o644); err != nil {
		return err
	}
	md, err := r.Markdown(g.Plan, g.Layout)
	if err != nil {
		return err
	}
	if _, err := fsutil.WriteIfChanged(filepath.Join(g.Out, "report.md"), md, 0o644); err != nil {
		return err
	}
	svg, err := report.SVG(g.Layout)
	if err != nil {
		return err
	}
	_, err = fsutil.WriteIfChanged(filepath.Join(g.Out, "memory-map.svg"), svg, 0o644)
	return err
}

// WriteReport writes the reports for a build done elsewhere (a vendored
// project built by its own Makefile/CMake), from its verifier result and ELF.
func WriteReport(g *Generated, v *verify.Result, elfPath string) (*memusage.Usage, error) {
	el := &Linked{ELF: elfPath, Kind: "project firmware"}
	if err := writeReport(g, v, nil, el); err != nil {
		return nil, err
	}
	return usage(g, el)
}

// usage is the size table of the linked ELF. The ELF is named relative to
// the report when it lies under it (the report stays byte-reproducible).
func usage(g *Generated, el *Linked) (*memusage.Usage, error) {
	var secs []string
	for _, s := range g.Layout.Sections {
		secs = append(secs, s.Name)
	}
	u, err := memusage.FromELF(el.ELF, g.Board.Chip, g.Board, secs)
	if err != nil {
		return nil, err
	}
	u.Kind = el.Kind
	out, _ := filepath.Abs(g.Out)
	if abs, err := filepath.Abs(el.ELF); err == nil {
		if rel, err := filepath.Rel(out, abs); err == nil && !strings.HasPrefix(rel, "..") {
			u.ELF = rel
		}
	}
	return u, nil
}
