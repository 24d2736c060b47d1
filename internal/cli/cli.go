// Package cli is the lwipgen command line. It parses flags and calls the same
// pipeline packages that the mage targets call; it holds no logic of its own.
package cli

import (
	_ "github.com/lwipgen/lwipgen/internal/flows/all" // every vendor flow

	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// command is one `lwipgen VERB`.
type command struct {
	summary string
	run     func(env *Env, args []string) int
}

// Env is what a command may touch: its output streams and the board source.
type Env struct {
	Stdout, Stderr io.Writer
}

var commands = map[string]command{}

func register(name, summary string, run func(env *Env, args []string) int) {
	commands[name] = command{summary: summary, run: run}
}

// Main runs lwipgen with args (without the program name) and returns the exit status.
func Main(args []string, stdout, stderr io.Writer) int {
	env := &Env{Stdout: stdout, Stderr: stderr}
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(stderr)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "lwipgen: unknown command %q\n", args[0])
		usage(stderr)
		return 2
	}
	return c.run(env, args[1:])
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: lwipgen COMMAND [flags]\n\nlwipgen turns an HCL board description into a tuned, verified lwIP build.\n\ncommands:")
	var names []string
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-9s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nRun 'lwipgen COMMAND -h' for a command's flags.")
}

// newFlags makes a flag set that reports errors instead of exiting.
func newFlags(env *Env, name, args string) *flag.FlagSet {
	fs := flag.NewFlagSet("lwipgen "+name, flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	fs.Usage = func() {
		fmt.Fprintf(env.Stderr, "usage: lwipgen %s %s\n", name, args)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags accepts flags before and after positional arguments
// (`lwipgen explain TCP_WND --board h743`), as users type them.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
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
