package sim

import (
	"strings"
	"testing"
)

// TestRTOSGlueH743: h743 (CubeMX, FreeRTOS, CMSIS-RTOS v2) runs in the simulator as an RTOS board:
// its generated ethernetif.c and lwipgen_sys.c on the HAL ETH model, lwIP with NO_SYS=0 (the real
// tcpip thread), CubeMX's MX_LWIP_Init in the defaultTask, the glue's EthLink thread bringing the
// netif up and its RX task started from ethernetif_init; the workload runs in an application
// thread under the core lock. Traffic must flow, every driver-contract and core-lock check must
// hold, and every pool and the RX buffer pool must be back at idle.
func TestRTOSGlueH743(t *testing.T) {
	c := glueRun(t, "h743", Options{})
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
	var sawNoSys bool
	for _, o := range c.Overrides {
		if o.Name == "NO_SYS" {
			sawNoSys = o.Value == "0"
		}
	}
	if !sawNoSys {
		t.Fatalf("overrides do not keep NO_SYS=0: %+v", c.Overrides)
	}
}
