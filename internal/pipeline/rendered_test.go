package pipeline

import (
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
)

// TestPrepareKeepsWhatTheFlowRendered: the pipeline's result carries the
// flow's own output, so run, bench and the probe build read the flow's
// Firmware and LwIPDefines, not a copy that could lose them.
func TestPrepareKeepsWhatTheFlowRendered(t *testing.T) {
	for _, c := range []struct {
		board       string
		firmware    bool
		lwipDefines bool
	}{
		{"mps2-an500", true, false},
		{"h743", false, false},
		{"zynq7035", false, true},
	} {
		g, diags := Prepare(Options{Board: c.board, Source: board.Source{}})
		if diags.HasErrors() {
			t.Fatalf("%s: %v", c.board, diags)
		}
		if g.Rendered.Firmware != c.firmware || (len(g.Rendered.LwIPDefines) > 0) != c.lwipDefines {
			t.Errorf("%s: Rendered.Firmware %v, LwIPDefines %q; want firmware %v, defines %v",
				c.board, g.Rendered.Firmware, g.Rendered.LwIPDefines, c.firmware, c.lwipDefines)
		}
	}
}
