package pipeline

import (
	"encoding/json"
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
	// Objects the ELF was linked from (lwipgen's own builds): the size
	// report per module and object file.
	Objects []memusage.Object
}

// writeReport writes report.json, report.md and memory-map.svg into Out.
// el is nil before linking (generate): then a verified report of the same
// plan already there is left as it is (nothing verified is overwritten by
// something unverified). Keys other commands added (sim, bench) are kept
// while the plan is the same, and dropped with a plan they no longer describe.
// It reports whether it left a verified report in place.
func writeReport(g *Generated, v *verify.Result, extra []plan.Check, el *Linked) (kept bool, err error) {
	r := report.Build(g.Plan, g.Layout, v, extra)
	r.PlanDigest = planDigest(g)
	jsonPath := filepath.Join(g.Out, "report.json")
	raw, _ := fsutil.ReadFile(jsonPath, fsutil.MaxInput)
	prev, had := report.ReadPrevious(raw)
	samePlan := had && prev.PlanDigest == r.PlanDigest
	if el == nil && samePlan && prev.Stage == report.StageVerified {
		return true, nil
	}
	if el != nil {
		u, err := usage(g, el)
		if err != nil {
			return false, err
		}
		r.SetUsage(u)
	}
	js, err := r.JSON()
	if err != nil {
		return false, err
	}
	if samePlan {
		if js, err = report.WithForeign(js, prev.Foreign); err != nil {
			return false, err
		}
	}
	md, err := r.Markdown(g.Plan, g.Layout)
	if err != nil {
		return false, err
	}
	svg, err := report.SVG(g.Layout, r.Memory)
	if err != nil {
		return false, err
	}
	// report.json last: it says which plan the other two describe
	for _, f := range []struct {
		name string
		b    []byte
	}{{"report.md", md}, {"memory-map.svg", svg}, {"report.json", js}} {
		if _, err := fsutil.WriteUnder(g.Out, f.name, f.b, 0o644); err != nil {
			return false, err
		}
	}
	return false, nil
}

// WriteReport writes the reports for a build done elsewhere (a vendored
// project built by its own Makefile/CMake), from its verifier result and ELF.
func WriteReport(g *Generated, v *verify.Result, elfPath string) (*memusage.Usage, error) {
	el := &Linked{ELF: elfPath, Kind: "project firmware"}
	if _, err := writeReport(g, v, nil, el); err != nil {
		return nil, err
	}
	return usage(g, el)
}

// usage is the size table of the linked ELF. The ELF is named relative to
// the report when it lies under it (the report stays byte-reproducible).
func usage(g *Generated, el *Linked) (*memusage.Usage, error) {
	var secs []string
	region := g.Board.Memory.LwIPRegion
	for _, s := range g.Layout.Sections {
		secs = append(secs, s.Name)
		if region == "" {
			region = s.Memory // the board names none: where the layout put lwIP
		}
	}
	u, err := memusage.FromELF(el.ELF, g.Board.Chip, g.Board, secs, region)
	if err != nil {
		return nil, err
	}
	u.Kind = el.Kind
	if len(el.Objects) > 0 {
		if u.Breakdown, err = memusage.BreakdownOf(el.ELF, el.Objects); err != nil {
			return nil, err
		}
	}
	out, _ := filepath.Abs(g.Out)
	if abs, err := filepath.Abs(el.ELF); err == nil {
		if rel, err := filepath.Rel(out, abs); err == nil && !strings.HasPrefix(rel, "..") {
			u.ELF = rel
		}
	}
	return u, nil
}

// Record stores another command's result for g's plan: always in its own
// file (Out/<keys joined by "-">.json: sim.json, sim-sweep.json), and at the
// key path in report.json (merged into what is there: "sim" and "sim.sweep"
// keep each other) when that report describes the same plan (a report of
// another plan is not given a result it does not describe). It says where
// the result went.
func Record(g *Generated, keys []string, v any) (files []string, err error) {
	js, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return nil, err
	}
	own := filepath.Join(g.Out, strings.Join(keys, "-")+".json")
	if _, err := fsutil.WriteUnder(g.Out, strings.Join(keys, "-")+".json", append(js, '\n'), 0o644); err != nil {
		return nil, err
	}
	files = append(files, own)
	rp := filepath.Join(g.Out, "report.json")
	raw, err := fsutil.ReadFile(rp, fsutil.MaxInput)
	if err != nil {
		return files, nil // no build yet
	}
	prev, ok := report.ReadPrevious(raw)
	if !ok || prev.PlanDigest != planDigest(g) {
		return files, nil
	}
	if err := report.MergePath(rp, keys, v); err != nil {
		return files, err
	}
	return append(files, rp), nil
}

func planDigest(g *Generated) string {
	files := map[string][]byte{}
	for _, f := range g.Files {
		files[f.Path] = f.Content
	}
	return report.PlanDigest(files)
}
