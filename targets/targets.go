// Package targets holds lwipgen's mage targets. Import it into your own
// magefile under a namespace, so they sit beside your targets as
// `mage lwip:build board=NAME` and friends:
//
//	//go:build mage
//	package main
//
//	import (
//		//mage:import lwip
//		_ "github.com/lwipgen/lwipgen/targets"
//	)
//
// The targets only run lwipgen (build/NAME and the project you name): none
// runs your tests or touches files outside those. Arguments are written
// key=value (`mage lwip:build board=h743 project=DIR`), with the installed
// mage and with `go run mage.go` alike; a bare value (`h743`) works too.
package targets

import (
	"fmt"
	"os"
	"strings"

	boardpkg "github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/cli"
	"github.com/lwipgen/lwipgen/internal/fsutil"
)

// arg reads "key=value" (or a bare value) for the named key.
func arg(key, s string) (string, error) {
	if k, v, ok := strings.Cut(s, "="); ok {
		if k != key {
			return "", fmt.Errorf("expected %s=VALUE, got %q", key, s)
		}
		s = v
	}
	if s == "" {
		return "", fmt.Errorf("%s= must not be empty", key)
	}
	return s, nil
}

// lwipgen runs the CLI in-process: the mage targets and the CLI share every line of logic.
func lwipgen(args ...string) error {
	if rc := cli.Main(args, os.Stdout, os.Stderr); rc != 0 {
		return failed{args[0], rc}
	}
	return nil
}

// failed is a CLI command that printed why it failed. mage prints every
// error a target returns ("Error: ..."), so it says only that, without the
// command line again, and passes the CLI's exit status on (ExitStatus).
type failed struct {
	cmd string
	rc  int
}

func (f failed) Error() string   { return fmt.Sprintf("lwipgen %s failed, as said above", f.cmd) }
func (f failed) ExitStatus() int { return f.rc }

// Boards lists the boards lwipgen knows.
func Boards() error { return lwipgen("boards") }

// Check validates a board description: mage check board=NAME.
func Check(board string) error {
	b, err := arg("board", board)
	if err != nil {
		return err
	}
	return lwipgen("check", "--board", b)
}

// Clean removes build/NAME (or all of build/ with board=all).
func Clean(board string) error {
	b, err := arg("board", board)
	if err != nil {
		return err
	}
	if b == "all" {
		return os.RemoveAll("build")
	}
	// board=.. once removed the current directory: only a board name, and
	// only inside build/
	if why := boardpkg.ValidName(b); why != "" {
		return fmt.Errorf("clean: board=%q is not a board name (%s); use board=NAME or board=all", b, why)
	}
	root, err := fsutil.OpenRoot("build", false)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	defer root.Close()
	return root.RemoveAll(b)
}

// Build generates, compiles, links, verifies and reports: mage build board=NAME.
// With project=DIR (or PROJECT=DIR in the environment) it builds that
// vendored project with its own build files and verifies its firmware ELF.
func Build(board string) error {
	b, err := arg("board", board)
	if err != nil {
		return err
	}
	if p := os.Getenv("PROJECT"); p != "" {
		return lwipgen("build", "--board", b, "--project", p)
	}
	return lwipgen("build", "--board", b)
}

// Generate writes only the generated sources and report.json: mage generate board=NAME.
func Generate(board string) error {
	b, err := arg("board", board)
	if err != nil {
		return err
	}
	return lwipgen("generate", "--board", b, "--out", "build/"+b)
}

// Run builds and boots the firmware in QEMU (mps2-an500): mage run board=mps2-an500.
func Run(board string) error {
	b, err := arg("board", board)
	if err != nil {
		return err
	}
	return lwipgen("run", "--board", b)
}

// Bench measures lwIP defaults, the seed-style config, the vendor baselines
// that fit and lwipgen's side by side in QEMU: mage bench board=mps2-an500
// [net=slirp|tap|all] [kib=1024] [runs=3] [n=1000] [delays=0,1ms,10ms]
// [losses=0,0.1,1] [configs=lwip-defaults,lwipgen]. The tap cells need root;
// without it the bench says so and runs slirp only.
func Bench(board string) error {
	b, err := arg("board", board)
	if err != nil {
		return err
	}
	args := []string{"bench", "--board", b}
	for _, f := range benchFlags {
		if v := os.Getenv(f.env); v != "" {
			args = append(args, "--"+f.flag, v)
		}
	}
	return lwipgen(args...)
}

// benchFlags map bench's optional key=value arguments (their environment
// variables, see args.go) to the CLI's flags.
var benchFlags = []struct{ key, env, flag string }{
	{"net", "NET", "net"}, {"kib", "KIB", "kib"}, {"runs", "RUNS", "runs"}, {"n", "RR_N", "n"},
	{"delays", "DELAYS", "delays"}, {"losses", "LOSSES", "losses"}, {"configs", "CONFIGS", "configs"},
}

// BuildBench times a clean build against make -j2 and the no-op rebuild: mage buildbench board=NAME.
func BuildBench(board string) error {
	b, err := arg("board", board)
	if err != nil {
		return err
	}
	return lwipgen("buildbench", "--board", b)
}

// Version prints lwipgen's version with its revision: mage version.
func Version() error { return lwipgen("version") }
