package sim

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// TestRTOSGlueH743RTThread: h743-rtthread runs in the simulator on its RT-Thread path: lwIP with
// NO_SYS=0 configured by the generated lwipopts.h over rtconfig.h/rtconfig_project.h, RT-Thread's
// start-up (the generated lwipgen_rtthread.c as INIT_BOARD_EXPORT, lwip_system_init, drv_eth.c's
// INIT_DEVICE_EXPORT), the erx/etx threads of the eth_device layer, the BSP driver's RX buffer ring
// and PBUF_RAM copy, polling TX, the PHY monitor thread bringing the link up. Traffic must flow
// both ways above the workload's goal, every driver-contract and core-lock check must hold, every
// pool, the lwIP heap and the RX ring must be back at idle, and a second run with the same seed
// must give the same result (the whole ConfigResult).
func TestRTOSGlueH743RTThread(t *testing.T) {
	o := Options{Duration: 50 * time.Millisecond, Warmup: 10 * time.Millisecond}
	c := glueRun(t, "h743-rtthread", o)
	if c.Error != "" {
		t.Fatal(c.Error)
	}
	if !strings.Contains(c.Glue.Model, "RT-Thread eth_device (erx/etx) on the virtual-time RT-Thread kernel") {
		t.Fatalf("h743-rtthread ran on %q, not on its RT-Thread path", c.Glue.Model)
	}
	if len(c.Glue.Checks) != 0 {
		t.Fatalf("driver checks failed: %+v", c.Glue.Checks)
	}
	if !c.Glue.Idle.Clean || !c.Glue.Idle.RxPool {
		t.Fatalf("not idle at the end: %v", c.Glue.Idle.Leaks)
	}
	if c.Glue.Counters["rx_read_frames"] < 300 || c.Glue.Counters["tx_frames"] < 300 || c.Glue.Counters["rtt_etx_frames"] != c.Glue.Counters["tx_frames"] {
		t.Fatalf("too little traffic through drv_eth, or frames sent outside etx: %+v", c.Glue.Counters)
	}
	if c.TxMbps < 4.5 || c.RxMbps < 4.5 {
		t.Fatalf("tx %.2f / rx %.2f Mbps: below the workload's goal of 4.5 Mbps", c.TxMbps, c.RxMbps)
	}
	// "tcpip": the generated lwipopts.h sets RT-Thread's port TCPIP_THREAD_NAME (lwIP's default
	// "tcpip_thread" would be cut to RT_NAME_MAX 8 bytes, "tcpip_th")
	for _, th := range []string{"tcpip", "erx", "etx", "phy", "sim_app"} {
		if used, ok := c.Glue.Counters["rtos_stack_host_used_"+th]; !ok || used == 0 {
			t.Errorf("thread %s: no stack use reported (never ran?): %+v", th, c.Glue.Counters)
		}
		if c.Glue.Counters["rtos_stack_unused_"+th] == 0 {
			t.Errorf("thread %s: no stack left", th)
		}
	}
	if c.Glue.Counters["drv_eth_link_ups"] != 1 {
		t.Errorf("the PHY monitor brought the link up %d times", c.Glue.Counters["drv_eth_link_ups"])
	}
	d := glueRun(t, "h743-rtthread", o)
	ja, _ := json.Marshal(c)
	jb, _ := json.Marshal(d)
	if string(ja) != string(jb) {
		t.Fatalf("two runs differ:\n%s\n%s", ja, jb)
	}
	t.Logf("tx %.2f rx %.2f Mbps, %d switches, counters %v", c.TxMbps, c.RxMbps, c.Glue.Counters["rtos_switches"], c.Glue.Counters)
}

// TestRTOSGlueH743RTThreadLinkFlap: a 50 ms link loss on h743-rtthread is recovered, pools idle,
// no check failed. The PHY monitor polls BSR once a second and reads it twice (the link bit latches
// low), so a loss shorter than the poll is not seen by the driver: the frames lost while the link
// was down are retransmitted by TCP. Stated bound: traffic again within 1000 ms of the link's return.
func TestRTOSGlueH743RTThreadLinkFlap(t *testing.T) {
	f := Fault{Kind: "link-flap", At: 100 * time.Millisecond, For: 50 * time.Millisecond}
	c := glueRun(t, "h743-rtthread", Options{Faults: []Fault{f}, phasesOverride: []string{"rx"}, Duration: 1300 * time.Millisecond, Warmup: 10 * time.Millisecond})
	if c.Error != "" {
		t.Fatal(c.Error)
	}
	g := c.Glue
	if len(g.Faults) != 1 || !g.Faults[0].Recovered || g.Faults[0].RecoveredMs > 1000 {
		t.Fatalf("link-flap: %+v, want traffic again within 1000 ms", g.Faults)
	}
	if !g.Idle.Clean || !g.Idle.RxPool || len(g.Checks) > 0 {
		t.Errorf("after link-flap: idle %+v, checks %+v", g.Idle, g.Checks)
	}
	t.Logf("link-flap recovered %.1f ms after the fault ended", g.Faults[0].RecoveredMs)
}

