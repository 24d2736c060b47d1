package sim

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"

	boardfiles "github.com/lwipgen/lwipgen/boards"
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
	return faultRunFor(t, board, 700*time.Millisecond, faults...)
}

// faultRunFor: the same with phases of d (a gigabit board moves 80 000 frames a second: shorter phases
// keep its test time that of the 100 Mbit/s boards).
func faultRunFor(t *testing.T, board string, d time.Duration, faults ...Fault) ConfigResult {
	t.Helper()
	return glueRun(t, board, Options{Faults: faults, phasesOverride: []string{"rx", "tx"}, Duration: d, Warmup: 10 * time.Millisecond})
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
		board  string // default f407
	}{
		{Fault{Kind: "link-flap", At: 100 * time.Millisecond, For: 50 * time.Millisecond}, 500, func(t *testing.T, g *GlueRun) {
			if g.MACDrops["link_down"] == 0 {
				t.Error("no frame was lost while the link was down: the flap did not happen")
			}
		}, ""},
		{Fault{Kind: "dma-error", At: 100 * time.Millisecond}, 500, func(t *testing.T, g *GlueRun) {
			if g.Counters["recoveries"] != 1 || g.Counters["hal_deinits"] != 1 {
				t.Errorf("DMA fatal error: recoveries %d, DeInit %d, want 1 each", g.Counters["recoveries"], g.Counters["hal_deinits"])
			}
		}, ""},
		{Fault{Kind: "rx-stall", At: 100 * time.Millisecond, For: 200 * time.Millisecond}, 100, func(t *testing.T, g *GlueRun) {
			if g.MACDrops["ring_starved"] != 0 || g.MACDrops["no_descriptor"] != 0 {
				t.Errorf("the ring starved while the application held its data: %v", g.MACDrops)
			}
		}, ""},
		{Fault{Kind: "burst", At: 100 * time.Millisecond, Frames: 64}, 100, nil, ""},
		// the same faults on the other bare-metal boards (mps2-an500's LAN9118 has no DMA to fail)
		{Fault{Kind: "link-flap", At: 100 * time.Millisecond, For: 50 * time.Millisecond}, 500, nil, "f767"},
		{Fault{Kind: "dma-error", At: 100 * time.Millisecond}, 500, nil, "f767"},
		{Fault{Kind: "rx-stall", At: 100 * time.Millisecond, For: 200 * time.Millisecond}, 100, nil, "f767"},
		{Fault{Kind: "link-flap", At: 100 * time.Millisecond, For: 50 * time.Millisecond}, 500, nil, "mps2-an500"},
		// GD32 (gd32f407's glue built bare metal): the recovery the simulator found missing. It resets
		// MAC and DMA only: enet_init (a PHY reset, PHY_CONFIGDELAY of busy waiting, the media forced)
		// runs once, at start-up; the model's enet_enable checks the configuration was written back.
		{Fault{Kind: "dma-error", At: 100 * time.Millisecond}, 500, checkGD32Recovery, "gd32"},
		{Fault{Kind: "rx-stall", At: 100 * time.Millisecond, For: 200 * time.Millisecond}, 100, nil, "mps2-an500"},
		{Fault{Kind: "burst", At: 100 * time.Millisecond, Frames: 64}, 100, nil, "mps2-an500"},
		// zynq7035: the xemacps adapter model on the GEM model. A 50 ms flap falls between two of the
		// echo server's 1 s link checks (which read BMSR twice, so the latched loss is not seen): TCP's
		// retransmission alone brings the data back. The DMA error is handled in the GEM's ISR
		// (HandleEmacPsError: every ring pbuf freed, driver and rings re-initialised).
		{Fault{Kind: "link-flap", At: 100 * time.Millisecond, For: 50 * time.Millisecond}, 500, func(t *testing.T, g *GlueRun) {
			if g.MACDrops["link_down"] == 0 || g.Counters["adapter_link_down"] != 0 {
				t.Errorf("link_down drops %d (want > 0), adapter link-down transitions %d (want 0: the flap is shorter than the 1 s check)", g.MACDrops["link_down"], g.Counters["adapter_link_down"])
			}
		}, "zynq7035"},
		{Fault{Kind: "dma-error", At: 100 * time.Millisecond}, 500, func(t *testing.T, g *GlueRun) {
			if g.Counters["recoveries"] != 1 || g.Counters["adapter_dma_error_resets"] != 1 || g.Counters["gem_resets"] != 2 {
				t.Errorf("HRESPNOK: recoveries %d, adapter resets %d, GEM resets %d; want 1, 1, 2", g.Counters["recoveries"], g.Counters["adapter_dma_error_resets"], g.Counters["gem_resets"])
			}
		}, "zynq7035"},
		{Fault{Kind: "rx-stall", At: 100 * time.Millisecond, For: 200 * time.Millisecond}, 100, func(t *testing.T, g *GlueRun) {
			if g.MACDrops["ring_starved"] != 0 || g.Counters["adapter_recv_alloc_failed"] != 0 {
				t.Errorf("the PBUF_POOL ran dry while the application held its window: drops %v, failed re-arms %d", g.MACDrops, g.Counters["adapter_recv_alloc_failed"])
			}
		}, "zynq7035"},
		{Fault{Kind: "burst", At: 100 * time.Millisecond, Frames: 64}, 100, nil, "zynq7035"},
	} {
		if tc.board == "" {
			tc.board = "f407"
		}
		t.Run(tc.board+"/"+tc.f.Kind, func(t *testing.T) {
			board := tc.board
			if board == "gd32" {
				board = variantBoard(t, "gd32f407", [2]string{`rtos        = "freertos"`, `rtos        = "none"`})
			}
			d := 700 * time.Millisecond
			if board == "zynq7035" {
				d = 300 * time.Millisecond
			}
			c := faultRunFor(t, board, d, tc.f)
			g := c.Glue
			if c.Error != "" {
				t.Fatal(c.Error)
			}
			if len(g.Faults) == 1 {
				t.Logf("RECOVERY %s %s: traffic again %.0f ms after the fault ended (bound %g ms); MAC drops %v", tc.board, tc.f.Kind, g.Faults[0].RecoveredMs, tc.within, g.MACDrops)
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

// A deliberately broken glue is caught: each patch of the rendered driver text makes the run report
// the check that names the defect. Defects that do not hide each other share one build (a build is
// most of a run's cost): the two cache defects on f767, the ISR call and the leak on f407.
func TestGlueBrokenIsCaught(t *testing.T) {
	type edit struct{ old, new, want, file string }
	for _, tc := range []struct {
		name, board string
		edits       []edit
	}{
		{"cache maintenance missing", "f767", []edit{
			{"ethif_dcache_invalidate(buff, len);", "/* removed */", "cache_rx_stale", ""},
			{"ethif_dcache_clean(q->payload, q->len);", "/* removed */", "cache_tx_not_cleaned", ""}}},
		{"lwIP from the ISR, RX buffer never returned", "f407", []edit{
			{"lwipgen_rx_signal_from_isr();\n}", "lwipgen_rx_signal_from_isr();\n    sys_check_timeouts();\n}", "lwip_in_isr", ""},
			{"r = lwipgen_rxpool_put(&rx_pool, p);", "r = (ethif_counters.rx_frames % 97U == 0U) ? LWIPGEN_RXPOOL_OK : lwipgen_rxpool_put(&rx_pool, p);", "RX buffer pool", ""}}},
		{"link never reported to lwIP", "f407", []edit{
			{"netif_set_up(netif);\n        netif_set_link_up(netif);", "/* link never reported */", "accepted no connection", ""}}},
		{"LAN9118 RX status interrupt never re-armed", "mps2-an500", []edit{
			{"LAN_INT_EN = RX_IRQ_ARMED;", "/* removed */", "accepted no connection", ""}}},
		// the build's store instrumentation misses a form it does not know: the model notices the lost write
		{"LAN9118 register store not instrumented", "mps2-an500", []edit{
			{"LAN_IRQ_CFG = IRQ_CFG_IRQ_EN", "(LAN_IRQ_CFG) = IRQ_CFG_IRQ_EN", "unmodelled_register_write", ""}}},
		// zynq7035: the xemacps adapter model with the defects the embeddedsw history and users report
		// (#53: no invalidate of the received length; a TX pbuf never freed; no flush before the DMA; the BD
		// space left cacheable)
		{"xemacps adapter: invalidate, flush, TX free and BD attributes missing", "zynq7035", []edit{
			{"Xil_SetTlbAttributes((UINTPTR)emac_bd_space, DEVICE_MEMORY);", "/* removed */", "bd_ring_cacheable", ""},
			{"Xil_DCacheInvalidateRange((UINTPTR)p->payload, len);", "/* removed */", "cache_rx_stale", ""},
			{"Xil_DCacheFlushRange((UINTPTR)q->payload, q->len);", "/* removed */", "cache_tx_not_cleaned", ""},
			{"pbuf_free(tx_pbufs[idx]);", "if (idx % 97U != 0U) pbuf_free(tx_pbufs[idx]);", "HEAP", ""}}},
		// the GEM's interrupt never enabled in the GIC: frames land in the ring, nobody takes them
		{"xemacps adapter: GEM interrupt not enabled", "zynq7035", []edit{
			{"XScuGic_EnableIntr(XPAR_SCUGIC_0_DIST_BASEADDR, XPAR_XEMACPS_0_INTR);", "/* removed */", "accepted no connection", ""}}},
		// more RX BDs than PBUF_POOL pbufs: init_dma stops ("unable to alloc pbuf in init_dma") before
		// it sets the queue base, the BSP starts the GEM anyway
		{"xlwipconfig.h: more RX BDs than the pool", "zynq7035", []edit{
			{"#define XLWIP_CONFIG_N_RX_DESC 256", "#define XLWIP_CONFIG_N_RX_DESC 400", "queue_base_unset", "xlwipconfig.h"},
			{"", "", "accepted no connection", "xlwipconfig.h"},
			{"", "", "rx_ring_unarmed", "xlwipconfig.h"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := func(files map[string][]byte) error {
				for _, e := range tc.edits {
					file := "ethernetif.c"
					switch {
					case e.file != "":
						file = e.file
					case tc.board == "mps2-an500":
						file = "lan9118.c"
					case tc.board == "zynq7035":
						file = "adapter_xemacpsif.c"
					}
					if e.old == "" {
						continue // another expectation of the same patch
					}
					if err := patch(t, file, e.old, e.new)(files); err != nil {
						return err
					}
				}
				return nil
			}
			c := glueRun(t, tc.board, Options{patchGlue: p, phasesOverride: []string{"rx", "tx"}, Duration: 60 * time.Millisecond})
			got := c.Error
			if c.Glue != nil {
				got += " " + strings.Join(c.Glue.Idle.Leaks, "; ")
				for _, ck := range c.Glue.Checks {
					got += " " + ck.Kind
				}
			}
			for _, e := range tc.edits {
				if !strings.Contains(got, e.want) {
					t.Errorf("the broken glue was not caught: want %q in %q", e.want, got)
				}
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

// The generated driver of every bare-metal board with a driver model runs deterministically: two runs
// with the same seed (loss, duplication and reordering on) give the same result, traffic flows both
// ways, no check fails and every pool is back at idle.
func TestGlueDeterministic(t *testing.T) {
	for _, b := range []string{"f407", "f767", "mps2-an500", "zynq7035"} {
		t.Run(b, func(t *testing.T) {
			o := Options{Seed: 3, Loss: 0.002, Duplicate: 0.002, Reorder: 0.002, Duration: 80 * time.Millisecond}
			var out [2][]byte
			var c ConfigResult
			for i := range out {
				c = glueRun(t, b, o)
				if c.Error != "" {
					t.Fatal(c.Error)
				}
				out[i], _ = json.Marshal(c)
			}
			if !bytes.Equal(out[0], out[1]) {
				t.Fatalf("two runs differ:\n%s\n%s", out[0], out[1])
			}
			if c.TxMbps < 5 || c.RxMbps < 5 || !c.Glue.Idle.Clean || len(c.Glue.Checks) > 0 {
				t.Errorf("tx %.1f rx %.1f Mbps, idle %+v, checks %+v", c.TxMbps, c.RxMbps, c.Glue.Idle, c.Glue.Checks)
			}
		})
	}
}

// The H7 flavour of the HAL ETH model (DMACSR/DMACIER, the tail-pointer poll demand) runs h743's
// generated glue built bare metal (rtos = "none", as the glue tests' h743 variant): the seam the
// FreeRTOS h743 uses once the RTOS model runs its threads.
func TestGlueH743BareMetal(t *testing.T) {
	c := glueRun(t, variantBoard(t, "h743", [2]string{`rtos        = "freertos"`, `rtos        = "none"`}), Options{Duration: 80 * time.Millisecond})
	if c.Error != "" || !c.Glue.Idle.Clean || c.TxMbps < 20 || c.RxMbps < 20 {
		t.Fatalf("error %q, idle %+v, tx %.1f rx %.1f", c.Error, c.Glue.Idle, c.TxMbps, c.RxMbps)
	}
}

// GD32F4 (gd32f407's glue built bare metal): the ENET library model runs the generated glue.
func TestGlueGD32BareMetal(t *testing.T) {
	c := glueRun(t, variantBoard(t, "gd32f407", [2]string{`rtos        = "freertos"`, `rtos        = "none"`}), Options{Duration: 80 * time.Millisecond})
	if c.Error != "" || !c.Glue.Idle.Clean || c.TxMbps < 20 || c.RxMbps < 20 {
		t.Fatalf("error %q, idle %+v, tx %.1f rx %.1f", c.Error, c.Glue.Idle, c.TxMbps, c.RxMbps)
	}
}

// variantBoard writes a copy of a built-in board with edits (and the name NAME-variant) and returns its path.
func variantBoard(t testing.TB, name string, edits ...[2]string) string {
	t.Helper()
	src, err := boardfiles.FS.Open(name + ".hcl")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(src)
	text := string(b)
	edits = append(edits, [2]string{`board "` + name + `"`, `board "` + name + `-variant"`})
	for _, e := range edits {
		if !strings.Contains(text, e[0]) {
			t.Fatalf("%s.hcl no longer contains %q", name, e[0])
		}
		text = strings.Replace(text, e[0], e[1], 1)
	}
	path := filepath.Join(t.TempDir(), name+"-variant.hcl")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// The register-store rewrite of the LAN9118 driver instruments every store of the rendered files and
// nothing else (reads and comparisons stay as they are). No simulator needed.
func TestRewriteRegWrites(t *testing.T) {
	in := "    LAN_INT_EN = 0u;\n    if (LAN_INT_EN == 0u) {}\n    NVIC_ISER(MPS2_LAN9118_IRQ / 32u) = 1u << (MPS2_LAN9118_IRQ % 32u);\n    x = LAN_RX_DATA_FIFO;\n    NVIC_IPR_BYTE(13u) = 0xE0u;\n"
	out, n := rewriteRegWrites([]byte(in))
	want := "    SIM_REG_WRITE(LAN_INT_EN, 0u);\n    if (LAN_INT_EN == 0u) {}\n    SIM_REG_WRITE(NVIC_ISER(MPS2_LAN9118_IRQ / 32u), 1u << (MPS2_LAN9118_IRQ % 32u));\n    x = LAN_RX_DATA_FIFO;\n    SIM_REG_WRITE(NVIC_IPR_BYTE(13u), 0xE0u);\n"
	if n != 3 || string(out) != want {
		t.Fatalf("%d rewrites:\n%s\nwant:\n%s", n, out, want)
	}
	g := prepare(t, "mps2-an500")
	m, _ := runsGlue(g.Plan)
	dc, err := renderDevice(g, g.Plan.Driver, m, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range m.RegWrites {
		if left := regWrite.FindAll(dc.Files[f], -1); len(left) != 0 {
			t.Errorf("%s: stores left after the rewrite: %q", f, left)
		}
		if c := strings.Count(string(dc.Files[f]), "SIM_REG_WRITE("); c < 5 {
			t.Errorf("%s: only %d stores instrumented", f, c)
		}
	}
}

// A CPU too slow for the link (the default cost x 8: a full frame takes longer to process than to
// arrive) fills f407's 4-descriptor ring: the DMA meets a descriptor it does not own, suspends with
// "receive buffer unavailable", and the glue's RBU path (HAL_ETH_ErrorCallback -> drain -> receive
// poll demand) must resume it every time: traffic keeps flowing, nothing leaks, no check fails.
func TestGlueRBUResume(t *testing.T) {
	c := glueRun(t, "f407", Options{CPUScale: 8, phasesOverride: []string{"rx"}, Duration: 300 * time.Millisecond})
	if c.Error != "" {
		t.Fatal(c.Error)
	}
	g := c.Glue
	t.Logf("rbu %d, drops %v, rx %.1f Mbps", g.Counters["rbu"], g.MACDrops, c.RxMbps)
	if g.Counters["rbu"] == 0 || g.MACDrops["no_descriptor"] == 0 {
		t.Fatalf("the ring never overflowed (rbu %d, drops %v): the test does not exercise RBU", g.Counters["rbu"], g.MACDrops)
	}
	if c.RxMbps < 5 || !g.Idle.Clean || len(g.Checks) > 0 {
		t.Fatalf("after RBU: rx %.1f Mbps, idle %+v, checks %+v", c.RxMbps, g.Idle, g.Checks)
	}
}

// A configuration that does not compile on the board says why in the table:
// the compiler's first error, not only the exit status.
func TestErrorSummaryNamesTheCompilerError(t *testing.T) {
	e := "compiling rtos/lwip/ethernetif_rtthread.c: exit status 1\n/x/ethernetif_rtthread.c:36:2: error: #error \"needs LWIP_NETIF_API 1\"\n   36 | #error"
	got := errorSummary(e)
	want := `compiling rtos/lwip/ethernetif_rtthread.c: exit status 1: #error "needs LWIP_NETIF_API 1"`
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := errorSummary("the netif never came up"); got != "the netif never came up" {
		t.Errorf("plain error changed: %q", got)
	}
}

// checkGD32Recovery: one DMA fatal error recovered by a MAC/DMA reset alone (issue 30 item 4):
// enet_init and its PHY reset ran once, at start-up.
func checkGD32Recovery(t *testing.T, g *GlueRun) {
	t.Helper()
	if g.Counters["recoveries"] != 1 || g.Counters["enet_inits"] != 1 || g.Counters["phy_resets"] != 1 {
		t.Errorf("recoveries %d, enet_init calls %d, PHY resets %d; want 1, 1, 1 (the recovery must not run enet_init: PHY reset, PHY_CONFIGDELAY busy wait)",
			g.Counters["recoveries"], g.Counters["enet_inits"], g.Counters["phy_resets"])
	}
}
