// Package testenv is how every test finds the tools and the lwIP source it
// needs. Locally a missing one skips the test, naming what to install; in CI
// (CI=true) it fails, so a green CI run always means the real compiler, QEMU
// and lwIP ran. Every skip message starts with MissingPrefix, which the CI
// test runner (internal/cmd/citest) counts and refuses.
package testenv

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/lwipgen/lwipgen/internal/lwipsrc"
)

// MissingPrefix starts every skip for a missing tool or source tree.
const MissingPrefix = "testenv: missing "

// InCI reports whether the tests run under CI (CI=true).
func InCI() bool { return os.Getenv("CI") == "true" }

// Missing skips (locally) or fails (CI) the test because what is missing;
// how says what installs it.
func Missing(t testing.TB, what, how string) {
	t.Helper()
	if InCI() {
		t.Fatalf("%s%s (CI=true: a missing tool is a failure, not a skip); %s", MissingPrefix, what, how)
	}
	t.Skipf("%s%s; %s", MissingPrefix, what, how)
}

const setup = "sudo scripts/setup-host.sh installs it (README set-up)"

// Tool returns the path of the named program on PATH or skips/fails.
func Tool(t testing.TB, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		Missing(t, name, setup)
	}
	return p
}

// CrossCompiler returns the arm-none-eabi-gcc path or skips/fails.
func CrossCompiler(t testing.TB) string {
	t.Helper()
	return Tool(t, "arm-none-eabi-gcc")
}

// QEMU returns the qemu-system-arm path or skips/fails.
func QEMU(t testing.TB) string {
	t.Helper()
	return Tool(t, "qemu-system-arm")
}

// HostCC returns the host C compiler (the simulator, host-side glue tests):
// $CC, else gcc, else cc.
func HostCC(t testing.TB) string {
	t.Helper()
	for _, c := range []string{os.Getenv("CC"), "gcc", "cc"} {
		if c == "" {
			continue
		}
		if p, err := exec.LookPath(c); err == nil {
			return p
		}
	}
	Missing(t, "a host C compiler (gcc)", setup)
	return ""
}

// Tree returns the lwIP source tree lwipsrc.Resolve finds (LWIP_DIR, else
// the cache, which LWIPGEN_CACHE moves) or skips/fails.
func Tree(t testing.TB) *lwipsrc.Tree {
	t.Helper()
	tr, err := lwipsrc.Resolve("", "")
	if err != nil {
		Missing(t, "the lwIP "+lwipsrc.DefaultVersion+" source", "go run ./cmd/lwipgen fetch-lwip fills "+lwipsrc.CacheDir()+": "+err.Error())
		return nil
	}
	return tr
}

// LwIP returns the directory of the lwIP source tree or skips/fails.
func LwIP(t testing.TB) string {
	t.Helper()
	return Tree(t).Dir
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
