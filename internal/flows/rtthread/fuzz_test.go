package rtthread

import (
	"os"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/flows/rtthread/port"
)

// FuzzEditKconfig: whatever .config and rtconfig.h hold, every entry ends up
// in both exactly as mk_rtconfig would write it, and no other line is lost.
func FuzzEditKconfig(f *testing.F) {
	cfg, _ := os.ReadFile("testdata/bsp/.config")
	rtc, _ := os.ReadFile("testdata/bsp/rtconfig.h")
	f.Add(string(cfg), string(rtc))
	f.Add("CONFIG_RT_USING_LWIP=y\n# CONFIG_RT_LWIP_DHCP is not set\n", "#ifndef X\n#define RT_USING_LWIP\n#endif\n")
	f.Add("", "")
	entries := []port.Entry{{Symbol: "RT_LWIP_TCP_WND", Value: "8192"}, {Symbol: "RT_LWIP_DHCP", Value: "n"}, {Symbol: "RT_USING_LWIP", Value: "y"}}
	f.Fuzz(func(t *testing.T, cfg, rtc string) {
		c, r := editKconfig(cfg, rtc, entries)
		for _, e := range entries {
			if !strings.Contains("\n"+c+"\n", "\n"+e.ConfigLine()+"\n") {
				t.Fatalf("%s missing from .config:\n%s", e.Symbol, c)
			}
			if d := e.RtconfigLine(); d != "" && !strings.Contains("\n"+r+"\n", "\n"+d+"\n") {
				t.Fatalf("%s missing from rtconfig.h:\n%s", e.Symbol, r)
			}
		}
		for _, l := range strings.Split(cfg, "\n") {
			if !strings.Contains(l, "RT_LWIP_TCP_WND") && !strings.Contains(l, "RT_LWIP_DHCP") && !strings.Contains(l, "RT_USING_LWIP") && !strings.Contains(c, l) {
				t.Fatalf("a .config line was lost: %q", l)
			}
		}
	})
}
