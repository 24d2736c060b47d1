package cli

import (
	"fmt"

	"github.com/spf13/cobra"
)

func init() {
	register(func(env *Env) *cobra.Command {
		return &cobra.Command{
			Use:   "version",
			Short: "print lwipgen's version (module version or VCS revision, and the Go version)",
			Args:  cobra.NoArgs,
			Run:   func(*cobra.Command, []string) { fmt.Fprintln(env.Stdout, "lwipgen", version()) },
		}
	})
}
