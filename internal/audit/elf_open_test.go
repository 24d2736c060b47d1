//go:build unix

package audit

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// --elf with a truncated ELF says what is wrong (not "audit: EOF"), and a
// FIFO in its place is refused at once instead of blocking (issue 29 items
// 7 and 12).
func TestOpenELFClearErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.elf")
	os.WriteFile(bad, []byte("\x7fELF\x01\x01"), 0o644)
	if _, err := openELF(bad); err == nil || !strings.Contains(err.Error(), "--elf "+bad+": not a readable ELF file") {
		t.Errorf("truncated ELF: %v", err)
	}
	fifo := filepath.Join(dir, "fifo.elf")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { _, err := openELF(fifo); done <- err }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("FIFO: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("--elf on a FIFO blocked")
	}
}
