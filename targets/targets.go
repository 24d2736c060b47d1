// Package targets holds lwipgen's mage targets. Import it into your own
// magefile to get `mage build board=NAME` and friends:
//
//	//go:build mage
//	package main
//
//	import (
//		//mage:import
//		_ "github.com/lwipgen/lwipgen/targets"
//	)
//
// Arguments are written key=value (`mage build board=h743`), which mage
// passes through as positional arguments; a bare value (`mage build h743`)
// works too.
package targets

import (
	"fmt"
	"os"
	"os/exec"
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
		return fmt.Errorf("lwipgen %s: exit status %d", strings.Join(args, " "), rc)
	}
	return nil
}

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

// Test runs everything CI runs: go vet, then the README's test command (internal/cmd/citest: go test -count=1
// ./..., no cached results, every compile and QEMU run is real; a skip for a missing tool fails the run).
func Test() error {
	for _, args := range [][]string{{"vet", "./..."}, {"run", "./internal/cmd/citest", "./..."}} {
		cmd := exec.Command("go", args...)
		cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("go %s: %v", strings.Join(args, " "), err)
		}
	}
	return nil
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
// With PROJECT=DIR (or `go run mage.go build board=NAME project=DIR`) it
// builds that vendored project with its own build files and verifies its ELF.
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

// Bench measures lwIP defaults, the seed-style config and lwipgen's side by side in QEMU: mage bench board=mps2-an500.
func Bench(board string) error {
	b, err := arg("board", board)
	if err != nil {
		return err
	}
	return lwipgen("bench", "--board", b)
}

// BuildBench times a clean build against make -j2 and the no-op rebuild: mage buildbench board=NAME.
func BuildBench(board string) error {
	b, err := arg("board", board)
	if err != nil {
		return err
	}
	return lwipgen("buildbench", "--board", b)
}
