package testenv

import (
	"os/exec"
	"testing"
)

// Chromium returns the chromium path or skips/fails (headless rendering tests).
func Chromium(t testing.TB) string {
	t.Helper()
	p, err := exec.LookPath("chromium")
	if err != nil {
		missing(t, "chromium")
	}
	return p
}
