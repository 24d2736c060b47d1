//go:build unix

package interrupt

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/lwipgen/lwipgen/internal/spawn"
)

// The tests run this test binary again as the "command" (TestMain sees
// helperEnv), send it real signals and look at what is left.
const helperEnv = "LWIPGEN_INTERRUPT_HELPER"

func TestMain(m *testing.M) {
	switch os.Getenv(helperEnv) {
	case "stuck":
		stuck()
	case "hold":
		hold()
	}
	os.Exit(m.Run())
}

// stuck is a command that ignores its context: it registers a scratch
// directory, starts a child that ignores SIGINT and SIGTERM, and blocks.
func stuck() {
	Grace = 300 * time.Millisecond
	dir := os.Getenv("SCRATCH")
	os.MkdirAll(filepath.Join(dir, "sub"), 0o755)
	Scratch(dir)
	cmd, _ := spawn.Command(context.Background(), spawn.Limits{}, "sh", "-c",
		`trap "" INT TERM; echo $$ > `+os.Getenv("PIDFILE")+`; while :; do sleep 1; done`)
	if err := cmd.Start(); err != nil {
		os.Exit(3)
	}
	select {}
}

// hold is a command in a transaction: the signals arrive while it holds,
// and it must be allowed to write its marker before the process ends.
func hold() {
	Grace = 100 * time.Millisecond
	release := Hold()
	os.WriteFile(os.Getenv("READY"), nil, 0o644)
	time.Sleep(1500 * time.Millisecond)
	os.WriteFile(os.Getenv("MARKER"), []byte("committed"), 0o644)
	release()
	os.Exit(0) // not reached: release ends the process with 130
}

func helper(t *testing.T, mode string, env ...string) *exec.Cmd {
	t.Helper()
	c := exec.Command(os.Args[0], "-test.run=^$")
	c.Env = append(append(os.Environ(), helperEnv+"="+mode), env...)
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	return c
}

func waitFile(t *testing.T, p string) []byte {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if b, err := os.ReadFile(p); err == nil && (len(b) > 0 || !strings.HasSuffix(p, "pid")) {
			return b
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("%s never appeared", p)
	return nil
}

func exitCode(t *testing.T, c *exec.Cmd, within time.Duration) int {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- c.Wait() }()
	select {
	case err := <-done:
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return ee.ExitCode()
		}
		if err != nil {
			t.Fatal(err)
		}
		return 0
	case <-time.After(within):
		c.Process.Kill()
		<-done
		t.Fatalf("the command did not end within %v of the signal", within)
		return -1
	}
}

// running: the pid exists and is not a zombie.
func running(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	st, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	_, rest, _ := strings.Cut(string(st), ") ")
	return !strings.HasPrefix(rest, "Z")
}

// A command that ignores its context and runs a child that ignores the
// signal still ends after Grace, with exit 130, the child gone and the
// scratch directory removed.
func TestSignalEndsAStuckCommand(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		base := t.TempDir()
		scratch, pidFile := filepath.Join(base, "scratch"), filepath.Join(base, "child.pid")
		c := helper(t, "stuck", "SCRATCH="+scratch, "PIDFILE="+pidFile)
		pid, err := strconv.Atoi(strings.TrimSpace(string(waitFile(t, pidFile))))
		if err != nil {
			t.Fatal(err)
		}
		c.Process.Signal(sig)
		if code := exitCode(t, c, 10*time.Second); code != 130 {
			t.Errorf("%v: exit %d, want 130", sig, code)
		}
		if _, err := os.Stat(scratch); !os.IsNotExist(err) {
			t.Errorf("%v: scratch directory left behind (%v)", sig, err)
		}
		deadline := time.Now().Add(5 * time.Second)
		for running(pid) && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
		if running(pid) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Errorf("%v: the child that ignores signals (pid %d) outlived the command", sig, pid)
		}
	}
}

// A signal, and a second one, during a Hold (a vendor transaction) wait for
// it: the marker written just before release is on disk, then exit 130.
func TestSecondSignalWaitsForTheHold(t *testing.T) {
	base := t.TempDir()
	ready, marker := filepath.Join(base, "ready"), filepath.Join(base, "marker")
	c := helper(t, "hold", "READY="+ready, "MARKER="+marker)
	waitFile(t, ready)
	c.Process.Signal(syscall.SIGINT)
	time.Sleep(300 * time.Millisecond) // past Grace
	c.Process.Signal(syscall.SIGINT)
	if code := exitCode(t, c, 10*time.Second); code != 130 {
		t.Errorf("exit %d, want 130", code)
	}
	if b, err := os.ReadFile(marker); err != nil || string(b) != "committed" {
		t.Errorf("the held work did not finish before the exit: %q, %v", b, err)
	}
}

// Context is cancelled at once when a signal already arrived (a command
// starting during the shutdown does not start work).
func TestContextAfterSignal(t *testing.T) {
	mu.Lock()
	saved, savedExit := signals, exit
	signals = 1
	mu.Unlock()
	defer func() { mu.Lock(); signals, exit = saved, savedExit; mu.Unlock() }()
	ctx, stop := Context(context.Background())
	defer stop()
	if ctx.Err() == nil {
		t.Error("a Context made after the signal is not cancelled")
	}
	if !Interrupted() {
		t.Error("Interrupted() false after a signal")
	}
}
