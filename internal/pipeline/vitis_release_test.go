package pipeline_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/pipeline"
)

// generate/vendor/build --project on a Xilinx SDK workspace whose BSP builds
// lwip141 (SilverMight/zynq7020-networking@fca74b2 echo_server_bsp, Xilinx
// SDK, lwIP 1.4.1) wrote Vitis 2024.1's lwip220 settings without a word:
// the workspace's library was read as "no release". It is refused with the
// system.mss line; --vitis-version names a release knowingly.
func TestPrepareRefusesWorkspaceOfOtherLwIPLibrary(t *testing.T) {
	dir := t.TempDir()
	bsp := filepath.Join(dir, "echo_server_bsp")
	if err := os.MkdirAll(bsp, 0o755); err != nil {
		t.Fatal(err)
	}
	mss := "PARAMETER VERSION = 2.2.0\n\nBEGIN OS\n PARAMETER OS_NAME = standalone\nEND\n\nBEGIN LIBRARY\n PARAMETER LIBRARY_NAME = lwip141\n PARAMETER LIBRARY_VER = 2.0\nEND\n"
	if err := os.WriteFile(filepath.Join(bsp, "system.mss"), []byte(mss), 0o644); err != nil {
		t.Fatal(err)
	}
	_, diags := pipeline.Prepare(pipeline.Options{Board: "zynq7035", Source: board.Source{}, Project: dir})
	if !diags.HasErrors() || !strings.Contains(diags.Error(), "echo_server_bsp/system.mss:7") || !strings.Contains(diags.Error(), "lwip141 2.0") {
		t.Errorf("want the lwip141 block refused by file:line, got %v", diags)
	}
	g, diags := pipeline.Prepare(pipeline.Options{Board: "zynq7035", Source: board.Source{}, Project: dir, VitisVersion: "2022.2"})
	if diags.HasErrors() {
		t.Fatalf("--vitis-version 2022.2: %v", diags)
	}
	if g.Board.ToolRelease != "2022.2" {
		t.Errorf("release %q, want the one named", g.Board.ToolRelease)
	}
}
