package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/agext/levenshtein"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

type pflagFlag = pflag.Flag

// closest is the candidate nearest to s (at most 2 edits, or a prefix), or "".
func closest(s string, candidates []string) string {
	best, bestD := "", 3
	for _, c := range candidates {
		d := levenshtein.Distance(s, c, nil)
		if strings.HasPrefix(c, s) && len(s) >= 3 {
			d = 1
		}
		if d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// boardFlag is the --board flag and the positional BOARD that means the
// same (`lwipgen build h743` = `lwipgen build --board h743`).
type boardFlag struct{ ref string }

func (b *boardFlag) add(c *cobra.Command, usage string) {
	c.Flags().StringVar(&b.ref, "board", "", usage)
	c.RegisterFlagCompletionFunc("board", completeBoards)
}

// resolve takes the board from the flag or the positional argument;
// required says whether a missing board is an error.
func (b *boardFlag) resolve(cmd *cobra.Command, args []string, required bool) error {
	if len(args) > 1 {
		return usagef("one BOARD, got %d arguments (%s)", len(args), strings.Join(args, " "))
	}
	if len(args) == 1 {
		if b.ref != "" && b.ref != args[0] {
			return usagef("board given twice: --board %s and %s", b.ref, args[0])
		}
		b.ref = args[0]
	}
	if b.ref == "" && required {
		return usagef("a board is required: %s h743 (or --board h743, or a path to a .hcl file); 'lwipgen boards' lists them", cmd.CommandPath())
	}
	// a local boards/NAME.hcl silently replacing the shipped one is said once
	if loc := source().Locations(b.ref); len(loc) > 1 {
		fmt.Fprintf(cmd.ErrOrStderr(), "lwipgen: board %s is %s (it shadows %s)\n", b.ref, loc[0], strings.Join(loc[1:], ", "))
	}
	return nil
}

// exactlyOne is the Args of a command with one positional argument; what
// says which ("one FILE (an lwipopts.h) is required").
func exactlyOne(what string) cobra.PositionalArgs {
	return func(_ *cobra.Command, args []string) error {
		if len(args) != 1 {
			return usagef("%s, got %d", what, len(args))
		}
		return nil
	}
}

// completeBoards offers the board names for BOARD and --board.
func completeBoards(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return source().Names(), cobra.ShellCompDirectiveDefault
}

// boardArgs is the Args of commands whose one positional argument is a board.
func boardArgs(cmd *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return source().Names(), cobra.ShellCompDirectiveDefault
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
