package testenv

import (
	"os/exec"
	"testing"
)

// Tool returns the path of a host program (gcc, python3, tclsh, cmake) or
// skips (fails in CI; scripts/setup-host.sh installs each).
func Tool(t testing.TB, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		missing(t, name)
	}
	return p
}
