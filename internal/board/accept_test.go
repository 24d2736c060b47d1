package board_test

import (
	"slices"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
)

// A board accepts a warning by its id (a list, an HCL expression like any
// other attribute); the board says so to every later stage.
func TestAcceptDecodes(t *testing.T) {
	b, diags := board.DecodeBoard([]byte(src(top(`accept = local.accepted`), after(`locals { accepted = ["sizing.rx_buffers_pinned"] }`))), "test.hcl", builtinChips(t), fakeOptions{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if !slices.Equal(b.Accept, []string{"sizing.rx_buffers_pinned"}) || !b.Accepts("sizing.rx_buffers_pinned") || b.Accepts("project.lwip_differs") {
		t.Errorf("Accept = %q", b.Accept)
	}
	if r := b.RangeOf("accept"); r.Start.Line != 16 {
		t.Errorf("accept's range at line %d, want 16", r.Start.Line)
	}
}
