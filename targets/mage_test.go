package targets

import (
	"os"
	"os/exec"
	"path/filepath"
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
	for _, target := range []string{"build", "generate", "test", "boards", "clean", "run", "bench", "simBench"} {
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

// The arguments an installed mage and `go run mage.go` receive are taken
// apart the same way (both run this package's init inside the compiled
// magefile): project= and dryrun= become PROJECT and DRYRUN, vendor keeps
// its positional project=, and a missing board= is explained.
func TestSplitArgs(t *testing.T) {
	for _, c := range []struct {
		in, args []string
		env      map[string]string
		err      string
	}{
		{[]string{"build", "board=h743", "project=/p"}, []string{"build", "board=h743"}, map[string]string{"PROJECT": "/p"}, ""},
		{[]string{"lwip:build", "board=h743", "project=/p"}, []string{"lwip:build", "board=h743"}, map[string]string{"PROJECT": "/p"}, ""},
		{[]string{"vendor", "board=f407", "project=/p", "dryrun=1"}, []string{"vendor", "board=f407", "project=/p"}, map[string]string{"DRYRUN": "1"}, ""},
		{[]string{"-v", "check", "f407"}, []string{"-v", "check", "f407"}, map[string]string{}, ""},
		{[]string{"build"}, nil, nil, "mage build needs a board: mage build board=h743"},
		{[]string{"lwip:sim"}, nil, nil, "mage lwip:sim needs a board: mage lwip:sim board=h743"},
		{[]string{"-h", "build"}, []string{"-h", "build"}, map[string]string{}, ""},
		{[]string{"-l"}, []string{"-l"}, map[string]string{}, ""},
		{[]string{"simbench", "boards=f407,h743", "seeds=3", "ms=500"}, []string{"simbench"}, map[string]string{"SIMBENCH_BOARDS": "f407,h743", "SIMBENCH_SEEDS": "3", "SIMBENCH_MS": "500"}, ""},
		{[]string{"bench", "board=mps2-an500", "net=tap", "kib=256", "n=1000", "losses=0,1"}, []string{"bench", "board=mps2-an500"},
			map[string]string{"NET": "tap", "KIB": "256", "RR_N": "1000", "LOSSES": "0,1"}, ""},
	} {
		args, env, err := splitArgs(c.in)
		if (err == nil) != (c.err == "") || (err != nil && !strings.Contains(err.Error(), c.err)) {
			t.Errorf("%v: error %v, want %q", c.in, err, c.err)
			continue
		}
		if err == nil && (strings.Join(args, " ") != strings.Join(c.args, " ") || len(env) != len(c.env)) {
			t.Errorf("%v: args %v env %v, want %v %v", c.in, args, env, c.args, c.env)
		}
		for k, v := range c.env {
			if env[k] != v {
				t.Errorf("%v: %s=%q, want %q", c.in, k, env[k], v)
			}
		}
	}
}

// Importing the targets under a namespace gives lwip:build and friends and
// no test target (the user's own tests are theirs); the bootstrap explains a
// missing board= and passes project= through like installed mage does.
func TestMageNamespaceAndArgs(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles a magefile")
	}
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "magefiles"), 0o755)
	os.WriteFile(filepath.Join(dir, "magefiles", "magefile.go"), []byte("//go:build mage\n\npackage main\n\nimport (\n\t//mage:import lwip\n\t_ \"github.com/lwipgen/lwipgen/targets\"\n)\n"), 0o644)
	repo, _ := filepath.Abs("..")
	cmd := exec.Command("go", "run", filepath.Join(repo, "mage.go"), "-d", dir, "-w", repo, "-l")
	cmd.Dir = repo
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("mage -l of an importing magefile: %v\n%s", err, out)
	}
	for _, want := range []string{"lwip:build", "lwip:generate", "lwip:vendor", "lwip:clean"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("%s missing:\n%s", want, out)
		}
	}
	if strings.Contains(string(out), "test") {
		t.Errorf("the imported targets include a test target:\n%s", out)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"build"}, "mage build needs a board: mage build board=h743"},
		{[]string{"build", "board=f407", "project=" + filepath.Join(dir, "nope")}, "--project " + filepath.Join(dir, "nope") + ": not a directory"},
	} {
		cmd := exec.Command("go", append([]string{"run", "mage.go"}, c.args...)...)
		cmd.Dir = repo
		out, err := cmd.CombinedOutput()
		if err == nil || !strings.Contains(string(out), c.want) {
			t.Errorf("go run mage.go %v: %v, want %q in\n%s", c.args, err, c.want, out)
		}
	}
}

// A failed target prints the CLI's own message once: the error mage prints
// after it does not repeat the command line, and the exit status is the
// CLI's (1 for a failed check), not mage's generic 1 for every failure.
func TestFailedTargetSaysOnce(t *testing.T) {
	err := lwipgen("check", "--board", "no-such-board")
	f, ok := err.(interface{ ExitStatus() int })
	if !ok || f.ExitStatus() != 1 {
		t.Fatalf("failed check: %v, want an ExitStatus of 1", err)
	}
	if strings.Contains(err.Error(), "no-such-board") {
		t.Errorf("mage's Error line repeats the command line: %q", err.Error())
	}
	if err := lwipgen("check", "--no-such-flag"); err.(interface{ ExitStatus() int }).ExitStatus() != 2 {
		t.Errorf("a usage error: %v, want exit status 2", err)
	}
}
