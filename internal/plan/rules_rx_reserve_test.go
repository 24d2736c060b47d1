package plan_test

import (
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/plan"
)

// These rules were changed by a simulator finding (h743 at 1 % loss: two
// connections' out-of-order queues held all 16 zero-copy RX buffers and the
// MAC missed frames while no pool counter moved). The tests derive the
// expected values from the rules' reasons, without the simulator.

// Every connection holding its full out-of-order quota at once still leaves
// the ring's descriptors their buffers: conns x TCP_OOSEQ_MAX_PBUFS <=
// rx_buffers - rx_descriptors.
func TestOOSEQNeverTakesTheRingsBuffers(t *testing.T) {
	for _, tc := range []struct {
		board string
		want  int64 // (rx_buffers - rx_descriptors) / tcp_connections
	}{
		{"h743", (16 - 8) / 5}, // 1 (was 8: one window each, 5 x 8 = 40 > 8 buffers)
		{"f407", (12 - 4) / 4}, // 2
	} {
		p, err := plan.Build(load(t, tc.board))
		if err != nil {
			t.Fatal(err)
		}
		d := p.Driver
		if d.RxReserve != d.RxDescriptors || d.RxLwIPShare != d.RxBuffers-d.RxDescriptors {
			t.Errorf("%s: reserve %d / share %d, want %d / %d", tc.board, d.RxReserve, d.RxLwIPShare, d.RxDescriptors, d.RxBuffers-d.RxDescriptors)
		}
		got := p.Value("TCP_OOSEQ_MAX_PBUFS")
		if got != tc.want {
			t.Errorf("%s: TCP_OOSEQ_MAX_PBUFS %d, want %d", tc.board, got, tc.want)
		}
		conns := int64(p.Board.Workload.TCPConnections)
		if conns*got > int64(d.RxBuffers-d.RxDescriptors) {
			t.Errorf("%s: %d connections x %d out-of-order buffers exceed the %d lwIP may hold", tc.board, conns, got, d.RxBuffers-d.RxDescriptors)
		}
		if p.Value("TCP_OOSEQ_MAX_BYTES") != got*p.Value("TCP_MSS") {
			t.Errorf("%s: TCP_OOSEQ_MAX_BYTES %d, want %d x MSS", tc.board, p.Value("TCP_OOSEQ_MAX_BYTES"), got)
		}
	}
}

// The limit follows the RX pool and the connection count, and is capped at
// one window.
func TestOOSEQFollowsPoolAndConnections(t *testing.T) {
	b := load(t, "h743")
	b.Ethernet.RxBuffers = 8 + 5*3 // three out-of-order buffers per connection
	p, err := plan.Build(b)
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Value("TCP_OOSEQ_MAX_PBUFS"); got != 3 {
		t.Errorf("23 buffers, 8 descriptors, 5 connections: TCP_OOSEQ_MAX_PBUFS %d, want 3", got)
	}
	b = load(t, "h743")
	b.Workload.TCPConnections = 1
	b.Ethernet.RxBuffers = 32
	b.Memory.LwIPBudget = 0
	p, err = plan.Build(b)
	if err != nil {
		t.Fatal(err)
	}
	if got, wnd := p.Value("TCP_OOSEQ_MAX_PBUFS"), p.Value("TCP_WND")/p.Value("TCP_MSS"); got != wnd {
		t.Errorf("one connection, 24 spare buffers: TCP_OOSEQ_MAX_PBUFS %d, want one window (%d)", got, wnd)
	}
}

// A pinned limit that lets the connections take the ring's buffers fails the
// plan check, on the option the user wrote.
func TestRxReserveCheckRefusesAPinnedLimit(t *testing.T) {
	b := load(t, "h743")
	b.Options = []board.Option{{Name: "TCP_OOSEQ_MAX_PBUFS", Expr: "8", Int: 8, IsInt: true}}
	p, err := plan.Build(b)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, c := range p.Failed() {
		if c.ID == "plan.rx_reserve_holds" {
			found = true
		}
	}
	if !found {
		t.Errorf("5 connections x 8 out-of-order buffers > 8 must fail plan.rx_reserve_holds; failed: %v", p.Failed())
	}
	ok, err := plan.Build(load(t, "h743"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range ok.Checks {
		if c.ID == "plan.rx_reserve_holds" && !c.OK {
			t.Errorf("the generated limit fails its own check: %s", c.Detail)
		}
	}
}

// Copy drivers keep their own DMA buffers: no reserve, and lwIP's share is
// the window it receives.
func TestCopyDriverNeedsNoReserve(t *testing.T) {
	p, err := plan.Build(load(t, "gd32f407"))
	if err != nil {
		t.Fatal(err)
	}
	if p.Driver.RxReserve != 0 {
		t.Errorf("gd32 copy driver: reserve %d, want 0", p.Driver.RxReserve)
	}
}
