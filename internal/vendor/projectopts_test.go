package vendor

import (
	"fmt"
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
