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

// An application folder given as the project (tmatsuya/xapp1026@aa8929c
// raw_apps: its .project references raw_apps_bsp, the SDK 2014 system.mss
// begins with "PARAMETER NAME = C:\...\system.mss" above VERSION): the
// flow is Vitis by the BSP beside, whose library block is read at its
// line, relative to the project; the header's NAME line no longer makes
// the whole file unreadable.
func TestDetectorReadsBSPBeside(t *testing.T) {
	ws := t.TempDir()
	for rel, c := range map[string]string{
		"raw_apps/.project":       "<projectDescription>\n\t<name>raw_apps</name>\n\t<projects>\n\t\t<project>raw_apps_bsp</project>\n\t</projects>\n</projectDescription>\n",
		"raw_apps/src/main.c":     "int main(void) { return 0; }\n",
		"raw_apps_bsp/system.mss": "\n PARAMETER NAME = C:\\PROJECT\\raw_apps_bsp\\system.mss\n\n PARAMETER VERSION = 2.2.0\n\nBEGIN LIBRARY\n PARAMETER LIBRARY_NAME = lwip141\n PARAMETER LIBRARY_VER = 2.2\nEND\n",
	} {
		p := filepath.Join(ws, rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	m, err := project.Open(t.Context(), filepath.Join(ws, "raw_apps"), project.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if m.Flow != "vitis" {
		t.Errorf("flow %q", m.Flow)
	}
	f, ok := m.Fact(KeyLibrary)
	if !ok || f.Value != "lwip141 2.2" || f.From.String() != "../raw_apps_bsp/system.mss:6" {
		t.Errorf("library %+v", f)
	}
	if v, _ := m.Fact(project.KeyLwipVersion); v.Value != "1.4.1" {
		t.Errorf("lwip.version %+v", v)
	}
}
