//go:build ignore

// Zero-install mage: `go run mage.go build board=h743` works on a machine
// without the mage binary. It runs the targets in magefiles/.
//
// Targets take key=value arguments (`board=h743`). Optional ones that a
// target does not take as a positional argument (`project=DIR` of build,
// `dryrun=1`) become environment variables (PROJECT, DRYRUN) here, which is
// how they are given to an installed mage: `PROJECT=DIR mage build board=h743`.
package main

import (
	"os"
	"strings"

	"github.com/magefile/mage/mage"
)

// optional maps key=value arguments to environment variables.
var optional = map[string]string{"project": "PROJECT", "dryrun": "DRYRUN"}

func main() {
	args := os.Args[:1]
	target := ""
	for _, a := range os.Args[1:] {
		if k, v, ok := strings.Cut(a, "="); ok {
			if env, opt := optional[k]; opt && !(target == "vendor" && k == "project") {
				os.Setenv(env, v)
				continue
			}
		} else if !strings.HasPrefix(a, "-") && target == "" {
			target = strings.ToLower(a)
		}
		args = append(args, a)
	}
	os.Args = args
	os.Exit(mage.Main())
}
