// Package testenv decides whether a test that needs the cross toolchain,
// QEMU or the lwIP source can run. Locally a missing tool skips the test
// with the command that installs it; in CI (CI=true) it fails, so a green CI
// run always means the real compiler ran.
package testenv

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
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

// CopyTree copies the fixture tree src into a fresh temporary directory and
// returns the copy's path (its base name is src's).
func CopyTree(t testing.TB, src string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), filepath.Base(src))
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}
