package sim

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// TestRTOSIsTheDefault: a FreeRTOS board runs as an RTOS board without any option (its generated
// glue, NO_SYS=0, on the virtual-time RTOS model); there is no other path for it.
func TestRTOSIsTheDefault(t *testing.T) {
	o := Options{Workload: "bulk", Duration: 20 * time.Millisecond, Warmup: 5 * time.Millisecond}
	c := glueRun(t, "gd32f407", o)
	if c.Error != "" {
		t.Fatal(c.Error)
	}
	if c.Glue == nil || !strings.Contains(c.Glue.Model, "virtual-time FreeRTOS model") {
		t.Fatalf("gd32f407 did not run as an RTOS board by default: %+v", c.Glue)
	}
	nosys := ""
	for _, ov := range c.Overrides {
		if ov.Name == "NO_SYS" {
			nosys = ov.Value
		}
	}
	if nosys != "0" {
		t.Fatalf("gd32f407 on the RTOS model: NO_SYS override %q, want 0", nosys)
	}
}

// TestRTOSDefaultsFailAtStartup: lwIP's defaults on h743 as an RTOS board cannot start, for a
// reason that holds on the board: TCPIP_MBOX_SIZE 0 makes osMessageQueueNew(0, ...) return NULL and
// tcpip_init asserts "failed to create tcpip_thread mbox". That is a result of the comparison (the
// table and report.json say "fails at start-up: ..."), not an error of the run; lwipgen's
// configuration, run in the same comparison, starts and carries traffic.
func TestRTOSDefaultsFailAtStartup(t *testing.T) {
	needHost(t)
	g := prepare(t, "h743")
	lg, err := lwipgenConfig(g)
	if err != nil {
		t.Fatal(err)
	}
	dc, err := defaultsConfig(g.Plan)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Run(context.Background(), g, Options{CacheDir: testCache, configs: []*config{lg, dc}, Workload: "bulk",
		Duration: 20 * time.Millisecond, Warmup: 5 * time.Millisecond})
	if err != nil {
		t.Fatalf("the run failed instead of reporting the start-up failure: %v", err)
	}
	if len(r.Configs) != 2 {
		t.Fatalf("%d configurations in the result", len(r.Configs))
	}
	ok, bad := r.Configs[0], r.Configs[1]
	if ok.Error != "" || ok.StartupFailure != "" || ok.RxMbps <= 0 {
		t.Fatalf("lwipgen's configuration: error %q, rx %.2f Mbps", ok.Error, ok.RxMbps)
	}
	if !strings.HasPrefix(bad.Error, "fails at start-up: ") ||
		!strings.Contains(bad.StartupFailure, "failed to create tcpip_thread mbox") ||
		!strings.Contains(bad.StartupFailure, "TCPIP_MBOX_SIZE is 0") {
		t.Fatalf("lwIP's defaults: error %q, startup_failure %q", bad.Error, bad.StartupFailure)
	}
	var tab bytes.Buffer
	r.WriteTable(&tab)
	if !strings.Contains(tab.String(), CfgDefaults) || !strings.Contains(tab.String(), "fails at start-up: lwIP assertion") ||
		strings.Contains(tab.String(), "broken pipe") {
		t.Errorf("table:\n%s", tab.String())
	}
	js, _ := json.Marshal(r)
	if !bytes.Contains(js, []byte(`"startup_failure":"lwIP assertion`)) {
		t.Errorf("report.json lacks startup_failure: %s", js)
	}
}

