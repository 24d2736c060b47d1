package vitis

import (
	"context"
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/lwipgen/lwipgen/internal/cheader"
	"github.com/lwipgen/lwipgen/internal/finding"
	"github.com/lwipgen/lwipgen/internal/fsutil"
	"github.com/lwipgen/lwipgen/internal/project"
)

// A built Xilinx BSP holds lwipopts.h twice: <processor>/include/lwipopts.h,
// which the application compiles against, and
// <processor>/libsrc/lwip*/src/contrib/ports/xilinx/include/lwipopts.h,
// which liblwip4.a was compiled with (SilverMight/zynq7020-networking@fca74b2
// echo_server_bsp, tmatsuya/xapp1026@aa8929c raw_apps_bsp: identical there).
// An edit to one copy only makes the application and the library disagree
// on struct layouts and pool sizes; the BSP regenerates both from system.mss.

// AuditProjectFiles reports every option the two copies of a BSP's
// lwipopts.h define differently, or one defines and the other does not.
func (Flow) AuditProjectFiles(root string) []finding.Finding {
	m, err := project.Open(context.Background(), root, project.Options{Offline: true})
	if err != nil {
		return nil
	}
	var out []finding.Finding
	for _, lib := range m.Files.Suffix("src/contrib/ports/xilinx/include/lwipopts.h") {
		// <processor>/libsrc/<lwipNNN_vX_Y>/src/contrib/ports/xilinx/include/lwipopts.h
		i := strings.LastIndex("/"+lib, "/libsrc/")
		if i < 0 {
			continue
		}
		proc := "."
		if i > 0 {
			proc = lib[:i-1]
		}
		inc := path.Join(proc, "include", "lwipopts.h")
		if !m.Files.Has(inc) {
			continue
		}
		out = append(out, compareCopies(root, inc, lib)...)
	}
	return out
}

// compareCopies lists the defines of a (the application's copy) and b
// (the library's) that differ.
func compareCopies(root, a, b string) []finding.Finding {
	da, errA := readDefines(filepath.Join(root, filepath.FromSlash(a)))
	db, errB := readDefines(filepath.Join(root, filepath.FromSlash(b)))
	if errA != nil || errB != nil {
		return nil
	}
	var out []finding.Finding
	fix := "regenerate the BSP (its system.mss lwIP parameters) rather than editing one copy, or make the two files equal"
	for _, d := range da.order {
		x := da.defs[d]
		y, ok := db.defs[d]
		switch {
		case !ok:
			out = append(out, finding.Finding{File: a, Line: x.Line, Severity: finding.SevWarning, ID: "vitis.lwipopts_copies_differ", Option: d,
				Message: fmt.Sprintf("%s is defined here (%s) but not in the BSP library's copy %s, which liblwip4.a was compiled with: the application and the library disagree", d, x.Value, b), Fix: fix})
		case strings.TrimSpace(x.Value) != strings.TrimSpace(y.Value):
			out = append(out, finding.Finding{File: a, Line: x.Line, Severity: finding.SevWarning, ID: "vitis.lwipopts_copies_differ", Option: d,
				Message: fmt.Sprintf("%s is %s here but %s in the BSP library's copy %s:%d, which liblwip4.a was compiled with: the application and the library disagree", d, x.Value, y.Value, b, y.Line), Fix: fix})
		}
	}
	for _, d := range db.order {
		if _, ok := da.defs[d]; !ok {
			y := db.defs[d]
			out = append(out, finding.Finding{File: b, Line: y.Line, Severity: finding.SevWarning, ID: "vitis.lwipopts_copies_differ", Option: d,
				Message: fmt.Sprintf("%s is defined (%s) in the library's copy liblwip4.a was compiled with, but not in %s, which the application compiles with", d, y.Value, a), Fix: fix})
		}
	}
	return out
}

type defineSet struct {
	order []string
	defs  map[string]cheader.Define
}

func readDefines(p string) (defineSet, error) {
	b, err := fsutil.ReadText(p, fsutil.MaxInput)
	if err != nil {
		return defineSet{}, err
	}
	s := defineSet{defs: map[string]cheader.Define{}}
	for _, d := range cheader.Defines(b) {
		if _, seen := s.defs[d.Name]; !seen {
			s.order = append(s.order, d.Name)
		}
		s.defs[d.Name] = d
	}
	return s, nil
}
