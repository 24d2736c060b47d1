package toolchain

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/lwipgen/lwipgen/internal/fsutil"
	"github.com/lwipgen/lwipgen/internal/spawn"
)

// Unit is one C translation unit.
type Unit struct {
	Src   string   // source path
	Obj   string   // object path
	Flags []string // everything but -c/-o/-MF
}

// Builder compiles units in parallel and incrementally.
type Builder struct {
	TC       *Toolchain
	Jobs     int       // parallel compiles; 0 = one per core
	Progress io.Writer // "[i/n] CC src" lines and what the compiler printed (its warnings); nil = quiet
	Dir      string    // working directory for commands (compile_commands.json "directory")
}

// CommandError is a failed tool run, with the exact command and its output.
type CommandError struct {
	Cmd    []string
	Output string
	Err    error
}

// Unwrap is the tool's own failure (exit status, not found, killed).
func (e *CommandError) Unwrap() error { return e.Err }

func (e *CommandError) Error() string {
	return fmt.Sprintf("command failed (%v):\n  %s\n%s", e.Err, shellJoin(e.Cmd), strings.TrimRight(e.Output, "\n"))
}

func shellJoin(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		if a == "" || strings.ContainsAny(a, " \t\"'$\\") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		q[i] = a
	}
	return strings.Join(q, " ")
}

func (b *Builder) command(u Unit) []string {
	args := append([]string{}, b.TC.Launcher...)
	args = append(args, b.TC.CC)
	args = append(args, u.Flags...)
	return append(args, "-MMD", "-MP", "-MF", u.Obj+".d", "-c", u.Src, "-o", u.Obj)
}

// flagsStamp identifies the command; a changed command means a rebuild.
func (b *Builder) flagsStamp(u Unit) string {
	h := sha256.Sum256([]byte(strings.Join(b.command(u), "\x00")))
	return hex.EncodeToString(h[:])
}

// upToDate: the object exists, was built by the same command, and is newer
// than every file its dependency file lists.
func (b *Builder) upToDate(u Unit) bool {
	ost, err := os.Stat(u.Obj)
	if err != nil {
		return false
	}
	stamp, err := fsutil.ReadFile(u.Obj+".cmd", fsutil.MaxInput)
	if err != nil || string(stamp) != b.flagsStamp(u) {
		return false
	}
	deps, err := ReadDepFile(u.Obj + ".d")
	if err != nil || len(deps) == 0 {
		return false
	}
	for _, d := range deps {
		st, err := os.Stat(d)
		if err != nil || st.ModTime().After(ost.ModTime()) {
			return false
		}
	}
	return true
}

// Compile builds the out-of-date units; it returns how many it compiled.
func (b *Builder) Compile(ctx context.Context, units []Unit) (int, error) {
	var todo []Unit
	for _, u := range units {
		if !b.upToDate(u) {
			todo = append(todo, u)
		}
	}
	var (
		mu   sync.Mutex
		done int
	)
	_, first := Parallel(ctx, b.Jobs, len(todo), true, func(ctx context.Context, i int) error {
		printed, err := b.compileOne(ctx, todo[i])
		mu.Lock()
		done++
		if b.Progress != nil {
			fmt.Fprintf(b.Progress, "[%d/%d] CC %s\n", done, len(todo), todo[i].Src)
			// a successful compile's warnings are shown too: callers (and the
			// project-build tests) check the log for "warning:"
			if err == nil && printed != "" {
				io.WriteString(b.Progress, strings.TrimRight(printed, "\n")+"\n")
			}
		}
		mu.Unlock()
		return err
	})
	if first == nil && ctx.Err() != nil {
		first = ctx.Err()
	}
	return len(todo), first
}

func (b *Builder) compileOne(ctx context.Context, u Unit) (string, error) {
	if err := os.MkdirAll(filepath.Dir(u.Obj), 0o755); err != nil {
		return "", err
	}
	os.Remove(u.Obj + ".cmd")
	args := b.command(u)
	printed, err := Output(ctx, b.Dir, args)
	if err != nil {
		return printed, err
	}
	return printed, os.WriteFile(u.Obj+".cmd", []byte(b.flagsStamp(u)), 0o644)
}

// Run executes a tool; a failure carries the command line and its output.
func Run(ctx context.Context, dir string, args []string) error {
	_, err := Output(ctx, dir, args)
	return err
}

// Output executes a tool and returns what it printed (stdout and stderr, in
// order): the one way lwipgen runs a compiler or linker, whose warnings
// callers may read even when it succeeds. A failure is a *CommandError with
// the command line and the same output.
func Output(ctx context.Context, dir string, args []string) (string, error) {
	cmd, cancel := spawn.Tool(ctx, args...)
	defer cancel()
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return out.String(), &CommandError{Cmd: args, Output: out.String(), Err: err}
	}
	return out.String(), nil
}

// ReadDepFile parses a make-style dependency file written by gcc -MMD -MP
// and returns the prerequisites of its first rule.
func ReadDepFile(path string) ([]string, error) {
	b, err := fsutil.ReadFile(path, fsutil.MaxInput)
	if err != nil {
		return nil, err
	}
	text := strings.ReplaceAll(string(b), "\\\n", " ")
	line, _, _ := strings.Cut(text, "\n")
	_, rhs, ok := strings.Cut(line, ": ")
	if !ok {
		return nil, fmt.Errorf("%s: not a dependency rule", path)
	}
	// Split on whitespace that is not escaped ("with\ space.h" is one file).
	var deps []string
	var cur strings.Builder
	for i := 0; i < len(rhs); i++ {
		switch c := rhs[i]; {
		case c == '\\' && i+1 < len(rhs) && rhs[i+1] == ' ':
			cur.WriteByte(' ')
			i++
		case c == ' ' || c == '\t' || c == '\r':
			if cur.Len() > 0 {
				deps = append(deps, cur.String())
				cur.Reset()
			}
		default:
			cur.WriteByte(c)
		}
	}
	if cur.Len() > 0 {
		deps = append(deps, cur.String())
	}
	return deps, nil
}

// CompileCommands renders compile_commands.json (clangd, clang-tidy).
func (b *Builder) CompileCommands(units []Unit) ([]byte, error) {
	type entry struct {
		Directory string   `json:"directory"`
		File      string   `json:"file"`
		Arguments []string `json:"arguments"`
		Output    string   `json:"output"`
	}
	var es []entry
	for _, u := range units {
		args := append([]string{b.TC.CC}, u.Flags...)
		args = append(args, "-c", u.Src, "-o", u.Obj)
		es = append(es, entry{Directory: b.Dir, File: u.Src, Arguments: args, Output: u.Obj})
	}
	sort.Slice(es, func(i, j int) bool { return es[i].File < es[j].File })
	out, err := json.MarshalIndent(es, "", "  ")
	return append(out, '\n'), err
}
