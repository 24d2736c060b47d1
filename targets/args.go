package targets

import (
	"fmt"
	"os"
	"strings"
)

// optional are the key=value arguments a target does not take positionally:
// they become the environment variables installed mage users would set
// (`mage build board=h743 project=DIR` = `PROJECT=DIR mage build board=h743`).
var optional = map[string]string{"project": "PROJECT", "dryrun": "DRYRUN",
	// simbench's options
	"boards": "SIMBENCH_BOARDS", "seeds": "SIMBENCH_SEEDS", "ms": "SIMBENCH_MS"}

func init() {
	for _, f := range benchFlags {
		optional[f.key] = f.env
	}
}

// positional says which optional keys a target takes as its own argument
// (vendor's project=DIR).
var positional = map[string]map[string]bool{"vendor": {"project": true}, "lwip:vendor": {"project": true}}

// needsBoard are the targets whose first argument is board=NAME.
var needsBoard = map[string]bool{"build": true, "generate": true, "check": true, "run": true, "bench": true,
	"buildbench": true, "sim": true, "vendor": true, "clean": true}

// init runs inside the compiled magefile before mage parses its arguments,
// so `go run mage.go` and an installed mage see the same arguments: optional
// key=value pairs move into the environment, and a target missing its
// board= is explained with an example instead of mage's "not enough arguments".
func init() {
	args, env, err := splitArgs(os.Args[1:])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	for k, v := range env {
		os.Setenv(k, v)
	}
	os.Args = append(os.Args[:1], args...)
}

// splitArgs takes mage's command line apart: the targets with their
// positional arguments, and the optional key=value pairs as environment.
func splitArgs(in []string) (args []string, env map[string]string, err error) {
	env = map[string]string{}
	target := ""
	help := false
	for _, a := range in {
		switch strings.TrimLeft(a, "-") {
		case "h", "help", "l", "list", "i", "info", "version", "init", "clean", "compile":
			help = help || strings.HasPrefix(a, "-")
		}
	}
	for i, a := range in {
		if k, v, ok := strings.Cut(a, "="); ok && !strings.HasPrefix(a, "-") {
			if name, opt := optional[k]; opt && !positional[target][k] {
				env[name] = v
				continue
			}
		} else if !strings.HasPrefix(a, "-") && target == "" {
			target = strings.ToLower(a)
			if base := strings.TrimPrefix(target, "lwip:"); needsBoard[base] && !help && (i+1 >= len(in) || strings.HasPrefix(in[i+1], "-")) {
				return nil, nil, fmt.Errorf("mage %s needs a board: mage %s board=h743 (or `go run mage.go %s board=h743`); `mage boards` lists them", a, a, a)
			}
		}
		args = append(args, a)
	}
	return args, env, nil
}
