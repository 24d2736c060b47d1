package vitis

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/lwipgen/lwipgen/internal/project"
)

// A built BSP holds two lwipopts.h: the one it generates into the
// processor's include folder (what the application compiles against) and
// the one in the library's sources. The detector replaced the first with
// the second (any "include" folder under the BSP matched), so audit
// --project judged the library's copy. Shaped on
// SilverMight/zynq7020-networking@fca74b2 echo_server_bsp/ (an SDK
// workspace: ps7_cortexa9_0/include/lwipopts.h and
// ps7_cortexa9_0/libsrc/lwip141_v2_0/src/contrib/ports/xilinx/include/lwipopts.h);
// the files here are one-line stand-ins.
func TestDetectorTakesTheProcessorsLwipopts(t *testing.T) {
	ws := t.TempDir()
	for rel, c := range map[string]string{
		"app_bsp/system.mss":                        "PARAMETER VERSION = 2.2.0\n\nBEGIN LIBRARY\n PARAMETER LIBRARY_NAME = lwip211\n PARAMETER LIBRARY_VER = 1.8\nEND\n",
		"app_bsp/ps7_cortexa9_0/include/lwipopts.h": "#define MEM_SIZE 131072\n",
		"app_bsp/ps7_cortexa9_0/libsrc/lwip211_v1_8/src/contrib/ports/xilinx/include/lwipopts.h": "#define MEM_SIZE 131072\n",
	} {
		p := filepath.Join(ws, rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	m, err := project.Open(t.Context(), ws, project.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Value(project.KeyLwipopts); got != "app_bsp/ps7_cortexa9_0/include/lwipopts.h" {
		f, _ := m.Fact(project.KeyLwipopts)
		t.Errorf("lwipopts %q (%s), want the processor's include/lwipopts.h", got, f.Why)
	}
	if got := m.Value(KeyLibrary); got != "lwip211 1.8" {
		t.Errorf("library %q", got)
	}
}
