package sim

import (
	"bytes"
	"strings"
	"testing"
)

// The sim table has a legend for its abbreviated columns, and a column with
// one value in every configuration says why (issue 31, item 8: rr p50/p99
// was equal everywhere with no word, retx d/p and alloc/drop/backpr had no
// legend). A configuration that did not run does not count.
func TestTableLegendAndEqualColumn(t *testing.T) {
	cfg := func(name string, p50, p99 float64) ConfigResult {
		return ConfigResult{Name: name, Phases: []Phase{{Name: "rr", P50Us: p50, P99Us: p99}}}
	}
	r := &Result{Workload: WorkloadInfo{MsgSize: 256}, Configs: []ConfigResult{cfg("lwipgen", 610, 640), cfg("lwip-defaults", 610, 640), {Name: "broken", Error: "fails at start-up: x"}}}
	var out bytes.Buffer
	writeLegend(&out, r)
	for _, want := range []string{"retx d/p = TCP segments retransmitted by the device / by the peer", "alloc/drop/backpr = ", "rr p50/p99 us = request/response", "note: rr p50/p99 is 610/640 us in every configuration: one 256 B request"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("legend lacks %q:\n%s", want, out.String())
		}
	}
	r.Configs[1].Phases[0].P99Us = 700
	out.Reset()
	writeLegend(&out, r)
	if strings.Contains(out.String(), "note: rr") {
		t.Errorf("a note on rr although it differs:\n%s", out.String())
	}
}

// A driver on the RTOS model is named once as a model (issue 31, item 8:
// "... (CMSIS-RTOS v2) model model").
func TestGlueModelNamedOnce(t *testing.T) {
	for _, m := range []string{"STM32 HAL ETH (H7 DMA) + PHY on the virtual-time FreeRTOS model (CMSIS-RTOS v2)", "LAN9118 registers, FIFOs and IRQ + SysTick/NVIC"} {
		var out bytes.Buffer
		(&GlueRun{Model: m}).writeTable(&out, "lwipgen")
		if n := strings.Count(out.String(), "model"); n != 1 {
			t.Errorf("%q printed with %d \"model\": %s", m, n, out.String())
		}
	}
}
