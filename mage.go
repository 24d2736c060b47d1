//go:build ignore

// Zero-install mage: `go run mage.go build board=h743` works on a machine
// without the mage binary. It runs the targets in magefiles/ with the same
// arguments an installed mage takes (`project=DIR`, `dryrun=1` are handled
// inside the targets, see targets/args.go).
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/magefile/mage/mage"
	"github.com/magefile/mage/mg"
)

func main() {
	// The first run compiles the targets and lwipgen (about 15 s on two
	// cores) before any output: say so, once per machine.
	marker := filepath.Join(mg.CacheDir(), "lwipgen-compiled-once")
	if _, err := os.Stat(marker); err != nil {
		fmt.Fprintln(os.Stderr, "mage.go: compiling the mage targets and lwipgen (first run only, ~15 s)...")
	}
	rc := mage.Main()
	if rc == 0 {
		os.MkdirAll(filepath.Dir(marker), 0o755)
		os.WriteFile(marker, nil, 0o644)
	}
	os.Exit(rc)
}
