package vendor

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
	write("2")
	c, ok := lwipVersionCheck(dir, g)
	if !ok || c.OK || !strings.Contains(c.Detail, `set lwip_version = "2.1.2"`) || !strings.Contains(c.Detail, "init.h:1") {
		t.Errorf("2.1.2 project, 2.1.3 board: %+v", c)
	}
	write("3")
	if c, ok := lwipVersionCheck(dir, g); !ok || !c.OK {
		t.Errorf("2.1.3 project, 2.1.3 board: %+v", c)
	}
	if _, ok := lwipVersionCheck(t.TempDir(), g); ok {
		t.Error("a project without its own lwIP has nothing to check")
	}
}
