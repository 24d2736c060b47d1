package glue

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/flows/cubemx/halstub"
	"github.com/lwipgen/lwipgen/internal/testenv"
)

// hostCC is the host arch/cc.h for the runtime test (NO_SYS=1, assertions abort).
const hostCC = `#ifndef LWIPGEN_HOST_CC_H
#define LWIPGEN_HOST_CC_H
#include <stdio.h>
#include <stdlib.h>
#define LWIP_PLATFORM_DIAG(x) do { printf x; } while (0)
#define LWIP_PLATFORM_ASSERT(x) do { fprintf(stderr, "lwIP assertion \"%s\" failed at %s:%d\n", x, __FILE__, __LINE__); abort(); } while (0)
#define LWIP_RAND() ((u32_t)rand())
#endif
`

// TestGlueRuntimeHost runs the bare-metal CubeMX glue of f407 (ethernetif.c, lwipgen_sys.c,
// lwipgen_rxpool.c as vendor writes them) on the host, with the real lwIP core and a simulated
// HAL/PHY (testdata/host/glue_runtime_host.c), driving it the way CubeMX's lwip.c does. Each check
// there is a runtime defect of the glue before issue 16: the netif never came up (nothing called
// netif_set_up), sys_now() never advanced (it counted lwipgen_systick() calls nobody made), the RX
// acknowledge left NIS set, the HAL error state was never left, the MDIO clock was never set.
func TestGlueRuntimeHost(t *testing.T) {
	cc := testenv.HostCC(t)
	tree := testenv.Tree(t)
	r := prepare(t, "f407")
	dir := t.TempDir()
	var srcs []string
	for _, f := range r.glue {
		p := filepath.Join(dir, f.Path)
		if err := os.WriteFile(p, f.Content, 0o644); err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(f.Path, ".c") {
			srcs = append(srcs, p)
		}
	}
	for _, f := range r.gen.Files {
		if f.Path == "lwipopts.h" {
			os.WriteFile(filepath.Join(dir, "lwipopts.h"), f.Content, 0o644)
		}
	}
	os.MkdirAll(filepath.Join(dir, "arch"), 0o755)
	os.WriteFile(filepath.Join(dir, "arch", "cc.h"), []byte(hostCC), 0o644)
	lw := filepath.Join(tree.Dir, "src")
	for _, pat := range []string{"core/*.c", "core/ipv4/*.c", "netif/ethernet.c"} {
		m, _ := filepath.Glob(filepath.Join(lw, pat))
		srcs = append(srcs, m...)
	}
	srcs = append(srcs, filepath.Join("testdata", "host", "glue_runtime_host.c"))
	exe := filepath.Join(dir, "glue_runtime")
	args := []string{"-std=gnu11", "-O1", "-g", "-Werror=implicit-function-declaration", "-o", exe,
		"-I", dir, "-I", filepath.Join(lw, "include")}
	hal, err := halstub.HostHeaders(t.TempDir(), "stm32f4")
	if err != nil {
		t.Fatal(err)
	}
	args = append(args, hal...)
	for _, d := range r.defines {
		args = append(args, "-D"+d)
	}
	args = append(args, srcs...)
	if out, err := exec.Command(cc, args...).CombinedOutput(); err != nil {
		t.Fatalf("host build: %v\n%s", err, out)
	}
	out, err := exec.Command(exe).CombinedOutput()
	t.Logf("%s", out)
	if err != nil || !strings.Contains(string(out), "\nPASS") || strings.Contains(string(out), "FAIL ") {
		t.Fatalf("glue runtime checks failed: %v\n%s", err, out)
	}
	if n := strings.Count(string(out), "ok "); n < 10 {
		t.Fatalf("only %d checks ran:\n%s", n, out)
	}
}