// TestH743Loss1Pct_RTOSGlue_DriverDrops3_Rx59p87: issue 20's h743 loss case (seed 1, 1 % loss, bulk both ways, 500 ms per
// phase) on the RTOS path, the board's own code. Measured: tx 2.48 / rx 59.87 Mbps with 3 frames
// dropped by the driver, against 5.54 / 93.91 clean on the NO_SYS model (seeds 2, 3: RTOS rx
// 75.57 / 80.26 with 2 / 3 drops, NO_SYS 90.45 / 93.49 clean; TX 14.93 / 21.75 against 13.92 /
// 15.63: at 1 % loss with 4-segment send buffers TX is decided by which segments the seeded loss
// hits and whether a retransmission timeout follows, so it moves both ways with the schedule).
//
// Why RX is lower: the ring never starves (no frame missed by the MAC): the zero-copy RX pool runs
// dry (low-water 0 of 16), the glue's reserve copies the frame into PBUF_POOL (4 pbufs), that is
// empty too, and the frame is dropped; each drop is one more loss for TCP to recover from. What
// holds the buffers (measured with user lwipopts.h on the same run): the out-of-order queues
// (TCP_QUEUE_OOSEQ 0: no drop, but rx 5.89 Mbps) of more connections recovering at once than the
// rule's two, plus frames waiting in the tcpip thread's mailbox (tcpip_input; TCPIP_MSG_INPKT reaches
// 4 in flight), which the NO_SYS model does not have (LWIP_TCPIP_CORE_LOCKING_INPUT 1, no mailbox:
// 2 drops, rx 70.08). The RX-buffer rule counts the ring (8) and lwIP's windows and out-of-order
// queues (8), not the mailbox. Not a glue bug (dropping is right with no buffer) and the mailbox is
// the board's (with equal priorities FreeRTOS does not preempt the tcpip thread for the RX task): it
// is sizing. With 20 RX buffers the same run is clean at 93.81 Mbps. Why more connections overlap
// their recovery than on the NO_SYS model is not established.
func TestH743Loss1Pct_RTOSGlue_DriverDrops3_Rx59p87(t *testing.T) {
	run := func(board string) ConfigResult {
		r, err := Run(context.Background(), prepare(t, board), Options{CacheDir: testCache, Seed: 1, Loss: 0.01, Workload: "bulk", Duration: 500 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		c := r.Configs[0]
		if c.Error != "" {
			t.Fatal(c.Error)
		}
		if c.Glue == nil || !strings.Contains(c.Glue.Model, "virtual-time FreeRTOS model") {
			t.Fatalf("%s did not run as an RTOS board", board)
		}
		t.Logf("%s at 1%% loss on the RTOS path: tx %.2f rx %.2f Mbps, errors %+v, rx pool %+v", board, c.TxMbps, c.RxMbps, c.Errors, c.Glue.RxPool)
		return c
	}
	needHost(t)
	pool := func(c ConfigResult, name string) Pool {
		p, _ := c.pool(name)
		return p
	}
	c := run("h743")
	if c.Errors.MACMissed != 0 || c.Errors.RingStarved != 0 {
		t.Errorf("the ring starved (the glue left descriptors unarmed): %+v", c.Errors)
	}
	if c.Errors.DriverDrops != pool(c, "PBUF_POOL").Err {
		t.Errorf("driver drops %d are not all reserve copies that found PBUF_POOL empty (err %d)", c.Errors.DriverDrops, pool(c, "PBUF_POOL").Err)
	}
	if c.Errors.DriverDrops > 3 || c.RxMbps < 0.95*59.87 {
		t.Errorf("rx %.2f Mbps with %d driver drops; measured 59.87 with 3 (NO_SYS model: 93.91 clean)", c.RxMbps, c.Errors.DriverDrops)
	}
	if c.Errors.DriverDrops > 0 && c.Errors.Clean {
		t.Errorf("a run with %d dropped frames is reported clean: %+v", c.Errors.DriverDrops, c.Errors)
	}
	if !c.Glue.Idle.Clean || !c.Glue.Idle.RxPool || len(c.Glue.Checks) > 0 {
		t.Errorf("idle %+v, checks %+v", c.Glue.Idle, c.Glue.Checks)
	}
	if c.Errors.DriverDrops > 0 && pool(c, "TCPIP_MSG_INPKT").Max < 2 {
		t.Errorf("drops without frames queued in the tcpip mailbox (TCPIP_MSG_INPKT max %d): the explanation above no longer holds", pool(c, "TCPIP_MSG_INPKT").Max)
	}
	// the sizing explanation: four more RX buffers, for the frames in the mailbox, make it clean
	v := run(variantBoard(t, "h743", [2]string{"rx_buffers       = 16", "rx_buffers       = 20"}))
	if !v.Errors.Clean || v.RxMbps < 0.95*93.91 {
		t.Errorf("h743 with 20 RX buffers: rx %.2f Mbps (measured 93.81), errors %+v", v.RxMbps, v.Errors)
	}
}