// TestRTOSGlueH743RTThreadDMAErrorNotRecovered: a DMA fatal bus error on h743-rtthread is not
// recovered, because RT-Thread's STM32H7 drv_eth.c does not recover from one: its
// HAL_ETH_ErrorCallback wakes erx on a receive-buffer-unavailable and only logs any other DMA
// error, and nothing else in the driver re-runs HAL_ETH_Init (the PHY thread acts on link changes).
// The model must not invent a recovery: the HAL is initialised once, the error is logged once,
// traffic does not flow again within the 10 s watch, and the run says why.
func TestRTOSGlueH743RTThreadDMAErrorNotRecovered(t *testing.T) {
	f := Fault{Kind: "dma-error", At: 50 * time.Millisecond}
	c := glueRun(t, "h743-rtthread", Options{Faults: []Fault{f}, phasesOverride: []string{"rx"}, Duration: 100 * time.Millisecond, Warmup: 10 * time.Millisecond})
	if c.Error != "" {
		t.Fatal(c.Error)
	}
	g := c.Glue
	if len(g.Faults) != 1 || g.Faults[0].Recovered {
		t.Fatalf("dma-error: %+v, want traffic not flowing again (the BSP driver has no recovery)", g.Faults)
	}
	if !strings.HasPrefix(g.Faults[0].Reason, "the BSP driver has no DMA-error recovery") {
		t.Fatalf("dma-error not recovered without the reason: %+v", g.Faults[0])
	}
	k := g.Counters
	if k["dma_fatal_injected"] != 1 || k["drv_eth_dma_errors_logged"] != 1 || k["recoveries"] != 0 || k["hal_inits"] != 1 {
		t.Fatalf("want one fatal error injected and logged, HAL_ETH_Init once, no recovery: %+v", k)
	}
	if len(g.Checks) > 0 {
		t.Errorf("checks failed: %+v", g.Checks)
	}
	var b strings.Builder
	g.writeTable(&b, "h743-rtthread")
	if !strings.Contains(b.String(), "traffic NOT flowing again within 10 s: the BSP driver has no DMA-error recovery") {
		t.Errorf("the table does not state the reason:\n%s", b.String())
	}
	t.Logf("%s", b.String())
}

// TestExplainFaults: the reason is given only where the counters show it (a logged DMA error and no
// re-initialisation), not to a recovered fault, another kind, or a driver that re-ran HAL_ETH_Init.
func TestExplainFaults(t *testing.T) {
	dma := func(rec bool) []FaultResult { return []FaultResult{{Fault: Fault{Kind: "dma-error"}, Recovered: rec}} }
	logged := map[string]int64{"drv_eth_dma_errors_logged": 1}
	if r := explainFaults(dma(false), logged)[0].Reason; !strings.Contains(r, "no DMA-error recovery") {
		t.Errorf("unrecovered logged DMA error: reason %q", r)
	}
	for name, c := range map[string]struct {
		fs []FaultResult
		k  map[string]int64
	}{
		"recovered":      {dma(true), logged},
		"re-initialised": {dma(false), map[string]int64{"drv_eth_dma_errors_logged": 1, "recoveries": 1}},
		"not logged":     {dma(false), map[string]int64{}},
		"link-flap":      {[]FaultResult{{Fault: Fault{Kind: "link-flap"}}}, logged},
	} {
		if r := explainFaults(c.fs, c.k)[0].Reason; r != "" {
			t.Errorf("%s: reason %q, want none", name, r)
		}
	}
}

// TestRTOSGlueH743RTThreadRBU: a burst of 64 full frames on a CPU far too slow for the link (the
// default cost x 100; x 8 never overflowed the ring at this workload) fills drv_eth's RX ring: the DMA
// suspends with "receive buffer unavailable", and the driver's HAL_ETH_ErrorCallback wakes erx on it
// (eth_device_ready), whose HAL_ETH_ReadData gives the descriptors back. Stated bound: traffic again
// within 100 ms of the burst, nothing leaks, no check fails. In the model the frames' own RX-complete
// mails already wake erx (the run recovers in 5 ms with the wake-up removed too), so what this test
// holds the callback to is the split: an RBU is not counted as a logged DMA error (that counter is
// what gives an unrecovered dma-error its reason).
func TestRTOSGlueH743RTThreadRBU(t *testing.T) {
	c := glueRun(t, "h743-rtthread", Options{CPUScale: 100, Faults: []Fault{{Kind: "burst", At: 50 * time.Millisecond, Frames: 64}}, phasesOverride: []string{"rx"}, Duration: 200 * time.Millisecond, Warmup: 10 * time.Millisecond})
	if c.Error != "" {
		t.Fatal(c.Error)
	}
	g := c.Glue
	t.Logf("rbu %d, erx woken on RBU %d, drops %v, rx %.1f Mbps", g.Counters["rbu"], g.Counters["drv_eth_rbu_wakeups"], g.MACDrops, c.RxMbps)
	if g.Counters["rbu"] == 0 || g.Counters["drv_eth_rbu_wakeups"] == 0 {
		t.Fatalf("the ring never overflowed or erx was not woken on it (rbu %d, wake-ups %d): the test does not exercise RBU", g.Counters["rbu"], g.Counters["drv_eth_rbu_wakeups"])
	}
	if g.Counters["drv_eth_dma_errors_logged"] != 0 {
		t.Errorf("RBU logged as a DMA error %d times", g.Counters["drv_eth_dma_errors_logged"])
	}
	if len(g.Faults) != 1 || !g.Faults[0].Recovered || g.Faults[0].RecoveredMs > 100 {
		t.Fatalf("after the burst: %+v, want traffic again within 100 ms", g.Faults)
	}
	if !g.Idle.Clean || !g.Idle.RxPool || len(g.Checks) > 0 {
		t.Fatalf("after RBU: idle %+v, checks %+v", g.Idle, g.Checks)
	}
	t.Logf("traffic again %.1f ms after the burst", g.Faults[0].RecoveredMs)
}
