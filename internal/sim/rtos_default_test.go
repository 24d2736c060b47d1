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
// glue, NO_SYS=0, on the virtual-time RTOS model); NoSysModel (sim --nosys-model) runs the
// simulator's own NO_SYS NIC model instead, and says so by having no glue run.
func TestRTOSIsTheDefault(t *testing.T) {
	o := Options{Workload: "bulk", Duration: 20 * time.Millisecond, Warmup: 5 * time.Millisecond}
	c := glueRun(t, "gd32f407", o)
	if c.Error != "" {
		t.Fatal(c.Error)
	}
	if c.Glue == nil || !strings.Contains(c.Glue.Model, "virtual-time FreeRTOS model") {
		t.Fatalf("gd32f407 did not run as an RTOS board by default: %+v", c.Glue)
	}
	o.NoSysModel, o.CacheDir = true, testCache
	r, err := Run(context.Background(), prepare(t, "gd32f407"), o)
	if err != nil {
		t.Fatal(err)
	}
	n := r.Configs[0]
	if n.Error != "" || n.RxMbps <= 0 {
		t.Fatalf("--nosys-model: error %q, rx %.2f Mbps", n.Error, n.RxMbps)
	}
	if n.Glue != nil {
		t.Fatalf("--nosys-model still ran the generated glue: %s", n.Glue.Model)
	}
	for _, ov := range n.Overrides {
		if ov.Name == "NO_SYS" && ov.Value != "1" {
			t.Fatalf("--nosys-model: NO_SYS %s", ov.Value)
		}
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
