package cli

import (
	"fmt"

	"github.com/lwipgen/lwipgen/internal/lwipsrc"
)

func init() {
	register("fetch-lwip", "download lwIP 2.1.3 from Debian's source package into the per-user cache", runFetch)
}

func runFetch(env *Env, args []string) int {
	fs := newFlags(env, "fetch-lwip", "")
	if _, err := parseFlags(fs, args); err != nil {
		return 2
	}
	t, err := lwipsrc.Fetch(env.Stderr)
	if err != nil {
		fmt.Fprintln(env.Stderr, "lwipgen fetch-lwip:", err)
		return 1
	}
	fmt.Fprintln(env.Stdout, t.Dir)
	return 0
}
