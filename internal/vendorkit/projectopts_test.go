package vendorkit

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/project"
)

// A project's kept feature option that changes a struct (LWIP_SO_RCVBUF adds
// 8 B to struct netconn) is named with the sizes it leads to; one that does
// not (LWIP_NETIF_HOSTNAME) is not.
func TestKeptRAMEffect(t *testing.T) {
	g := generated(t, "h743")
	proj := []byte("#define LWIP_NETIF_HOSTNAME 1\n#define LWIP_SO_RCVBUF 1\n#define MEMP_NUM_NETCONN 2\n")
	kept := keptOptions(proj, g)
	if len(kept) != 2 || kept[0].Name != "LWIP_NETIF_HOSTNAME" || kept[1].Name != "LWIP_SO_RCVBUF" {
		t.Fatalf("kept %v: want the two feature options, not the sizing one", kept)
	}
	diff, err := keptRAMEffect(g, kept)
	if err != nil {
		t.Fatal(err)
	}
	n := g.Plan.RAM.Symbols["memp_memory_NETCONN_base"]
	num, _ := g.Plan.Config.Int("MEMP_NUM_NETCONN")
	want := fmt.Sprintf("memp_memory_NETCONN_base %d B", n+8*num)
	if len(diff) != 1 || !strings.HasPrefix(diff[0], want) {
		t.Errorf("diff %v, want %q", diff, want)
	}
	if d, _ := keptRAMEffect(g, kept[:1]); len(d) != 0 {
		t.Errorf("LWIP_NETIF_HOSTNAME changes no lwIP RAM symbol, got %v", d)
	}
}

// The board's lwip_version against the project's own copy: a CubeMX project
// with v2.1.2_Cube and a 2.1.3 board fails the check with the fix named.
func TestLwIPVersionCheck(t *testing.T) {
	g := generated(t, "h743") // lwip_version 2.1.3
	dir := t.TempDir()
	inc := filepath.Join(dir, "Middlewares", "Third_Party", "LwIP", "src", "include", "lwip")
	if err := os.MkdirAll(inc, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(rev string) {
		os.WriteFile(filepath.Join(inc, "init.h"), []byte("#define LWIP_VERSION_MAJOR 2\n#define LWIP_VERSION_MINOR 1\n#define LWIP_VERSION_REVISION "+rev+"\n"), 0o644)
	}
	model := func(dir string) *project.Model {
		m, err := project.Load(context.Background(), dir, project.Options{Offline: true})
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	write("2")
	c, ok := lwipVersionCheck(dir, model(dir), g)
	if !ok || c.OK || !strings.Contains(c.Detail, `set lwip_version = "2.1.2"`) || !strings.Contains(c.Detail, "init.h:1") {
		t.Errorf("2.1.2 project, 2.1.3 board: %+v", c)
	}
	write("3")
	if c, ok := lwipVersionCheck(dir, model(dir), g); !ok || !c.OK {
		t.Errorf("2.1.3 project, 2.1.3 board: %+v", c)
	}
	if empty := t.TempDir(); func() bool { _, ok := lwipVersionCheck(empty, model(empty), g); return ok }() {
		t.Error("a project without its own lwIP has nothing to check")
	}
}

// F7 CubeMX: the linker script's one RAM region runs from DTCM (0x20000000)
// through SRAM1/SRAM2. lwipgen's memory is carved at the top of SRAM1
// (memory.lwip_placement "top", the F7 CubeMX default), so RAM keeps its
// origin in DTCM and .data/.bss stay there.
func TestVendorF7KeepsDTCM(t *testing.T) {
	g := generated(t, "f767")
	if g.Board.Memory.Placement != "top" {
		t.Fatalf("f767 placement %q, want top", g.Board.Memory.Placement)
	}
	dir := copyTree(t, filepath.Join("testdata", "cubemx-cmake-f767"))
	if _, err := Vendor(g, withGlue(t, g, Options{Project: dir})); err != nil {
		t.Fatal(err)
	}
	ld, err := os.ReadFile(filepath.Join(dir, "STM32F767XX_FLASH.ld"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^\s*RAM\s*\(xrw\)\s*:\s*ORIGIN = (0x[0-9A-F]+), LENGTH = (\d+)`).FindStringSubmatch(string(ld))
	if m == nil {
		t.Fatalf("no RAM line in the vendored script:\n%s", ld)
	}
	var lo uint64
	for _, c := range g.Layout.Carves {
		lo = c.Base
	}
	if m[1] != "0x20000000" || m[2] != fmt.Sprint(lo-0x20000000) {
		t.Errorf("RAM ORIGIN %s LENGTH %s; want 0x20000000 and %d (up to lwipgen's carve at 0x%08X): DTCM must stay the application's", m[1], m[2], lo-0x20000000, lo)
	}
}
