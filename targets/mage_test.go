package targets

import (
	"os/exec"
	"strings"
	"testing"
)

// `go run mage.go TARGET` works with no mage binary installed, and lists the
// targets the SPEC names.
func TestZeroInstallMage(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the magefile")
	}
	cmd := exec.Command("go", "run", "mage.go", "-l")
	cmd.Dir = ".."
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go run mage.go -l: %v\n%s", err, out)
	}
	for _, target := range []string{"build", "generate", "test", "boards", "clean", "run", "bench"} {
		if !strings.Contains(string(out), "\n  "+target+" ") {
			t.Errorf("target %q missing from:\n%s", target, out)
		}
	}
	cmd = exec.Command("go", "run", "mage.go", "check", "board=f407")
	cmd.Dir = ".."
	if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), "f407: ok") {
		t.Fatalf("go run mage.go check board=f407: %v\n%s", err, out)
	}
}

func TestArg(t *testing.T) {
	for _, c := range []struct{ in, want, err string }{
		{"board=h743", "h743", ""}, {"h743", "h743", ""}, {"project=x", "", "expected board=VALUE"}, {"board=", "", "must not be empty"},
	} {
		got, err := arg("board", c.in)
		if got != c.want || (err == nil) != (c.err == "") || (err != nil && !strings.Contains(err.Error(), c.err)) {
			t.Errorf("arg(%q) = %q, %v", c.in, got, err)
		}
	}
}
