package sim

import (
	"testing"
	"time"
)

// TX completion is an event at its virtual time: the STM32 model raises TI when a frame has left the
// wire and, with the interrupt enabled, the ETH interrupt runs then (HAL_ETH_TxCpltCallback), not at
// the next SysTick or received frame. tx_irq_latency_max_ns is the longest time from a frame's last
// bit to its TX-complete handler over a bulk run: what is left is interrupt masking (PRIMASK,
// another handler, a critical section). Raised lazily (before), it was up to 952 us late on f767.
func TestTxCompleteInterruptOnTime(t *testing.T) {
	for _, board := range []string{"f767", "h743", "gd32f407"} {
		t.Run(board, func(t *testing.T) {
			c := glueRun(t, board, Options{Workload: "bulk", Duration: 40 * time.Millisecond, Warmup: 10 * time.Millisecond})
			if c.Error != "" {
				t.Fatal(c.Error)
			}
			n, late := c.Glue.Counters["tx_irqs"], c.Glue.Counters["tx_irq_latency_max_ns"]
			t.Logf("%s: %d TX-complete interrupts for %d frames, latest %d ns after the frame left the wire", board, n, c.Glue.Counters["tx_frames"], late)
			if n < c.Glue.Counters["tx_frames"]/20 {
				t.Errorf("%d TX-complete interrupts for %d frames sent", n, c.Glue.Counters["tx_frames"])
			}
			if late > 100_000 {
				t.Errorf("a TX-complete interrupt ran %d ns after its frame left the wire (want it at its time, masking aside)", late)
			}
		})
	}
}
