package sim

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// glueRun runs one board's generated driver (lwipgen's configuration only) for a short bulk workload.
func glueRun(t *testing.T, board string, o Options) ConfigResult {
	t.Helper()
	needHost(t)
	g := prepare(t, board)
	if _, ok := runsGlue(g.Plan); !ok {
		t.Fatalf("%s: the generated driver does not run in the simulator", board)
	}
	if o.CacheDir == "" {
		o.CacheDir = testCache
	}
	if o.Workload == "" {
		o.Workload = "bulk"
	}
	if o.Duration == 0 {
		o.Duration = 100 * time.Millisecond
	}
	if o.Warmup == 0 {
		o.Warmup = 20 * time.Millisecond
	}
	r, err := Run(context.Background(), g, o)
	if err != nil {
		t.Fatal(err)
	}
	c := r.Configs[0]
	if c.Glue == nil {
		t.Fatalf("%s: ran without the generated driver", board)
	}
	var tab bytes.Buffer
	r.WriteTable(&tab)
	js, _ := json.MarshalIndent(c.Glue, "", " ")
	t.Logf("%s\n%s", tab.String(), js)
	return c
}

func TestGlueF407Smoke(t *testing.T) {
	c := glueRun(t, "f407", Options{})
	if c.Error != "" {
		t.Fatal(c.Error)
	}
}

func TestGlueF767Smoke(t *testing.T) {
	c := glueRun(t, "f767", Options{})
	if c.Error != "" {
		t.Fatal(c.Error)
	}
}

// patch returns a patchGlue that replaces old with new in file (the test fails if old is not there).
func patch(t *testing.T, file, old, new string) func(map[string][]byte) error {
	return func(files map[string][]byte) error {
		src := string(files[file])
		if !strings.Contains(src, old) {
			t.Fatalf("%s no longer contains %q: update the negative test", file, old)
		}
		files[file] = []byte(strings.Replace(src, old, new, 1))
		return nil
	}
}

func faultRun(t *testing.T, board string, faults ...Fault) ConfigResult {
	t.Helper()
	return glueRun(t, board, Options{Faults: faults, phasesOverride: []string{"rx", "tx"}, Duration: 700 * time.Millisecond, Warmup: 10 * time.Millisecond})
}

// Each fault, injected 100 ms into the peer->device bulk phase of f407's generated glue, is
// recovered within its stated virtual time (new payload moving again after the fault ended), with no
// driver check failed and every lwIP pool and the RX buffer pool back at their idle counts. The
// stated bounds: link-flap 50 ms -> 500 ms after the link returns (the 100 ms link poll of lwip.c,
// then TCP's retransmission); dma-error -> 500 ms (the glue's DeInit/Init on the next poll, the link
// check's restart, retransmission); rx-stall 200 ms -> 100 ms after the application reads again;
// burst of 64 frames -> 100 ms.
func TestGlueFaults(t *testing.T) {
	for _, tc := range []struct {
		f      Fault
		within float64 // ms
		check  func(t *testing.T, g *GlueRun)
	}{
		{Fault{Kind: "link-flap", At: 100 * time.Millisecond, For: 50 * time.Millisecond}, 500, func(t *testing.T, g *GlueRun) {
			if g.MACDrops["link_down"] == 0 {
				t.Error("no frame was lost while the link was down: the flap did not happen")
			}
		}},
		{Fault{Kind: "dma-error", At: 100 * time.Millisecond}, 500, func(t *testing.T, g *GlueRun) {
			if g.Counters["recoveries"] != 1 || g.Counters["hal_deinits"] != 1 {
				t.Errorf("DMA fatal error: recoveries %d, DeInit %d, want 1 each", g.Counters["recoveries"], g.Counters["hal_deinits"])
			}
		}},
		{Fault{Kind: "rx-stall", At: 100 * time.Millisecond, For: 200 * time.Millisecond}, 100, func(t *testing.T, g *GlueRun) {
			if g.MACDrops["ring_starved"] != 0 || g.MACDrops["no_descriptor"] != 0 {
				t.Errorf("the ring starved while the application held its data: %v", g.MACDrops)
			}
		}},
		{Fault{Kind: "burst", At: 100 * time.Millisecond, Frames: 64}, 100, nil},
	} {
		t.Run(tc.f.Kind, func(t *testing.T) {
			c := faultRun(t, "f407", tc.f)
			g := c.Glue
			if c.Error != "" {
				t.Fatal(c.Error)
			}
			if len(g.Faults) != 1 || !g.Faults[0].Recovered || g.Faults[0].RecoveredMs > tc.within {
				t.Fatalf("%s: %+v, want traffic again within %g ms", tc.f.Kind, g.Faults, tc.within)
			}
			if !g.Idle.Clean || len(g.Checks) > 0 {
				t.Errorf("after %s: idle %+v, checks %+v", tc.f.Kind, g.Idle, g.Checks)
			}
			if tc.check != nil {
				tc.check(t, g)
			}
		})
	}
}

