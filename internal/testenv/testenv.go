// Package testenv decides whether a test that needs the cross toolchain,
// QEMU or the lwIP source can run. Locally a missing tool skips the test
// with the command that installs it; in CI (CI=true) it fails, so a green CI
// run always means the real compiler ran.
package testenv

import (
	"os"
	"os/exec"
	"testing"

	"github.com/lwipgen/lwipgen/internal/lwipsrc"
)

func missing(t testing.TB, what string) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s is required in CI (see README set-up)", what)
	}
	t.Skipf("%s not available (README set-up installs it)", what)
}

// CrossCompiler returns the arm-none-eabi-gcc path or skips/fails.
func CrossCompiler(t testing.TB) string {
	t.Helper()
	p, err := exec.LookPath("arm-none-eabi-gcc")
	if err != nil {
		missing(t, "arm-none-eabi-gcc")
	}
	return p
}

// LwIP returns the lwIP source tree or skips/fails.
func LwIP(t testing.TB) string {
	t.Helper()
	tr, err := lwipsrc.Resolve("", "")
	if err != nil {
		missing(t, "the lwIP 2.1.3 source (go run ./cmd/lwipgen fetch-lwip)")
	}
	return tr.Dir
}

// QEMU returns the qemu-system-arm path or skips/fails.
func QEMU(t testing.TB) string {
	t.Helper()
	p, err := exec.LookPath("qemu-system-arm")
	if err != nil {
		missing(t, "qemu-system-arm")
	}
	return p
}
