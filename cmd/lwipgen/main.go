// Command lwipgen turns an HCL board description into a tuned lwIP
// configuration, linker sections, MPU regions and driver glue, builds it with
// arm-none-eabi-gcc and proves from the ELF that the plan held.
package main

import (
	"os"

	"github.com/lwipgen/lwipgen/internal/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr))
}
