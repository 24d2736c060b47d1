//go:build unix

package spawn

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// alive reports whether pid still runs: it exists and is not a zombie
// waiting for init to reap it.
func alive(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	st, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return !os.IsNotExist(err)
	}
	_, rest, _ := strings.Cut(string(st), ") ")
	return !strings.HasPrefix(rest, "Z")
}

// startTree starts `sh` that starts a grandchild which ignores SIGTERM and
// SIGINT, and returns the grandchild's pid.
func startTree(t *testing.T, ctx context.Context, lim Limits) (wait func() error, grandchild int) {
	t.Helper()
	pidFile := filepath.Join(t.TempDir(), "pid")
	script := `sh -c 'trap "" TERM INT; echo $$ > ` + pidFile + `; while :; do sleep 1; done' & wait`
	cmd, release := Command(ctx, lim, "sh", "-c", script)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		b, err := os.ReadFile(pidFile)
		if pid, perr := strconv.Atoi(strings.TrimSpace(string(b))); err == nil && perr == nil {
			return func() error { defer release(); return cmd.Wait() }, pid
		}
		if time.Now().After(deadline) {
			t.Fatal("the grandchild did not start")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func gone(pid int) bool {
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if !alive(pid) {
			return true
		}
		time.Sleep(20 * time.Millisecond)
	}
	return false
}

// Cancelling the context kills the whole group: the grandchild that
// ignores SIGTERM too, not only the direct child.
func TestCancelKillsTheGroup(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	wait, gc := startTree(t, ctx, Limits{})
	cancel()
	if err := wait(); err == nil {
		t.Error("a killed child reported success")
	}
	if !gone(gc) {
		t.Errorf("grandchild %d survived the cancel", gc)
		syscall.Kill(gc, syscall.SIGKILL)
	}
}

// With a grace period the group gets SIGTERM first; a grandchild that
// ignores it still ends, by SIGKILL, after the grace.
func TestGraceThenKill(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	wait, gc := startTree(t, ctx, Limits{Grace: 300 * time.Millisecond})
	cancel()
	wait()
	if !gone(gc) {
		t.Errorf("grandchild %d ignoring SIGTERM survived the grace period", gc)
		syscall.Kill(gc, syscall.SIGKILL)
	}
}

// The wall-clock limit ends a child that would run forever.
func TestTimeout(t *testing.T) {
	wait, gc := startTree(t, context.Background(), Limits{Timeout: 300 * time.Millisecond})
	if err := wait(); err == nil {
		t.Error("a child past its timeout reported success")
	}
	if !gone(gc) {
		t.Errorf("grandchild %d survived the timeout", gc)
		syscall.Kill(gc, syscall.SIGKILL)
	}
}

// StopAll ends a running child and refuses a new one.
func TestStopAll(t *testing.T) {
	defer resetStop()
	wait, gc := startTree(t, context.Background(), Limits{})
	StopAll()
	wait()
	if !gone(gc) {
		t.Errorf("grandchild %d survived StopAll", gc)
		syscall.Kill(gc, syscall.SIGKILL)
	}
	if !Stopped() {
		t.Error("Stopped() false after StopAll")
	}
	if _, err := Output(context.Background(), "true"); err == nil {
		t.Error("a child started after StopAll ran")
	}
}

// The memory limit reaches the child (and, through ulimit, its children).
func TestMemoryLimit(t *testing.T) {
	cmd, release := Command(context.Background(), Limits{MemoryMiB: 64}, "sh", "-c", "ulimit -v")
	defer release()
	o, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(string(o)); got != strconv.Itoa(64*1024) {
		t.Errorf("ulimit -v in the child = %q, want %d", got, 64*1024)
	}
}
