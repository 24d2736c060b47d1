package cli

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/testenv"
)

// Every command's --help (and -h, and `help CMD`) prints its usage once, on
// stdout, and exits 0.
func TestHelpExitsZeroAndPrintsOnce(t *testing.T) {
	root := newRoot(&Env{Stdout: os.Stdout, Stderr: os.Stderr})
	var names []string
	for _, c := range root.Commands() {
		names = append(names, c.Name())
	}
	if len(names) < 14 {
		t.Fatalf("only %d commands: %v", len(names), names)
	}
	for _, n := range names {
		for _, args := range [][]string{{n, "--help"}, {n, "-h"}, {"help", n}} {
			rc, out, errs := run(t, args...)
			if rc != 0 || errs != "" {
				t.Errorf("%v: rc %d, stderr %q", args, rc, errs)
			}
			if c := strings.Count(out, "Usage:"); c != 1 {
				t.Errorf("%v: usage printed %d times:\n%s", args, c, out)
			}
		}
	}
	for _, args := range [][]string{{}, {"--help"}, {"help"}} {
		if rc, out, _ := run(t, args...); rc != 0 || strings.Count(out, "Available Commands:") != 1 {
			t.Errorf("%v: rc %d\n%s", args, rc, out)
		}
	}
}

func TestSuggestions(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"biuld", "h743"}, "Did you mean this?\n\tbuild"},
		{[]string{"chek"}, "\tcheck"},
		{[]string{"build", "-bord", "h743"}, "unknown flag --bord; did you mean --board?"},
		{[]string{"build", "--bord", "h743"}, "did you mean --board?"},
		{[]string{"vendor", "f407", "--projct", "x"}, "did you mean --project?"},
		{[]string{"sim", "h743", "--workloda", "rr"}, "did you mean --workload?"},
	} {
		rc, out, errs := run(t, c.args...)
		if rc != 2 || out != "" || !strings.Contains(errs, c.want) {
			t.Errorf("%v: rc %d (want 2), stdout %q, stderr %q (want %q)", c.args, rc, out, errs, c.want)
		}
	}
}

// Usage mistakes exit 2 and say what to type.
func TestUsageErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"build"}, "a board is required: lwipgen build h743"},
		{[]string{"check"}, "a board is required: lwipgen check h743"},
		{[]string{"check", "f407", "--board", "h743"}, "board given twice"},
		{[]string{"check", "f407", "h743"}, "one BOARD"},
		{[]string{"explain"}, "one OPTION is required"},
		{[]string{"audit"}, "one FILE"},
		{[]string{"vendor", "f407"}, "--project DIR is required"},
		{[]string{"generate", "f407", "-j", "2"}, "unknown flag --j"}, // generate compiles nothing
		{[]string{"boards", "extra"}, "unknown command"},
	} {
		rc, _, errs := run(t, c.args...)
		if rc != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: rc %d, stderr %q (want %q)", c.args, rc, errs, c.want)
		}
	}
	_, out, _ := run(t, "generate", "--help")
	if strings.Contains(out, "-j") || strings.Contains(out, "jobs") {
		t.Errorf("generate offers -j:\n%s", out)
	}
	if _, out, _ := run(t, "build", "--help"); !strings.Contains(out, "-j, --jobs") {
		t.Errorf("build lacks -j:\n%s", out)
	}
}

// `lwipgen check f407` is `lwipgen check --board f407` (and Go-style -board).
func TestPositionalBoard(t *testing.T) {
	rc1, out1, _ := run(t, "check", "f407")
	rc2, out2, _ := run(t, "check", "--board", "f407")
	rc3, out3, _ := run(t, "check", "-board", "f407")
	if rc1 != 0 || out1 != out2 || out1 != out3 || rc2 != 0 || rc3 != 0 || !strings.HasPrefix(out1, "f407: ok") {
		t.Fatalf("positional %d %q, flag %d %q, go-style %d %q", rc1, out1, rc2, out2, rc3, out3)
	}
}

