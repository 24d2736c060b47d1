package vendorkit

import (
	"fmt"
	"path/filepath"

	"github.com/lwipgen/lwipgen/internal/lwip"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/plan"
	"github.com/lwipgen/lwipgen/internal/project"
)

// lwipVersionCheck compares the board's lwip_version with the lwIP tree the
// project's build compiles (the project model; CubeMX:
// Middlewares/Third_Party/LwIP, v2.1.2_Cube = 2.1.2): the options, init.c
// rules and RAM model the plan used must be that version's. A project
// without its own copy builds with the tree lwipgen resolves, which the
// build checks itself.
func lwipVersionCheck(dir string, m *project.Model, g *pipeline.Generated) (plan.Check, bool) {
	d := m.LwIPTree()
	if d == "" {
		return plan.Check{}, false
	}
	tv, err := lwip.ReadTreeVersion(d)
	rel := m.Rel(filepath.Join(d, "src", "include", "lwip", "init.h"))
	if err != nil {
		return plan.Check{ID: "verify.lwip_version", OK: false, Detail: fmt.Sprintf("%s: %v", rel, err)}, true
	}
	v, err := tv.Version()
	if err != nil {
		return plan.Check{ID: "verify.lwip_version", OK: false, Detail: fmt.Sprintf("the project's lwIP is %s (%s:%d): %v", tv, rel, tv.Line, err)}, true
	}
	if v != g.Plan.Version {
		return plan.Check{ID: "verify.lwip_version", OK: false, Detail: fmt.Sprintf("the board plans for lwIP %s but the project compiles lwIP %s (%s:%d): set lwip_version = %q in the board (lwipgen import --project writes it)",
			g.Board.LwIPVersion, tv, rel, tv.Line, tv.String())}, true
	}
	return plan.Check{ID: "verify.lwip_version", OK: true, Detail: fmt.Sprintf("the project's lwIP %s (%s:%d) is the version planned for", tv, rel, tv.Line)}, true
}
