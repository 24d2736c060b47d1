package project

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/lwipgen/lwipgen/internal/lwipsrc"
	"github.com/lwipgen/lwipgen/internal/spawn"
)

// The readers that run the project's own build tool (cmake configuring,
// make printing its commands) run it here: under a deadline, in the
// project, with lwipgen's cross compiler first on PATH, and an error that
// carries the tail of what the tool said.

// toolTimeout bounds one run of a build tool (a CMake configure runs the
// compiler checks; make -n still runs the Makefile's $(shell ...)).
var toolTimeout = 3 * time.Minute

// MissingToolError is a build tool lwipgen needs to read the project and
// cannot find on PATH.
type MissingToolError struct {
	Tool string // cmake, make
	For  string // what needs it: "the CMake project CMakeLists.txt"
}

func (e *MissingToolError) Error() string {
	return fmt.Sprintf("%s needs %s, which is not on PATH: install %s (sudo scripts/setup-host.sh installs it)", e.For, e.Tool, e.Tool)
}

// ErrOffline is a reader's answer when Options.Offline forbids running the
// build tool its build is read through.
var ErrOffline = errors.New("reading this build runs its build tool, and Options.Offline forbids it")

// lookTool finds a tool on PATH or says what to install.
func lookTool(tool, what string) (string, error) {
	p, err := exec.LookPath(tool)
	if err != nil {
		return "", &MissingToolError{Tool: tool, For: what}
	}
	return p, nil
}

// toolEnv is the environment a build tool runs in: make's inherited flags
// cleared (a MAKEFLAGS=-j8 or -k from a parent make changes what make -n
// prints), messages in English (the reader parses "Entering directory"),
// and the directory of lwipgen's cross compiler cc first on PATH, so a
// build that names arm-none-eabi-gcc bare runs the same compiler lwipgen
// does.
func toolEnv(cc string) []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		switch k {
		case "MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEFILES", "GNUMAKEFLAGS", "LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES":
			continue
		case "PATH":
			if cc != "" {
				kv = "PATH=" + filepath.Dir(cc) + string(os.PathListSeparator) + strings.TrimPrefix(kv, "PATH=")
			}
		}
		env = append(env, kv)
	}
	return append(env, "LC_ALL=C")
}

// runTool runs tool in dir and returns its standard output. A failure (a
// non-zero exit, the deadline) is an error naming the command with the
// last lines it wrote.
func runTool(ctx context.Context, dir string, env []string, tool string, args ...string) ([]byte, error) {
	out, _, err := runToolBoth(ctx, dir, env, tool, args...)
	return out, err
}

// runToolBoth is runTool that also returns what the tool wrote on its
// standard error, for a reader that keeps going after a failure (make -k).
func runToolBoth(ctx context.Context, dir string, env []string, tool string, args ...string) ([]byte, []byte, error) {
	ctx, cancel := context.WithTimeout(ctx, toolTimeout)
	defer cancel()
	cmd, release := spawn.Tool(ctx, append([]string{tool}, args...)...)
	defer release()
	cmd.Dir = dir
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if ctx.Err() == context.DeadlineExceeded {
		err = fmt.Errorf("no answer within %v", toolTimeout)
	}
	if err != nil {
		said := stderr.String()
		if strings.TrimSpace(said) == "" {
			said = stdout.String()
		}
		return stdout.Bytes(), stderr.Bytes(), fmt.Errorf("%s %s (in %s): %v\n%s", filepath.Base(tool), strings.Join(args, " "), dir, err, tail(said, 30))
	}
	return stdout.Bytes(), stderr.Bytes(), nil
}

// tail is the last n lines of s.
func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = append([]string{"..."}, lines[len(lines)-n:]...)
	}
	return strings.Join(lines, "\n")
}

// ScratchRel is the directory, relative to the project, where build
// --project builds the project with its own build tool (CMake's build
// tree); a compile database found there is lwipgen's, not the project's.
const ScratchRel = "build/lwipgen"

// scratchDir is where the CMake reader configures the project: a folder of
// lwipgen's cache (LWIPGEN_CACHE, else the user's cache folder) named for
// the project's path, so that reading a project (inspect, audit, import,
// a dry run) writes nothing into it, and a second read reuses the
// configure.
func scratchDir(root string) (string, error) {
	sum := sha256.Sum256([]byte(root))
	d := filepath.Join(lwipsrc.CacheDir(), "cmake", hex.EncodeToString(sum[:8]))
	if err := os.MkdirAll(d, 0o755); err != nil {
		return "", err
	}
	return d, nil
}