func TestVersion(t *testing.T) {
	rc, out, _ := run(t, "version")
	if rc != 0 || !strings.HasPrefix(out, "lwipgen ") || !strings.Contains(out, "go1.") {
		t.Fatalf("version: rc %d %q", rc, out)
	}
	if rc, out2, _ := run(t, "--version"); rc != 0 || out2 != out {
		t.Fatalf("--version: rc %d %q, want %q", rc, out2, out)
	}
	old := Version
	Version = "v9.9.9"
	defer func() { Version = old }()
	if _, out, _ := run(t, "version"); out != "lwipgen v9.9.9\n" {
		t.Fatalf("ldflags version: %q", out)
	}
}

// Completion scripts for bash, zsh and fish are generated, and they are
// accepted by the shell that is installed (bash -n always; fish/zsh if present).
func TestCompletionScripts(t *testing.T) {
	for _, sh := range []struct{ name, want string }{
		{"bash", "__start_lwipgen"}, {"zsh", "#compdef lwipgen"}, {"fish", "complete -c lwipgen"},
	} {
		rc, out, errs := run(t, "completion", sh.name)
		if rc != 0 || !strings.Contains(out, sh.want) {
			t.Errorf("completion %s: rc %d %q, lacks %q", sh.name, rc, errs, sh.want)
			continue
		}
		if sh.name == "bash" || hasTool(sh.name) {
			f := filepath.Join(t.TempDir(), "c."+sh.name)
			os.WriteFile(f, []byte(out), 0o644)
			if b, err := exec.Command(sh.name, "-n", f).CombinedOutput(); err != nil {
				t.Errorf("%s -n: %v %s", sh.name, err, b)
			}
		}
	}
	// the shell asks lwipgen for candidates: board names for BOARD and --board
	for _, args := range [][]string{{"__complete", "build", ""}, {"__complete", "check", "--board", "h7"}} {
		rc, out, _ := run(t, args...)
		if rc != 0 || !strings.Contains(out, "h743\n") || !strings.Contains(out, "mps2-an500\n") {
			t.Errorf("%v: rc %d\n%s", args, rc, out)
		}
	}
}

func hasTool(name string) bool { _, err := exec.LookPath(name); return err == nil }

// `boards` shows each board's file and a local file that shadows a shipped
// one; commands using that name say so.
func TestBoardsShowsPathAndShadowing(t *testing.T) {
	dir := t.TempDir()
	src, _ := os.ReadFile(filepath.Join("..", "..", "boards", "h743.hcl"))
	os.WriteFile(filepath.Join(dir, "h743.hcl"), append(src, "# my copy\n"...), 0o644)
	t.Setenv("LWIPGEN_BOARDS", dir)
	rc, out, _ := run(t, "boards")
	local := filepath.Join(dir, "h743.hcl")
	if rc != 0 || !strings.Contains(out, local+" (shadows embedded:boards/h743.hcl)") {
		t.Fatalf("boards: rc %d\n%s", rc, out)
	}
	// ../../boards is not searched from this package's directory: f407 is the shipped one
	if !strings.Contains(out, "embedded:boards/f407.hcl\n") {
		t.Errorf("f407 path missing:\n%s", out)
	}
	var rows []BoardRow
	_, js, _ := run(t, "boards", "--json")
	if err := jsonUnmarshal(js, &rows); err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if r.Name == "h743" && (r.Path != local || len(r.Shadows) != 1) {
			t.Errorf("h743 row: %+v", r)
		}
	}
	if _, _, errs := run(t, "check", "h743"); !strings.Contains(errs, "board h743 is "+local+" (it shadows embedded:boards/h743.hcl)") {
		t.Errorf("check h743 does not name the shadowing file: %q", errs)
	}
}

// The myth message says the name once (it used to repeat "TCP_RCV_BUF ... TCP_RCV_BUF does not exist").
func TestMythSaidOnce(t *testing.T) {
	rc, out, _ := run(t, "explain", "TCP_RCV_BUF")
	if rc != 1 || strings.Count(out, "TCP_RCV_BUF") != 1 || strings.Count(out, "does not exist") != 1 || !strings.Contains(out, "TCP_WND") {
		t.Fatalf("explain TCP_RCV_BUF: rc %d %q", rc, out)
	}
	bad := filepath.Join(t.TempDir(), "myth.hcl")
	src, _ := os.ReadFile(filepath.Join("..", "..", "boards", "f407.hcl"))
	os.WriteFile(bad, []byte(strings.Replace(string(src), "  memory {", "  options {\n    TCP_RCV_BUF = 8192\n  }\n  memory {", 1)), 0o644)
	rc, _, errs := run(t, "check", bad)
	if rc != 1 || strings.Count(errs, "TCP_RCV_BUF") > 2 || !strings.Contains(errs, "TCP_RCV_BUF does not exist in lwIP 2.1.3: the receive side") {
		t.Fatalf("check with TCP_RCV_BUF: rc %d %q", rc, errs)
	}
}

