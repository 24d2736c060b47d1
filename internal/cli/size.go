package cli

import (
	"encoding/json"
	"fmt"
	"github.com/lwipgen/lwipgen/internal/fsutil"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/lwipgen/lwipgen/internal/memusage"
)

func init() { register(newSize) }

func newSize(env *Env) *cobra.Command {
	var diff, asJSON bool
	c := &cobra.Command{
		Use:   "size BUILD | --diff OLD NEW",
		Short: "the ROM and RAM of a build per memory, lwIP module and object file (report.json), or what changed between two builds",
		Long: "size prints the size tables of a build from its report.json (a build folder or the file):\n" +
			"per memory region, then ROM (code, constants, initialised data's image) and RAM (data, bss)\n" +
			"per lwIP module, lwipgen's sources and the libraries. With --diff it compares two builds,\n" +
			"module by module and object by object (e.g. before and after a board change; keep a copy\n" +
			"of the first report.json).",
		Example: "  lwipgen size build/h743\n  cp build/h743/report.json /tmp/before.json   # change the board, build again\n  lwipgen size --diff /tmp/before.json build/h743",
		RunE: func(cmd *cobra.Command, args []string) error {
			want := 1
			if diff {
				want = 2
			}
			if len(args) != want {
				return usagef("size takes %d argument(s) (a build folder or its report.json%s)", want, map[bool]string{true: ": OLD and NEW", false: ""}[diff])
			}
			var us []*memusage.Usage
			for _, a := range args {
				u, err := readUsage(a)
				if err != nil {
					fmt.Fprintln(env.Stderr, "lwipgen size:", err)
					return status(1)
				}
				us = append(us, u)
			}
			if asJSON {
				if diff {
					return status(writeJSONErr(env, map[string]any{"old": us[0].Breakdown, "new": us[1].Breakdown}))
				}
				return status(writeJSONErr(env, us[0]))
			}
			if diff {
				if !memusage.Diff(env.Stdout, us[0].Breakdown, us[1].Breakdown) {
					fmt.Fprintln(env.Stdout, "  no module or object changed")
				}
				return nil
			}
			us[0].Table(env.Stdout)
			fmt.Fprintln(env.Stdout)
			us[0].Breakdown.Table(env.Stdout)
			return nil
		},
	}
	c.Flags().BoolVar(&diff, "diff", false, "compare two builds: OLD NEW")
	c.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return c
}

func writeJSONErr(env *Env, v any) int {
	if err := writeJSON(env.Stdout, v); err != nil {
		return 1
	}
	return 0
}

// readUsage reads report.json "memory" from a build folder or the file.
func readUsage(path string) (*memusage.Usage, error) {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		path = filepath.Join(path, "report.json")
	}
	raw, err := fsutil.ReadFile(path, fsutil.MaxInput)
	if err != nil {
		return nil, err
	}
	var r struct {
		Memory *memusage.Usage `json:"memory"`
	}
	if err := json.Unmarshal(raw, &r); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if r.Memory == nil || r.Memory.Breakdown == nil {
		return nil, fmt.Errorf("%s has no size report per module: it was written by generate, by build --project, or by an older lwipgen; run lwipgen build", path)
	}
	return r.Memory, nil
}
