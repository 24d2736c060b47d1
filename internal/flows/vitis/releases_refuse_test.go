package vitis

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A system.mss with an unterminated BEGIN OS is refused at the BEGIN's
// line with the file's path, not skipped as if the workspace had no BSP
// (issue 29 item 12).
func TestUnterminatedBeginOSRefused(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "plat", "bsp", "system.mss")
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	src := "PARAMETER VERSION = 2.2.0\n\n\nBEGIN OS\n PARAMETER OS_NAME = standalone\n PARAMETER OS_VER = 7.5\n"
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := ReleaseFromWorkspace(dir)
	if err == nil || !strings.HasPrefix(err.Error(), "plat/bsp/system.mss:4: the BEGIN OS block opened here has no END") || !strings.Contains(err.Error(), "add END") {
		t.Errorf("got %v, want plat/bsp/system.mss:4 with what to do", err)
	}
}
