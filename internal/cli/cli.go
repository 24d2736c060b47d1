// Package cli is the lwipgen command line. It parses flags (with
// github.com/spf13/cobra) and calls the same pipeline packages that the mage
// targets call; it holds no logic of its own.
package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/lwipgen/lwipgen/internal/diag"
	_ "github.com/lwipgen/lwipgen/internal/flows/all" // every vendor flow
	"github.com/lwipgen/lwipgen/internal/interrupt"
	"github.com/spf13/cobra"
)

// Env is what a command may touch: its output streams, and --quiet.
type Env struct {
	Stdout, Stderr io.Writer
	// Quiet (--quiet) prints errors and results only: no warnings, no
	// progress lines. A warning a board should stop seeing for good is
	// accepted in the board (accept = [ID]) instead.
	Quiet bool
}

// diags prints diagnostics on stderr; with --quiet only the errors.
func (env *Env) diags(d hcl.Diagnostics) {
	if env.Quiet {
		var errs hcl.Diagnostics
		for _, e := range d {
			if e.Severity == hcl.DiagError {
				errs = append(errs, e)
			}
		}
		d = errs
	}
	diag.Write(env.Stderr, d)
}

// progress is where a long command's progress lines go (nil with --quiet).
func (env *Env) progress(w io.Writer) io.Writer {
	if env.Quiet {
		return nil
	}
	return w
}

// builders make the subcommands; each command file registers one in init.
var builders []func(env *Env) *cobra.Command

func register(b func(env *Env) *cobra.Command) { builders = append(builders, b) }

// exitStatus is returned by a command's RunE to end lwipgen with that status
// after the command has printed its own messages.
type exitStatus int

func (e exitStatus) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

// status turns a command's result into RunE's error (nil for 0).
func status(rc int) error {
	if rc == 0 {
		return nil
	}
	return exitStatus(rc)
}

// usageError is a mistake in the command line (exit status 2).
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, a ...any) error { return &usageError{fmt.Sprintf(format, a...)} }

// newRoot builds the command tree for one invocation.
func newRoot(env *Env) *cobra.Command {
	root := &cobra.Command{
		Use:   "lwipgen",
		Short: "lwipgen turns an HCL board description into a tuned, verified lwIP build",
		Long: "lwipgen turns an HCL board description into a tuned, verified lwIP build:\n" +
			"lwipopts.h, linker sections, MPU regions and driver glue, compiled with\n" +
			"arm-none-eabi-gcc and checked against the ELF.",
		Example:       "  lwipgen build h743\n  lwipgen explain TCP_WND --board h743\n  lwipgen boards",
		Version:       "lazy", // the template below computes it
		SilenceErrors: true,
		SilenceUsage:  true,
		// a typo of a command gets "Did you mean this?"
		SuggestionsMinimumDistance: 2,
	}
	root.SetOut(env.Stdout)
	root.SetErr(env.Stderr)
	root.SetVersionTemplate("lwipgen {{lwipgenVersion}}\n")
	root.SetFlagErrorFunc(flagError)
	root.PersistentFlags().BoolVarP(&env.Quiet, "quiet", "q", false, "print errors and results only: no warnings, no progress (accept a warning for good with accept = [ID] in the board)")
	root.CompletionOptions.HiddenDefaultCmd = false
	for _, b := range builders {
		c := b(env)
		c.SilenceErrors, c.SilenceUsage = true, true
		root.AddCommand(c)
	}
	return root
}

// Main runs lwipgen with args (without the program name) and returns the
// exit status: 0 success (and --help), 1 the command failed, 2 the command
// line is wrong.
func Main(args []string, stdout, stderr io.Writer) int {
	env := &Env{Stdout: stdout, Stderr: stderr}
	// Ctrl-C and SIGTERM, for every command: children killed, scratch
	// removed, a vendor transaction finished first, exit 130
	interrupt.Install()
	root := newRoot(env)
	root.SetArgs(goStyleFlags(root, args))
	cmd, err := root.ExecuteC()
	if interrupt.Interrupted() {
		if err == nil {
			err = errors.New("interrupted")
		}
		var st exitStatus
		if !errors.As(err, &st) {
			fmt.Fprintf(stderr, "lwipgen: %s\n", strings.TrimRight(err.Error(), "\n"))
		}
		return 130
	}
	if err == nil {
		return 0
	}
	var st exitStatus
	if errors.As(err, &st) {
		return int(st)
	}
	name := "lwipgen"
	if cmd != nil && cmd != root {
		name = cmd.CommandPath()
	}
	msg := err.Error()
	if strings.HasPrefix(msg, "unknown command") {
		// cobra's text already carries "Did you mean this?"
		fmt.Fprintf(stderr, "lwipgen: %s\nRun 'lwipgen --help' for the commands.\n", strings.TrimRight(msg, "\n"))
		return 2
	}
	fmt.Fprintf(stderr, "%s: %s\nRun '%s --help' for usage.\n", name, msg, name)
	return 2
}

// flagError adds "did you mean --board?" to an unknown flag.
func flagError(cmd *cobra.Command, err error) error {
	msg := err.Error()
	var bad string
	if n, ok := strings.CutPrefix(msg, "unknown flag: --"); ok {
		bad = n
	} else if _, after, ok := strings.Cut(msg, "unknown shorthand flag: "); ok {
		if _, word, ok := strings.Cut(after, " in -"); ok {
			bad = word
		}
	}
	if bad == "" {
		return usagef("%s", msg)
	}
	var names []string
	cmd.Flags().VisitAll(func(f *pflagFlag) { names = append(names, f.Name) })
	if s := closest(bad, names); s != "" {
		return usagef("unknown flag --%s; did you mean --%s?", bad, s)
	}
	return usagef("unknown flag --%s", bad)
}

// goStyleFlags accepts Go-style single-dash long flags (`-board h743`, which
// lwipgen's flag package accepted before cobra): "-name..." becomes
// "--name..." unless it is a shorthand (`-j4`, `-h`). Everything after "--"
// is left alone.
func goStyleFlags(root *cobra.Command, args []string) []string {
	out := make([]string, 0, len(args))
	for i, a := range args {
		if a == "--" {
			return append(out, args[i:]...)
		}
		if len(a) > 2 && a[0] == '-' && isLetter(a[1]) && !isShorthand(root, args, a) {
			a = "-" + a
		}
		out = append(out, a)
	}
	return out
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// isShorthand reports whether "-xREST" is the shorthand flag x of the
// command being run followed by its value (-j4, -Iinc).
func isShorthand(root *cobra.Command, args []string, a string) bool {
	cmd, _, err := root.Find(args)
	if err != nil || cmd == nil {
		cmd = root
	}
	f := cmd.Flags().ShorthandLookup(a[1:2])
	if f == nil {
		return false
	}
	// a shorthand that takes a value takes the rest of the word (-j4, -Iinc, -DDEBUG=1)
	return f.NoOptDefVal == ""
}

func boardDirs() []string {
	var dirs []string
	if d := os.Getenv("LWIPGEN_BOARDS"); d != "" {
		dirs = append(dirs, strings.Split(d, string(os.PathListSeparator))...)
	}
	if st, err := os.Stat("boards"); err == nil && st.IsDir() {
		dirs = append(dirs, "boards")
	}
	return dirs
}

// warn prints a warning line that is not a diagnostic (vendor, import);
// --quiet drops it.
func (env *Env) warn(w string) {
	if !env.Quiet {
		fmt.Fprintln(env.Stderr, "warning:", w)
	}
}
