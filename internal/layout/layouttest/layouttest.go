// Package layouttest gives tests the plan and layout of a built-in board.
package layouttest

import (
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/layout"
	"github.com/lwipgen/lwipgen/internal/plan"
)

// Planned loads the built-in board name and returns its plan and layout,
// failing the test on any error.
func Planned(t testing.TB, name string) (*plan.Plan, *layout.Layout) {
	t.Helper()
	b, diags := board.Source{}.Load(name)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	p, err := plan.Build(b)
	if err != nil {
		t.Fatal(err)
	}
	l, d := layout.Plan(p)
	if d.HasErrors() {
		t.Fatal(d)
	}
	return p, l
}
