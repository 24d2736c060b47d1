package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"

	"github.com/lwipgen/lwipgen/internal/fsutil"
	"github.com/lwipgen/lwipgen/internal/spawn"
	"github.com/spf13/cobra"
)

func init() {
	register(func(env *Env) *cobra.Command {
		return &cobra.Command{
			Use:   "version",
			Short: "print lwipgen's version: module version or VCS revision (stamped, or the source tree's git HEAD), and the Go version",
			Args:  cobra.NoArgs,
			Run:   func(*cobra.Command, []string) { fmt.Fprintln(env.Stdout, "lwipgen", version()) },
		}
	})
	// the root's --version computes it only when asked (it may run git)
	cobra.AddTemplateFunc("lwipgenVersion", version)
}

// Version is set at link time (-ldflags "-X github.com/lwipgen/lwipgen/internal/cli.Version=v1.2.3");
// otherwise it comes from the module's build information.
var Version string

// version names what is running. A binary carries its revision only when
// the go command stamped it (vcs.revision): `go build` and `go install` in a
// git checkout do by default, but `go run` (so `go run ./cmd/lwipgen` and
// `go run mage.go`, which builds its targets with go run's rules) never
// does, and GOFLAGS=-buildvcs=false turns it off everywhere. Then the
// revision is read at run time from the git HEAD of the lwipgen source tree
// that holds the working directory, and labelled as such: it says which
// source `go run` compiled, not what an installed binary was built from.
func version() string {
	if Version != "" {
		return Version
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown)"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, dirty string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "+dirty"
			}
		}
	}
	if v == "(devel)" {
		switch {
		case rev != "":
			v += " " + short(rev) + dirty
		default:
			v += " " + treeRevision(modulePath(bi))
		}
	}
	return v + " " + bi.GoVersion
}

func short(rev string) string {
	if len(rev) > 12 {
		return rev[:12]
	}
	return rev
}

func modulePath(bi *debug.BuildInfo) string {
	if bi.Main.Path != "" {
		return bi.Main.Path
	}
	return "github.com/lwipgen/lwipgen"
}

// treeRevision is the git HEAD of the source tree of module mod that holds
// the working directory, labelled as read at run time, or why there is none.
func treeRevision(mod string) string {
	const unstamped = "no revision (the binary is not stamped: built by go run or with -buildvcs=false"
	root := moduleRoot(mod)
	if root == "" {
		return unstamped + ", and the working directory is not in lwipgen's source tree)"
	}
	out, err := spawn.Output(context.Background(), "git", "-C", root, "rev-parse", "HEAD")
	if err != nil {
		return unstamped + "; git cannot read " + root + ")"
	}
	rev := short(strings.TrimSpace(string(out)))
	// untracked files are left out: build/ and editors' files are not source
	if st, err := spawn.Output(context.Background(), "git", "-C", root, "status", "--porcelain", "--untracked-files=no"); err == nil && len(bytes.TrimSpace(st)) > 0 {
		rev += "+dirty"
	}
	return rev + " (source tree's git HEAD, read at run time: the binary is not stamped)"
}

// moduleRoot walks up from the working directory to the go.mod that
// declares module mod ("" when none does).
func moduleRoot(mod string) string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if b, err := fsutil.ReadFile(filepath.Join(dir, "go.mod"), fsutil.MaxInput); err == nil {
			for _, line := range strings.Split(string(b), "\n") {
				if f := strings.Fields(line); len(f) == 2 && f[0] == "module" && strings.Trim(f[1], `"`) == mod {
					return dir
				}
			}
		}
		up := filepath.Dir(dir)
		if up == dir {
			return ""
		}
		dir = up
	}
}
