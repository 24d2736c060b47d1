//go:build mage

// The targets are the importable ones of package targets, imported here
// without a namespace (users import them as //mage:import lwip), plus test.

// lwipgen: generate, build and verify lwIP for a board (mage build board=h743); test runs this repository's CI.
package main

import (
	"fmt"
	"os"
	"os/exec"
	"strings"

	//mage:import
	_ "github.com/lwipgen/lwipgen/targets"
)

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
