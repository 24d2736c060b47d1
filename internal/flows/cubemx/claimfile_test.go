package cubemx

import (
	"testing"

	"github.com/lwipgen/lwipgen/internal/project"
)

// TestClaimFileIOC: the importer learns a .ioc is CubeMX's from this flow
// (project.ClaimFile), by its name or its #MicroXplorer header, and nothing
// else is claimed.
func TestClaimFileIOC(t *testing.T) {
	for _, c := range []struct {
		name, head string
		want       bool
	}{
		{"F767.ioc", "", true},
		{"board.IOC", "", true},
		{"stdin", "#MicroXplorer Configuration settings - do not modify\n", true},
		{"lwipopts.h", "#ifndef LWIPOPTS_H\n", false},
	} {
		flow, why, ok := project.ClaimFile(c.name, []byte(c.head))
		if ok != c.want || ok && (flow != "cubemx" || why != "a CubeMX project (.ioc)") {
			t.Errorf("ClaimFile(%s) = %q %q %v, want claimed %v by cubemx", c.name, flow, why, ok, c.want)
		}
	}
}
