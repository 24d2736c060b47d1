package sim

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestRTOSGlueH743: h743 (CubeMX, FreeRTOS, CMSIS-RTOS v2) runs in the simulator as an RTOS board:
// its generated ethernetif.c and lwipgen_sys.c on the HAL ETH model, lwIP with NO_SYS=0 (the real
// tcpip thread), CubeMX's MX_LWIP_Init in the defaultTask, the glue's EthLink thread bringing the
// netif up and its RX task started from ethernetif_init; the workload runs in an application
// thread under the core lock. Traffic must flow both ways, every driver-contract and core-lock
// check must hold, every pool and the RX buffer pool must be back at idle, and a second run with
// the same seed must give the same result (the whole ConfigResult).
func TestRTOSGlueH743(t *testing.T) {
	o := Options{Duration: 50 * time.Millisecond, Warmup: 10 * time.Millisecond}
	c := glueRun(t, "h743", o)
	if c.Error != "" {
		t.Fatal(c.Error)
	}
	if !strings.Contains(c.Glue.Model, "virtual-time FreeRTOS model (CMSIS-RTOS v2)") {
		t.Fatalf("h743 ran on %q, not on the RTOS model", c.Glue.Model)
	}
	if len(c.Glue.Checks) != 0 {
		t.Fatalf("driver checks failed: %+v", c.Glue.Checks)
	}
	if !c.Glue.Idle.Clean || !c.Glue.Idle.RxPool {
		t.Fatalf("not idle at the end: %v", c.Glue.Idle.Leaks)
	}
	if c.Glue.Counters["rx_read_frames"] < 1000 || c.Glue.Counters["tx_frames"] < 1000 {
		t.Fatalf("too little traffic through the glue: %+v", c.Glue.Counters)
	}
	// the RTOS model's counters: every thread of the project shape ran and has stack left
	for _, th := range []string{"tcpip_thread", "lwipgen_rx", "EthLink", "defaultTask", "sim_app"} {
		used, ok := c.Glue.Counters["rtos_stack_host_used_"+th]
		if !ok || used == 0 {
			t.Errorf("thread %s: no stack use reported (never ran?): %+v", th, c.Glue.Counters)
		}
		if c.Glue.Counters["rtos_stack_unused_"+th] == 0 {
			t.Errorf("thread %s: no stack left", th)
		}
	}
	if c.Glue.Counters["rtos_switches"] < 1000 {
		t.Errorf("only %d context switches", c.Glue.Counters["rtos_switches"])
	}
	var sawNoSys bool
	for _, ov := range c.Overrides {
		if ov.Name == "NO_SYS" {
			sawNoSys = ov.Value == "0"
		}
	}
	if !sawNoSys {
		t.Fatalf("overrides do not keep NO_SYS=0: %+v", c.Overrides)
	}
	d := glueRun(t, "h743", o)
	ja, _ := json.Marshal(c)
	jb, _ := json.Marshal(d)
	if string(ja) != string(jb) {
		t.Fatalf("two runs differ:\n%s\n%s", ja, jb)
	}
}

// TestRTOSGlueH743CMSISv1: the same board with rtos_api = "cmsis_v1": CubeMX's v1 start-up
// (osThreadDef/osThreadCreate for the defaultTask and EthLink), ST's v1 sys_arch shape (osMessagePut of
// pointer values, osSemaphoreCreate taken at creation), 7 CMSIS-RTOS v1 priorities.
func TestRTOSGlueH743CMSISv1(t *testing.T) {
	board := variantBoard(t, "h743", [2]string{`rtos        = "freertos"`, "rtos        = \"freertos\"\n  rtos_api    = \"cmsis_v1\""})
	c := glueRun(t, board, Options{Duration: 30 * time.Millisecond, Warmup: 10 * time.Millisecond})
	if c.Error != "" {
		t.Fatal(c.Error)
	}
	if !strings.Contains(c.Glue.Model, "(CMSIS-RTOS v1)") {
		t.Fatalf("ran on %q", c.Glue.Model)
	}
	if len(c.Glue.Checks) != 0 || !c.Glue.Idle.Clean || c.Glue.Counters["rx_read_frames"] < 500 {
		t.Fatalf("checks %+v, idle %+v, counters %+v", c.Glue.Checks, c.Glue.Idle, c.Glue.Counters)
	}
}

