package cli

import (
	"github.com/spf13/cobra"

	"fmt"

	"github.com/lwipgen/lwipgen/internal/lwipsrc"
)

func init() {
	register(func(env *Env) *cobra.Command {
		return &cobra.Command{
			Use:   "fetch-lwip",
			Short: "download lwIP 2.1.3 from Debian's source package into the per-user cache",
			Args:  cobra.NoArgs,
			RunE:  func(*cobra.Command, []string) error { return status(runFetch(env)) },
		}
	})
}

func runFetch(env *Env) int {
	t, err := lwipsrc.Fetch(env.Stderr)
	if err != nil {
		fmt.Fprintln(env.Stderr, "lwipgen fetch-lwip:", err)
		return 1
	}
	fmt.Fprintln(env.Stdout, t.Dir)
	return 0
}
