package sim

import (
	"testing"
	"time"
)

// zynq7035 runs its real configuration path: the BSP's generated lwipopts.h and xlwipconfig.h
// with the xemacps adapter model, the GEM model and the echo server's start-up.
func TestGlueZynq(t *testing.T) {
	c := glueRun(t, "zynq7035", Options{Duration: 80 * time.Millisecond})
	if c.Error != "" || !c.Glue.Idle.Clean || c.TxMbps < 100 || c.RxMbps < 100 {
		t.Fatalf("error %q, idle %+v, tx %.1f rx %.1f", c.Error, c.Glue.Idle, c.TxMbps, c.RxMbps)
	}
}
