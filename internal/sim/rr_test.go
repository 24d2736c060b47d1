package sim

import (
	"context"
	"testing"
	"time"
)

// The request/response server writes a response that tcp_write refused again from its sent and poll
// callbacks, as a real server does. The client sends no next request before it has the response,
// so a server that retried only on its next on_recv stalled the connection for the rest of the
// phase (what the mix phase showed behind bulk connections that held lwIP's segment pool or heap).
// On f767's generated driver the server's first two response writes are refused (as tcp_write's
// ERR_MEM would refuse them, rrRefuse): the lwIP poll callback (every 2 slow-timer ticks, 1 s)
// writes the response, and requests complete again: about 1 s per refusal lost, then the normal
// rate. With the retry removed the phase completes no request.
func TestRRServerRetriesRefusedWrite(t *testing.T) {
	needHost(t)
	g := prepare(t, "f767")
	r, err := Run(context.Background(), g, Options{CacheDir: testCache, rrRefuse: 2, connsOverride: 1, phasesOverride: []string{"rr"},
		Duration: 3 * time.Second, Warmup: 5 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	c := r.Configs[0]
	if c.Error != "" {
		t.Fatal(c.Error)
	}
	ph := c.Phases[0]
	t.Logf("rr with the first 2 responses refused: %d refused in the phase, %d requests, p50 %.0f us, p99 %.0f us, backpressure %d",
		ph.RRWriteRefused, ph.Requests, ph.P50Us, ph.P99Us, c.Errors.BackPressure)
	if c.Errors.BackPressure < 2 {
		t.Errorf("the refused responses are not counted as back-pressure: %+v", c.Errors)
	}
	if ph.Requests < 1000 {
		t.Errorf("%d requests in 3 s after two refused responses: the server did not write them again", ph.Requests)
	}
	if !c.Glue.Idle.Clean {
		t.Errorf("idle: %+v", c.Glue.Idle)
	}
}
