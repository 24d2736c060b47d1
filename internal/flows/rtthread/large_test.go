package rtthread

import (
	"fmt"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/flows/rtthread/port"
)

// bigBSP is a .config of n lines with no lwIP menu yet, and an rtconfig.h
// of as many lines that has #defines for none of them but the first:
// every new entry looks back through the whole .config for a line whose
// #define it can follow.
func bigBSP(n int) (string, string, []port.Entry) {
	var cfg, rtc strings.Builder
	rtc.WriteString("#ifndef RT_CONFIG_H__\n#define RT_CONFIG_H__\n")
	for i := 0; i < n; i++ {
		if i%2 == 0 {
			fmt.Fprintf(&cfg, "CONFIG_BSP_OPTION_%d=y\n", i)
			if i == 0 {
				fmt.Fprintf(&rtc, "#define BSP_OPTION_%d\n", i)
			}
			fmt.Fprintf(&rtc, "#define OTHER_%d 1\n", i)
		} else {
			fmt.Fprintf(&cfg, "# CONFIG_BSP_OPTION_%d is not set\n", i)
		}
	}
	rtc.WriteString("#endif\n")
	var entries []port.Entry
	for i := 0; i < 60; i++ {
		entries = append(entries, port.Entry{Symbol: fmt.Sprintf("RT_LWIP_OPT_%d", i), Value: fmt.Sprint(i + 1)})
	}
	return cfg.String(), rtc.String(), entries
}

// A 40,000-line .config is edited correctly; it took 119 s when every new
// entry re-scanned rtconfig.h for every earlier line. Speed is measured by
// BenchmarkEditKconfig, not asserted.
func TestEditKconfigLarge(t *testing.T) {
	cfg, rtc, entries := bigBSP(40_000)
	c, r := editKconfig(cfg, rtc, entries)
	for _, e := range entries {
		if !strings.Contains(c, e.ConfigLine()+"\n") || !strings.Contains(r, e.RtconfigLine()+"\n") {
			t.Fatalf("%s missing", e.Symbol)
		}
	}
	if !strings.HasSuffix(r, "#endif\n") {
		t.Error("rtconfig.h lost its #endif")
	}
}

// go test ./internal/rtthread -bench EditKconfig: linear in the .config size.
func BenchmarkEditKconfig(b *testing.B) {
	for _, n := range []int{5000, 20000, 80000} {
		cfg, rtc, entries := bigBSP(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				editKconfig(cfg, rtc, entries)
			}
		})
	}
}
