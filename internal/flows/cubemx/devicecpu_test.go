package cubemx

import (
	"slices"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/project"
)

// The core the flow registers for a part is the one its chip file
// describes, for every chip of the flow; the second core of a dual-core H7
// is the Cortex-M4.
func TestDeviceCPU(t *testing.T) {
	chips, diags := board.Source{}.Chips()
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	n := 0
	for name, c := range chips {
		if !slices.Contains(c.Flows, "cubemx") {
			continue
		}
		n++
		part := strings.ToUpper(name) + "Tx" // as CubeIDE writes it: STM32H743ZITx
		if got := project.DeviceCPU(part, 0); got != c.Core.CPU {
			t.Errorf("%s: registered core %q, chip file %q", part, got, c.Core.CPU)
		}
	}
	if n < 5 {
		t.Fatalf("only %d chips of the flow", n)
	}
	for part, want := range map[string]string{"STM32H745ZITx": "cortex-m4", "STM32H747XIHx": "cortex-m4", "STM32H743ZITx": ""} {
		if got := project.DeviceCPU(part, 1); got != want {
			t.Errorf("%s CPU 1: %q, want %q", part, got, want)
		}
	}
}
