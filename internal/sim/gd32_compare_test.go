package sim

import (
	"strings"
	"testing"
)

// gd32f407 runs FreeRTOS: its baselines are GD's FreeRTOS demo and seed 001 over it (the NO_SYS
// Telnet demo cannot start lwIP's tcpip thread and is left to bare-metal GD32 boards), and both
// carry traffic both ways through the board's generated RTOS glue, with the demo's driver rings.
func TestGD32FreeRTOSBaselinesCarryTraffic(t *testing.T) {
	_, names, _ := shortCompare(t, "gd32f407")
	if _, ok := names["gd32-demo"]; ok {
		t.Error("the NO_SYS GD32 demo is compared on a FreeRTOS board")
	}
	for _, n := range []string{"gd32-freertos-demo", "seed001"} {
		c, ok := names[n]
		if !ok {
			t.Fatalf("comparison lacks %s", n)
		}
		if c.Error != "" || c.StartupFailure != "" {
			t.Fatalf("%s: error %q, start-up %q", n, c.Error, c.StartupFailure)
		}
		if c.Glue == nil || !strings.Contains(c.Glue.Model, "virtual-time FreeRTOS model") {
			t.Errorf("%s did not run through the generated RTOS glue", n)
		}
		if c.TxMbps <= 0 || c.RxMbps <= 0 {
			t.Errorf("%s: tx %.2f rx %.2f Mbps", n, c.TxMbps, c.RxMbps)
		}
	}
	if d := names["gd32-freertos-demo"]; d.Driver.RxDescriptors != 5 || d.Driver.RxBuffers != 5 {
		t.Errorf("gd32-freertos-demo ran with driver %+v, want the library's 5 RX descriptors", d.Driver)
	}
}

// gd32f407's baselines resolve over lwIP 2.1.3's opt.h (gcc builds them in the test above) to GD's FreeRTOS demo
// values, and seed 001 takes the article's values over the demo's, the rest from the demo.
func TestGD32FreeRTOSBaselinesResolve(t *testing.T) {
	g := prepare(t, "gd32f407")
	cfgs, err := baselineConfigs(g.Plan)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]map[string]int64{
		"gd32-freertos-demo": {"NO_SYS": 0, "TCPIP_MBOX_SIZE": 6, "DEFAULT_TCP_RECVMBOX_SIZE": 6, "PBUF_POOL_SIZE": 20,
			"PBUF_POOL_BUFSIZE": 500, "TCP_WND": 2920, "TCP_SND_QUEUELEN": 8, "MEM_SIZE": 5 * 1024, "CHECKSUM_CHECK_TCP": 0},
		"seed001": {"NO_SYS": 0, "TCP_WND": 32768, "PBUF_POOL_SIZE": 64, "TCP_SND_QUEUELEN": 36, "MEM_SIZE": 5 * 1024, "PBUF_POOL_BUFSIZE": 500},
	}
	seen := 0
	for _, c := range cfgs {
		w, ok := want[c.Name]
		if !ok {
			t.Errorf("gd32f407 (FreeRTOS) has baseline %s", c.Name)
			continue
		}
		seen++
		for k, v := range w {
			if got, err := c.Resolved.Value(k); err != nil || got != v {
				t.Errorf("%s %s = %d (%v), want %d", c.Name, k, got, err, v)
			}
		}
	}
	if seen != len(want) {
		t.Errorf("gd32f407 baselines %d of %d", seen, len(want))
	}
}