// Loss, duplication and reordering on the link: the transfer goes on, nothing leaks.
func TestGlueLinkImpairments(t *testing.T) {
	for _, o := range []Options{{Loss: 0.001}, {Loss: 0.01}, {Duplicate: 0.01, Reorder: 0.01}} {
		o.phasesOverride = []string{"rx", "tx"}
		o.Duration = 300 * time.Millisecond
		c := glueRun(t, "f407", o)
		if c.Error != "" || !c.Glue.Idle.Clean || c.RxMbps < 5 || c.TxMbps < 1 {
			t.Errorf("loss %g dup %g reorder %g: error %q, idle %+v, rx %.1f tx %.1f Mbps", o.Loss, o.Duplicate, o.Reorder, c.Error, c.Glue.Idle, c.RxMbps, c.TxMbps)
		}
	}
}

// A deliberately broken glue is caught: each patch of the rendered driver text makes the run fail
// with the check that names the defect.
func TestGlueBrokenIsCaught(t *testing.T) {
	for _, tc := range []struct {
		name, board, file, old, new, want string
	}{
		{"missing RX invalidate", "f767", "ethernetif.c", "ethif_dcache_invalidate(buff, len);", "/* removed */", "cache_rx_stale"},
		{"missing TX clean", "f767", "ethernetif.c", "ethif_dcache_clean(q->payload, q->len);", "/* removed */", "cache_tx_not_cleaned"},
		{"lwIP called from the ISR", "f407", "ethernetif.c", "lwipgen_rx_signal_from_isr();\n}", "lwipgen_rx_signal_from_isr();\n    sys_check_timeouts();\n}", "lwip_in_isr"},
		{"RX buffer never returned", "f407", "ethernetif.c", "r = lwipgen_rxpool_put(&rx_pool, p);", "r = (ethif_counters.rx_frames % 97U == 0U) ? LWIPGEN_RXPOOL_OK : lwipgen_rxpool_put(&rx_pool, p);", "RX buffer pool"},
		{"netif never set up", "f407", "ethernetif.c", "netif_set_up(netif);\n        netif_set_link_up(netif);", "/* link never reported */", "accepted no connection"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := glueRun(t, tc.board, Options{patchGlue: patch(t, tc.file, tc.old, tc.new), phasesOverride: []string{"rx", "tx"}, Duration: 60 * time.Millisecond})
			got := c.Error
			if c.Glue != nil {
				got += " " + strings.Join(c.Glue.Idle.Leaks, "; ")
			}
			if !strings.Contains(got, tc.want) {
				t.Fatalf("the broken glue was not caught: want %q in %q", tc.want, got)
			}
		})
	}
}

// A DMA fatal error while the device sends: the frames the stopped TX DMA still owned must be freed
// by the recovery (before the template fix, HAL_ETH_Init forgot them and every recovery leaked them:
// "HEAP: 3096 B in use at the end"). The device's own RTO (about 1 s) brings the data back.
func TestGlueDMAErrorWhileSending(t *testing.T) {
	c := glueRun(t, "f407", Options{Faults: []Fault{{Kind: "dma-error", At: 50 * time.Millisecond}}, phasesOverride: []string{"tx"}, Duration: 400 * time.Millisecond})
	if c.Error != "" {
		t.Fatal(c.Error)
	}
	g := c.Glue
	if len(g.Faults) != 1 || !g.Faults[0].Recovered || g.Faults[0].RecoveredMs > 2000 {
		t.Fatalf("%+v, want traffic again within 2 s", g.Faults)
	}
	if !g.Idle.Clean {
		t.Fatalf("TX pbufs leaked by the recovery: %v", g.Idle.Leaks)
	}
}
