package safety

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/lwipgen/lwipgen/internal/testenv"
)

// scratch lists lwipgen's temporary directories under tmp.
func scratch(tmp string) []string {
	m, _ := filepath.Glob(filepath.Join(tmp, "lwipgen-*"))
	return m
}

// Issue 29 item 7: gcc runs under a memory and a time limit. A lwipopts.h
// that includes /dev/zero grew cc1 without end; now the run stops at the
// limit (LWIPGEN_TOOL_MEMORY_MB, small here) with gcc's message, and the
// audit's scratch directory is gone.
func TestAuditCompilerMemoryBounded(t *testing.T) {
	testenv.CrossCompiler(t)
	sb, tmp := t.TempDir(), t.TempDir()
	writeFile(t, filepath.Join(sb, "lwipopts.h"), "#define MEM_SIZE 1600\n#include \"/dev/zero\"\n")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	c := exec.CommandContext(ctx, lwipgen, "audit", "lwipopts.h")
	c.Dir = sb
	c.Env = append(os.Environ(), "TMPDIR="+tmp, "LWIPGEN_TOOL_MEMORY_MB=200")
	out, err := c.CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("audit of a file including /dev/zero did not stop: %s", out)
	}
	if err == nil || !strings.Contains(string(out), "memory") {
		t.Errorf("audit did not stop at the memory limit (%v):\n%s", err, out)
	}
	if s := scratch(tmp); len(s) > 0 {
		t.Errorf("scratch left behind: %v", s)
	}
}

// SIGTERM (or Ctrl-C) during an audit whose gcc waits on a FIFO the file
// includes: the audit stops, says so, and removes its scratch directory.
func TestAuditSignalRemovesScratch(t *testing.T) {
	testenv.CrossCompiler(t)
	sb, tmp := t.TempDir(), t.TempDir()
	writeFile(t, filepath.Join(sb, "lwipopts.h"), "#define MEM_SIZE 1600\n#include \"wait.h\"\n")
	if err := syscall.Mkfifo(filepath.Join(sb, "wait.h"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := exec.Command(lwipgen, "audit", "lwipopts.h")
	c.Dir = sb
	c.Env = append(os.Environ(), "TMPDIR="+tmp)
	var out strings.Builder
	c.Stdout, c.Stderr = &out, &out
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- c.Wait() }()
	deadline := time.Now().Add(30 * time.Second)
	for len(scratch(tmp)) == 0 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if len(scratch(tmp)) == 0 {
		c.Process.Kill()
		<-done
		t.Fatalf("the audit made no scratch directory:\n%s", out.String())
	}
	time.Sleep(300 * time.Millisecond) // gcc is waiting on wait.h
	c.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-done:
		if err == nil || !strings.Contains(out.String(), "interrupted") {
			t.Errorf("exit %v:\n%s", err, out.String())
		}
	case <-time.After(30 * time.Second):
		c.Process.Kill()
		<-done
		t.Fatalf("SIGTERM did not stop the audit:\n%s", out.String())
	}
	if s := scratch(tmp); len(s) > 0 {
		t.Errorf("scratch left behind after SIGTERM: %v", s)
	}
}