// TestRTOSGlueGD32: gd32f407 (FreeRTOS natively, lwIP's contrib-shaped sys_arch) runs as an RTOS
// board: GigaDevice's demo start-up (init task: tcpip_init, netif_add under the core lock), the
// generated ethernetif.c and lwipgen_sys.c on the GD32 ENET model, the RX task started by
// ethernetif_init; traffic both ways, no check failed, idle at the end.
func TestRTOSGlueGD32(t *testing.T) {
	c := glueRun(t, "gd32f407", Options{Duration: 50 * time.Millisecond, Warmup: 10 * time.Millisecond})
	if c.Error != "" {
		t.Fatal(c.Error)
	}
	if !strings.Contains(c.Glue.Model, "virtual-time FreeRTOS model (native FreeRTOS API)") {
		t.Fatalf("gd32f407 ran on %q", c.Glue.Model)
	}
	if len(c.Glue.Checks) != 0 || !c.Glue.Idle.Clean {
		t.Fatalf("checks %+v, idle %+v", c.Glue.Checks, c.Glue.Idle)
	}
	if c.TxMbps < 1 || c.RxMbps < 1 {
		t.Fatalf("no traffic: tx %.2f rx %.2f Mbps", c.TxMbps, c.RxMbps)
	}
	for _, th := range []string{"tcpip_thread", "lwipgen_rx", "sim_app"} { // INIT deleted itself after the start-up
		if c.Glue.Counters["rtos_stack_host_used_"+th] == 0 {
			t.Errorf("thread %s never ran: %+v", th, c.Glue.Counters)
		}
	}
}

// TestRTOSGlueBrokenFails: a deliberately broken RTOS glue is caught by the run, with the thread
// (or interrupt) and the call named:
//   - the link thread calling lwIP without LOCK_TCPIP_CORE (netif_set_up from "EthLink");
//   - the RX-complete interrupt handing frames to lwIP itself instead of waking the RX task (the
//     HAL mutex, and lwIP's pools behind it, taken in interrupt context).
func TestRTOSGlueBrokenFails(t *testing.T) {
	cases := []struct {
		name, file, old, new, want string
	}{
		{"link-thread-without-core-lock", "ethernetif.c",
			"        LOCK_TCPIP_CORE();\n        ethif_link_check(netif);\n        UNLOCK_TCPIP_CORE();",
			"        ethif_link_check(netif);",
			`called by thread "EthLink" without the core lock (LOCK_TCPIP_CORE)`},
		{"lwip-from-rx-isr", "ethernetif.c",
			"    lwipgen_rx_signal_from_isr();\n}",
			"    { extern struct netif gnetif; (void)ethernetif_rx_frame(&gnetif); }\n}",
			"isr ETH_IRQHandler: osMutexAcquire from interrupt context"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			patched := false
			r := glueRun(t, "h743", Options{Duration: 20 * time.Millisecond, Warmup: 5 * time.Millisecond,
				patchGlue: func(files map[string][]byte) error {
					src := string(files[c.file])
					if !strings.Contains(src, c.old) {
						return fmt.Errorf("%s no longer contains %q", c.file, c.old)
					}
					files[c.file] = []byte(strings.Replace(src, c.old, c.new, 1))
					patched = true
					return nil
				}})
			if !patched {
				t.Fatal("the glue was not patched")
			}
			if !strings.Contains(r.Error, "vrtos FAULT") || !strings.Contains(r.Error, c.want) {
				t.Fatalf("the broken glue was not caught as %q: error %q", c.want, r.Error)
			}
		})
	}
}