// vendor --undo prints each file it restored or removed, and a summary.
func TestVendorUndoPrintsWhatItRestored(t *testing.T) {
	proj := testenv.ProjectFixture(t, filepath.Join("..", "vendorkit", "testdata", "cubemx-makefile-f407"))
	if rc, _, errs := run(t, "vendor", "f407", "--project", proj); rc != 0 {
		t.Fatalf("vendor: %s", errs)
	}
	rc, out, errs := run(t, "vendor", "--project", proj, "--undo")
	if rc != 0 || !strings.Contains(out, "  restored ") || !strings.Contains(out, "  removed  ") || !strings.Contains(out, "undid the last vendor run") {
		t.Fatalf("undo: rc %d\n%s\n%s", rc, out, errs)
	}
	if rc, _, errs := run(t, "vendor", "--project", proj, "--undo"); rc != 1 || !strings.Contains(errs, "nothing to undo") {
		t.Errorf("second undo: rc %d %q", rc, errs)
	}
}

func jsonUnmarshal(s string, v any) error { return json.Unmarshal([]byte(s), v) }

// vendor --dry-run prints the diff, then the conflicts, and exits 1.
func TestVendorDryRunDiffThenConflicts(t *testing.T) {
	proj := testenv.ProjectFixture(t, filepath.Join("..", "vendorkit", "testdata", "cubemx-makefile-f407"))
	mine := filepath.Join(proj, "LWIP", "lwipgen", "lwip_sections.ld")
	os.MkdirAll(filepath.Dir(mine), 0o755)
	os.WriteFile(mine, []byte("/* mine */\n"), 0o644)
	rc, out, errs := run(t, "vendor", "f407", "--project", proj, "--dry-run")
	if rc != 1 || !strings.Contains(out, "+++ b/") || !strings.Contains(errs, "a real run would refuse") || !strings.Contains(errs, "lwip_sections.ld") {
		t.Fatalf("dry run: rc %d\nstdout %.1500s\nstderr %s", rc, out, errs)
	}
}

// run refuses a probe-only board before building, and its build prints
// progress (a compiler that fails at once still shows the "[1/N] CC" line).
func TestRunBuildIsNotSilent(t *testing.T) {
	testenv.CrossCompiler(t)
	testenv.LwIP(t)
	if rc, out, errs := run(t, "run", "h743", "--out", t.TempDir()); rc != 2 || out != "" || !strings.Contains(errs, "layout probe") {
		t.Fatalf("run h743: rc %d %q %q", rc, out, errs)
	}
	testenv.FailingCompiler(t)
	rc, out, _ := run(t, "run", "mps2-an500", "--out", t.TempDir(), "-j", "1")
	if rc != 1 || !strings.Contains(out, "[1/") || !strings.Contains(out, "] CC ") {
		t.Fatalf("run's build printed no progress: rc %d\n%s", rc, out)
	}
}

func TestGoStyleFlags(t *testing.T) {
	root := newRoot(&Env{Stdout: os.Stdout, Stderr: os.Stderr})
	got := strings.Join(goStyleFlags(root, []string{"build", "-board", "h743", "-j4", "-j", "2", "--out", "x", "-h", "--", "-lwip"}), " ")
	if want := "build --board h743 -j4 -j 2 --out x -h -- -lwip"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := strings.Join(goStyleFlags(root, []string{"sim", "h743", "--loss", "-0.5"}), " "); got != "sim h743 --loss -0.5" {
		t.Errorf("a negative number was taken for a flag: %q", got)
	}
	got = strings.Join(goStyleFlags(root, []string{"audit", "f.h", "-Iinc", "-I", "x", "-DDEBUG=1", "-no-compile", "-chip", "stm32f407"}), " ")
	if want := "audit f.h -Iinc -I x -DDEBUG=1 --no-compile --chip stm32f407"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
