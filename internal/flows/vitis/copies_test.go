package vitis

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A Vitis BSP's two lwipopts.h (SilverMight/zynq7020-networking@fca74b2's
// echo_server_bsp layout, one-line stand-ins): equal, nothing is said; the
// include/ copy edited by hand (MEM_SIZE raised, TCP_WND added), every
// difference is a warning at its line, naming the other file.
func TestAuditProjectFilesComparesLwipoptsCopies(t *testing.T) {
	ws := t.TempDir()
	inc := "app_bsp/ps7_cortexa9_0/include/lwipopts.h"
	lib := "app_bsp/ps7_cortexa9_0/libsrc/lwip213_v1_0/src/contrib/ports/xilinx/include/lwipopts.h"
	write := func(rel, c string) {
		p := filepath.Join(ws, rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	same := "#ifndef __LWIPOPTS_H_\n#define __LWIPOPTS_H_\n#define MEM_SIZE 131072\n#define PBUF_POOL_SIZE 256\n#endif\n"
	write("app_bsp/system.mss", "PARAMETER VERSION = 2.2.0\n\nBEGIN LIBRARY\n PARAMETER LIBRARY_NAME = lwip213\n PARAMETER LIBRARY_VER = 1.0\nEND\n")
	write(inc, same)
	write(lib, same)
	if got := (Flow{}).AuditProjectFiles(ws); len(got) != 0 {
		t.Fatalf("equal copies: %+v", got)
	}
	write(inc, strings.Replace(same, "131072", "262144", 1)+"#define TCP_WND 65535\n")
	got := (Flow{}).AuditProjectFiles(ws)
	if len(got) != 2 {
		t.Fatalf("findings %+v", got)
	}
	if f := got[0]; f.Option != "MEM_SIZE" || f.File != inc || f.Line != 3 || !strings.Contains(f.Message, lib+":3") || f.ID != "vitis.lwipopts_copies_differ" {
		t.Errorf("MEM_SIZE: %+v", f)
	}
	if f := got[1]; f.Option != "TCP_WND" || f.File != inc || !strings.Contains(f.Message, "not in the BSP library's copy") {
		t.Errorf("TCP_WND: %+v", f)
	}
}
