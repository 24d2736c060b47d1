package project

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A Xilinx SDK workspace given as the project has no build at its root: the
// applications and BSPs are Eclipse projects one level down
// (SilverMight/zynq7020-networking@fca74b2: echo_server/, echo_server_bsp/,
// udp_send/, ...). The note named only the build files it looked for; it
// now names the projects below, to give one as --project. Written after
// that layout with empty stand-ins.
func TestWorkspaceRootNamesProjectsBelow(t *testing.T) {
	dir := t.TempDir()
	for _, rel := range []string{"echo_server/.cproject", "echo_server/src/main.c", "echo_server_bsp/.cproject", "echo_server_bsp/system.mss", "deep/a/.cproject"} {
		p := filepath.Join(dir, rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	m, err := Load(t.Context(), dir, Options{Offline: true})
	if err != nil {
		t.Fatal(err)
	}
	if m.Build != nil {
		t.Fatalf("a build was read at the workspace root: %+v", m.Build)
	}
	var note string
	for _, n := range m.Notes {
		if strings.Contains(n, "Eclipse project(s) one level down") {
			note = n
		}
	}
	if !strings.Contains(note, "2 Eclipse project(s)") || !strings.Contains(note, "echo_server/.cproject") || !strings.Contains(note, "echo_server_bsp/.cproject") || strings.Contains(note, "deep/") {
		t.Errorf("notes %q", m.Notes)
	}
}
