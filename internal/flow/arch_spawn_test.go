package flow_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// childStarters are the functions that start a child process without
// internal/spawn's limits, process group and StopAll link, by import path.
var childStarters = map[string]map[string]bool{
	"os/exec":               {"Command": true, "CommandContext": true},
	"os":                    {"StartProcess": true},
	"syscall":               {"Exec": true, "ForkExec": true, "StartProcess": true},
	"golang.org/x/sys/unix": {"Exec": true},
}

// runnerExempt may start children directly, each for its reason.
var runnerExempt = map[string]string{
	"internal/spawn/":      "the runner itself",
	"magefiles/":           "developer tooling: runs `go` for the mage targets, never on user input",
	"internal/cmd/citest/": "developer tooling: runs `go test` for CI, never on user input",
}

// childStarts lists the calls or references to a childStarters function in
// one Go file's source, however the package is imported (under its own
// name, an alias, or with a dot import).
func childStarts(name, src string) ([]string, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	local := map[string]string{} // local name -> import path
	dot := map[string]bool{}     // import paths imported with "."
	for _, im := range f.Imports {
		path, _ := strconv.Unquote(im.Path.Value)
		if childStarters[path] == nil {
			continue
		}
		switch {
		case im.Name == nil:
			local[path[strings.LastIndex(path, "/")+1:]] = path
		case im.Name.Name == ".":
			dot[path] = true
		case im.Name.Name != "_":
			local[im.Name.Name] = path
		}
	}
	var found []string
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.SelectorExpr:
			if id, ok := x.X.(*ast.Ident); ok {
				if path, ok := local[id.Name]; ok && childStarters[path][x.Sel.Name] {
					found = append(found, fset.Position(x.Pos()).String()+": "+path+"."+x.Sel.Name)
				}
			}
			// x.Sel is a field or method name, never a dot-imported function
			ast.Inspect(x.X, visit)
			return false
		case *ast.Ident:
			for path := range dot {
				if childStarters[path][x.Name] {
					found = append(found, fset.Position(x.Pos()).String()+": "+path+"."+x.Name)
				}
			}
		}
		return true
	}
	ast.Inspect(f, visit)
	return found, nil
}

// Issue 29: one runner for every child process. The compiler, nm, the
// --version probes, make, cmake, git, QEMU and the simulator's nodes all
// start through internal/spawn: under a wall-clock and memory limit, in a
// process group killed whole, and ended by Ctrl-C (spawn.StopAll).
func TestEveryChildThroughTheRunner(t *testing.T) {
	root := repoRoot(t)
	var bad []string
	checked := 0
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(strings.TrimPrefix(p, root+string(filepath.Separator)))
		if d.IsDir() {
			if n := d.Name(); n == "testdata" || n == "node_modules" || (strings.HasPrefix(n, ".") && p != root) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		for pre := range runnerExempt {
			if strings.HasPrefix(rel, pre) {
				return nil
			}
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		found, err := childStarts(rel, string(src))
		if err != nil {
			return err
		}
		checked++
		bad = append(bad, found...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 100 {
		t.Fatalf("checked only %d Go files", checked)
	}
	sort.Strings(bad)
	for _, b := range bad {
		t.Errorf("%s: start the child through internal/spawn (spawn.Tool, spawn.Command, spawn.Output)", b)
	}
}

// The scanner finds every spelling: the package's own name, an alias, a
// dot import, a method value, os.StartProcess and the syscall forms; and
// not exec.LookPath or a local function named Command.
func TestChildStartsScanner(t *testing.T) {
	cases := []struct {
		src  string
		want int
	}{
		{`package p; import "os/exec"; func f() { exec.Command("x").Run() }`, 1},
		{`package p; import "os/exec"; func f() { exec.CommandContext(nil, "x") }`, 1},
		{`package p; import run "os/exec"; func f() { run.Command("x") }`, 1},
		{`package p; import . "os/exec"; func f() { Command("x"); CommandContext(nil, "y") }`, 2},
		{`package p; import "os/exec"; var start = exec.Command`, 1},
		{`package p; import "os"; func f() { os.StartProcess("x", nil, nil) }`, 1},
		{`package p; import "syscall"; func f() { syscall.Exec("x", nil, nil); syscall.ForkExec("x", nil, nil) }`, 2},
		{`package p; import sc "syscall"; func f() { sc.StartProcess("x", nil, nil) }`, 1},
		{`package p; import "golang.org/x/sys/unix"; func f() { unix.Exec("x", nil, nil) }`, 1},
		{`package p; import "os/exec"; func f() { exec.LookPath("x"); var c *exec.Cmd; _ = c }`, 0},
		{`package p; func Command(string) {}; func f() { Command("x") }`, 0},
		{`package p; import "os"; type t struct{}; func (t) Command() {}; func f() { var exec t; exec.Command(); os.Getpid() }`, 0},
	}
	for _, c := range cases {
		got, err := childStarts("x.go", c.src)
		if err != nil {
			t.Fatalf("%s: %v", c.src, err)
		}
		if len(got) != c.want {
			t.Errorf("%s: found %d (%v), want %d", c.src, len(got), got, c.want)
		}
	}
}