// TestRTOSGlueFaults: faults injected 100 ms into the peer->device bulk phase of h743 running as an
// RTOS board are recovered, with every pool and the RX buffer pool idle at the end and no check
// failed. Stated bounds: link-flap 50 ms -> 800 ms after the link returns (the glue's EthLink thread
// polls every LWIPGEN_LINK_POLL_MS = 500 ms, then TCP retransmits); dma-error -> 800 ms (the RX
// task's ethernetif_service restarts the HAL on its next wake-up, then the link thread and TCP);
// mac-error -> 800 ms: the newest H7 HAL (stm32h7xx_hal_driver v1.11.3 and later) enters its error
// state on a MAC status error with the DMA still running, HAL_ETH_Stop_IT then does nothing, and the
// recovery must stop the DMA itself before it frees what the DMA may still read or write (the model
// fails rx_buffer_freed_while_dma_owns / tx_freed_while_dma_owns otherwise).
func TestRTOSGlueFaults(t *testing.T) {
	for _, tc := range []struct {
		f      Fault
		within float64       // ms
		run    time.Duration // the phase: fault + bound + margin
		phase  string        // default "rx" (peer -> device bulk)
	}{
		{Fault{Kind: "link-flap", At: 100 * time.Millisecond, For: 50 * time.Millisecond}, 800, 500 * time.Millisecond, ""},
		{Fault{Kind: "dma-error", At: 100 * time.Millisecond}, 800, 950 * time.Millisecond, ""},
		// while the device sends: its RX ring is armed (only ACKs arrive), so the running RX DMA owns
		// the buffers a recovery without its own DMA stop gives back to the pool
		{Fault{Kind: "mac-error", At: 100 * time.Millisecond}, 800, 950 * time.Millisecond, "tx"},
	} {
		t.Run(tc.f.Kind, func(t *testing.T) {
			phase := tc.phase
			if phase == "" {
				phase = "rx"
			}
			c := glueRun(t, "h743", Options{Faults: []Fault{tc.f}, phasesOverride: []string{phase},
				Duration: tc.run, Warmup: 10 * time.Millisecond})
			g := c.Glue
			if c.Error != "" {
				t.Fatal(c.Error)
			}
			if len(g.Faults) != 1 || !g.Faults[0].Recovered || g.Faults[0].RecoveredMs > tc.within ||
				float64(tc.f.At+tc.f.For)/1e6+g.Faults[0].RecoveredMs > float64(tc.run)/1e6 {
				t.Fatalf("%s: %+v, want traffic again within %g ms", tc.f.Kind, g.Faults, tc.within)
			}
			if !g.Idle.Clean || !g.Idle.RxPool || len(g.Checks) > 0 {
				t.Errorf("after %s: idle %+v, checks %+v", tc.f.Kind, g.Idle, g.Checks)
			}
			if tc.f.Kind == "mac-error" && (g.Counters["mac_errors_injected"] != 1 || g.Counters["hal_deinits"] != 1) {
				t.Errorf("mac-error: injected %d, HAL_ETH_DeInit %d; want 1 each (the error state was not entered or not recovered)", g.Counters["mac_errors_injected"], g.Counters["hal_deinits"])
			}
			t.Logf("%s recovered %.1f ms after the fault ended", tc.f.Kind, g.Faults[0].RecoveredMs)
		})
	}
}

// TestRTOSGlueGD32Recovery: gd32f407 (FreeRTOS) after a DMA fatal bus error: traffic again within
// 800 ms, every pool idle, enet_init (PHY reset, PHY_CONFIGDELAY busy wait, about 0.4 s of CPU at
// 168 MHz) run only at start-up, so the recovery never holds the tcpip thread behind the driver lock.
func TestRTOSGlueGD32Recovery(t *testing.T) {
	c := glueRun(t, "gd32f407", Options{Faults: []Fault{{Kind: "dma-error", At: 100 * time.Millisecond}}, phasesOverride: []string{"rx"},
		Duration: 950 * time.Millisecond, Warmup: 10 * time.Millisecond})
	if c.Error != "" {
		t.Fatal(c.Error)
	}
	g := c.Glue
	if len(g.Faults) != 1 || !g.Faults[0].Recovered || g.Faults[0].RecoveredMs > 800 {
		t.Fatalf("%+v, want traffic again within 800 ms", g.Faults)
	}
	if !g.Idle.Clean || len(g.Checks) > 0 {
		t.Errorf("idle %+v, checks %+v", g.Idle, g.Checks)
	}
	checkGD32Recovery(t, g)
	t.Logf("recovered %.1f ms after the fault", g.Faults[0].RecoveredMs)
}
