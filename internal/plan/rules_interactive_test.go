package plan_test

import (
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/plan"
)

func checkOf(p *plan.Plan, id string) (plan.Check, bool) {
	for _, c := range p.Checks {
		if c.ID == id {
			return c, true
		}
	}
	return plan.Check{}, false
}

func warned(p *plan.Plan, id string) int {
	n := 0
	for _, w := range p.Warnings {
		if w.ID == id {
			n++
		}
	}
	return n
}

// TestInteractiveRequestsShareTheFIFO: on the LAN9118 every connection's
// frames wait in one RX FIFO in arrival order, so a latency profile bounds
// the bulk receive window to the 2 segments lwIP still ACKs at once (4 would
// put 4 full frames ahead of each 64 B request), where 2 carry the target;
// where they do not, the window stays and the board is warned; a pinned
// window that queues more than the target needs fails plan.interactive_queue.
// The numbers are FIFO and TCP arithmetic only (no simulator, no QEMU).
func TestInteractiveRequestsShareTheFIFO(t *testing.T) {
	// mps2-an500 at 25 Mbps: BDP 25 Mbps x (0.5 ms + 3 x 0.123 ms) = 2716 B, 2 x 1460 carry it
	b := load(t, "mps2-an500")
	b.Workload.Profile, b.Workload.TargetMbps = "latency", 25
	p := build(t, b)
	if n := segs(p, "TCP_WND"); n != plan.InteractiveQueueFrames {
		t.Errorf("latency on the LAN9118: TCP_WND %d segments, want %d", n, plan.InteractiveQueueFrames)
	}
	st, _ := p.Setting("TCP_WND")
	if why := st.Why; !strings.Contains(why, "shared RX FIFO") || !strings.Contains(why, "a window of 4 puts 4 there") {
		t.Errorf("TCP_WND's reason does not name the shared FIFO: %s", why)
	}
	if c, ok := checkOf(p, "plan.interactive_queue"); !ok || !c.OK {
		t.Errorf("plan.interactive_queue %+v (present %v), want a passing check", c, ok)
	}
	if warned(p, "sizing.interactive_window") != 0 {
		t.Error("warned although 2 segments carry the target")
	}
	if len(p.Failed()) > 0 {
		t.Errorf("failed: %v", p.Failed())
	}

	// the throughput profile keeps the FIFO's 4 segments and has no such check
	tp := load(t, "mps2-an500")
	tp.Workload.TargetMbps = 25
	pt := build(t, tp)
	if n := segs(pt, "TCP_WND"); n != 4 {
		t.Errorf("throughput profile: TCP_WND %d segments, want 4 (fast retransmit floor)", n)
	}
	if _, ok := checkOf(pt, "plan.interactive_queue"); ok {
		t.Error("plan.interactive_queue on a throughput profile")
	}

	// 50 Mbps needs the 4 segments: kept, with a warning (once)
	hi := load(t, "mps2-an500")
	hi.Workload.Profile = "latency"
	ph := build(t, hi)
	if n := segs(ph, "TCP_WND"); n != 4 {
		t.Errorf("latency at 50 Mbps: TCP_WND %d segments, want the 4 the target needs", n)
	}
	if n := warned(ph, "sizing.interactive_window"); n != 1 {
		t.Errorf("sizing.interactive_window given %d times, want once", n)
	}
	if c, _ := checkOf(ph, "plan.interactive_queue"); !c.OK {
		t.Errorf("the target needs the window: check %+v should pass", c)
	}

	// a pinned 4-segment window where 2 would do queues 4 frames: refused
	pin := load(t, "mps2-an500")
	pin.Workload.Profile, pin.Workload.TargetMbps = "latency", 25
	pin.Options = append(pin.Options, board.Option{Name: "TCP_WND", Expr: "(4 * TCP_MSS)", Int: 4 * 1460, IsInt: true})
	pp := build(t, pin)
	if c, _ := checkOf(pp, "plan.interactive_queue"); c.OK || !strings.Contains(c.Detail, "= 4 full frames ahead") {
		t.Errorf("pinned 4-segment window: plan.interactive_queue %+v, want a failure naming 4 frames", c)
	}
}
