package sim

import (
	"strings"
	"testing"
	"time"
)

// The Zynq device is compiled from what the BSP build uses, rendered by the Vitis flow: xlwipconfig.h
// with the plan's BD counts, the BSP's lwipopts.h (its MEM_SIZE, NO_SYS_NO_TIMERS) with the options
// lwipgen carries in extra_compiler_flags, and the adapter model as vendor code (not a generated
// source). No simulator run.
func TestZynqDeviceFiles(t *testing.T) {
	g := prepare(t, "zynq7035")
	m, ok := runsGlue(g.Plan)
	if !ok || m.Adapter == "" {
		t.Fatalf("zynq7035 does not run on the xemacps model: %+v", m)
	}
	d := g.Plan.Driver
	d.RxDescriptors, d.TxDescriptors = 100, 50 // a comparison's own rings reach the adapter
	dc, err := renderDevice(g, d, m, nil)
	if err != nil {
		t.Fatal(err)
	}
	x := string(dc.Files["xlwipconfig.h"])
	for _, want := range []string{"#define XLWIP_CONFIG_N_RX_DESC 100", "#define XLWIP_CONFIG_N_TX_DESC 50"} {
		if !strings.Contains(x, want) {
			t.Errorf("xlwipconfig.h lacks %q:\n%s", want, x)
		}
	}
	cfg := string(dc.Config)
	if !strings.Contains(cfg, "#define NO_SYS_NO_TIMERS 1") || !strings.Contains(cfg, "#define TCP_SND_QUEUELEN 16 * TCP_SND_BUF/TCP_MSS") {
		t.Errorf("the configuration is not the BSP's lwipopts.h:\n%s", cfg)
	}
	core, err := lwipgenConfig(g)
	if err != nil {
		t.Fatal(err)
	}
	if strings.HasPrefix(cfg, string(core.Header)) || !strings.Contains(cfg, "BSP library generates") {
		t.Errorf("the configuration is the core lwipopts.h, not the header the BSP generates")
	}
	if !strings.Contains(cfg, "#define TCP_OOSEQ_MAX_BYTES ") {
		t.Errorf("the extra_compiler_flags defines are missing:\n%s", cfg[max(0, len(cfg)-400):])
	}
	if len(dc.Sources) != 0 || len(dc.Vendor) != 1 || dc.Vendor[0] != "adapter_xemacpsif.c" || dc.Files["adapter_xemacpsif.c"] == nil {
		t.Errorf("sources %v, vendor %v: the adapter model must be compiled as vendor code, nothing else", dc.Sources, dc.Vendor)
	}
	if got := withoutOverrides(hostOverrides(g.Plan.Config, d.RxModel), "LWIP_TIMERS", "LWIP_TIMERS_CUSTOM"); len(got) != len(hostOverrides(g.Plan.Config, d.RxModel))-2 {
		t.Errorf("withoutOverrides left %d of %d", len(got), len(hostOverrides(g.Plan.Config, d.RxModel)))
	}
}

// Xilinx's echo server calls eth_link_detect from its timer interrupt (platform_zynq.c's
// timer_callback), and eth_link_detect calls netif_set_link_down/up when the link changed: lwIP entered
// from interrupt context under NO_SYS. A link loss longer than the 1 s detect interval shows it: the run
// reports lwip_in_isr at netif.c, and the link is back in lwIP at the second check after the PHY's
// (NEGOTIATING, then UP: within 2 s of the link's return, plus TCP's retransmission).
func TestGlueZynqLinkDetectFromISR(t *testing.T) {
	c := glueRun(t, "zynq7035", Options{Workload: "rr", phasesOverride: []string{"rr"}, Duration: 3 * time.Second, Warmup: 20 * time.Millisecond,
		Faults: []Fault{{Kind: "link-flap", At: 100 * time.Millisecond, For: 1500 * time.Millisecond}}})
	g := c.Glue
	var isr *Check
	for i := range g.Checks {
		if g.Checks[i].Kind == "lwip_in_isr" {
			isr = &g.Checks[i]
		}
	}
	if isr == nil || !strings.Contains(isr.First, "netif.c") {
		t.Fatalf("the link change from the timer ISR was not caught: checks %+v, error %q", g.Checks, c.Error)
	}
	if g.Counters["adapter_link_down"] != 1 || g.Counters["adapter_link_up"] != 1 {
		t.Errorf("link transitions down %d up %d, want 1 each", g.Counters["adapter_link_down"], g.Counters["adapter_link_up"])
	}
	if len(g.Faults) != 1 || !g.Faults[0].Recovered || g.Faults[0].RecoveredMs > 2500 {
		t.Errorf("%+v, want traffic again within 2.5 s of the link's return", g.Faults)
	}
	if !g.Idle.Clean {
		t.Errorf("idle: %v", g.Idle.Leaks)
	}
}

// TCP alone never drains the pool: the window (44 segments) fits the 104 pbufs the ring leaves (the
// sizing rule). A burst of 400 full frames on top of the traffic, to a CPU 8 times slower than the
// default, does: the RX ISR re-arms BDs from the PBUF_POOL until the frames queued for the main loop have
// taken it ("unable to alloc pbuf in recv_handler", embeddedsw issue #174), BDs stay unarmed, the GEM
// reports "buffer not available", and the error path (RX handler + setup_rx_bds) re-arms them once lwIP
// has freed pbufs: traffic flows again, nothing leaks, no check fails.
func TestGlueZynqRxExhaustion(t *testing.T) {
	c := glueRun(t, "zynq7035", Options{CPUScale: 8, phasesOverride: []string{"rx"}, Duration: 150 * time.Millisecond,
		Faults: []Fault{{Kind: "burst", At: 50 * time.Millisecond, Frames: 400}}})
	if c.Error != "" {
		t.Fatal(c.Error)
	}
	g := c.Glue
	t.Logf("buffna %d, overrun %d, failed re-arms %d, drops %v, rx %.1f Mbps", g.Counters["rx_buffna"], g.Counters["rx_overrun"], g.Counters["adapter_recv_alloc_failed"], g.MACDrops, c.RxMbps)
	if g.Counters["rx_buffna"] == 0 || g.Counters["adapter_recv_alloc_failed"] == 0 {
		t.Fatalf("the pool never ran dry (buffna %d, failed re-arms %d): the test does not exercise the exhaustion path", g.Counters["rx_buffna"], g.Counters["adapter_recv_alloc_failed"])
	}
	if len(g.Faults) != 1 || !g.Faults[0].Recovered || c.RxMbps < 20 || !g.Idle.Clean || len(g.Checks) > 0 {
		t.Fatalf("after exhaustion: %+v, rx %.1f Mbps, idle %+v, checks %+v", g.Faults, c.RxMbps, g.Idle, g.Checks)
	}
}
