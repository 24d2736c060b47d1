package plan_test

import (
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/flow"
)

// These rules were changed by a simulator finding (h743 at 1 % loss: two
// connections' out-of-order queues held all 16 zero-copy RX buffers and the
// MAC missed frames while no pool counter moved). The tests derive the
// expected values from the rules' reasons, without the simulator.

// After a loss a connection queues the rest of its window out of order
// (window - 1), never more than the RX buffers lwIP may hold
// (rx_buffers - rx_descriptors), and the window is small enough that two
// connections recovering at once fit when the target allows:
// (window - 1) x 2 <= rx_buffers - rx_descriptors.
func TestOOSEQQueuesTheWindowTailInsideTheShare(t *testing.T) {
	for _, tc := range []struct {
		board      string
		wnd, ooseq int64
		two        bool // two recoveries fit
	}{
		{"h743", 4, 3, false},       // 5 busy streams at 90 Mbps: 4-segment windows; the tcpip mailbox's 4 frames leave lwIP 4 buffers (rules_rx_input_test.go)
		{"f407", 6, 5, false},       // one stream at 20 Mbps needs more than the 5 segments two recoveries allow
		{"f767", 8, 7, false},       // 50 Mbps on one stream needs 8 segments
		{"mps2-an500", 4, 3, false}, // FIFO MAC: the CPU copies; a short PBUF_POOL drops a frame, never starves a ring
	} {
		p, err := flow.Plan(load(t, tc.board))
		if err != nil {
			t.Fatal(err)
		}
		d := p.Driver
		wnd := p.Value("TCP_WND") / p.Value("TCP_MSS")
		got := p.Value("TCP_OOSEQ_MAX_PBUFS")
		if wnd != tc.wnd || got != tc.ooseq {
			t.Errorf("%s: window %d / out-of-order %d segments, want %d / %d", tc.board, wnd, got, tc.wnd, tc.ooseq)
		}
		if got != wnd-1 || got > int64(d.RxLwIPShare) {
			t.Errorf("%s: out-of-order %d must be window-1 (%d) and fit lwIP's share %d", tc.board, got, wnd-1, d.RxLwIPShare)
		}
		if fits := 2*got <= int64(d.RxLwIPShare); fits != tc.two {
			t.Errorf("%s: two recoveries fit = %v, want %v (share %d)", tc.board, fits, tc.two, d.RxLwIPShare)
		}
		mbox := 0 // one RX batch waits in the tcpip mailbox holding pool buffers on an RTOS board
		if p.Value("NO_SYS") == 0 {
			mbox = d.RxBudget
		}
		if d.RxModel == "custom_pool" && (d.RxReserve != d.RxDescriptors+mbox || d.RxLwIPShare != d.RxBuffers-d.RxDescriptors-mbox) {
			t.Errorf("%s: reserve %d / share %d, want %d / %d", tc.board, d.RxReserve, d.RxLwIPShare, d.RxDescriptors+mbox, d.RxBuffers-d.RxDescriptors-mbox)
		}
		if p.Value("TCP_OOSEQ_MAX_BYTES") != got*p.Value("TCP_MSS") {
			t.Errorf("%s: TCP_OOSEQ_MAX_BYTES %d, want %d x MSS", tc.board, p.Value("TCP_OOSEQ_MAX_BYTES"), got)
		}
	}
}

// The loss cap follows the RX pool: with more spare buffers a larger window
// keeps two recoveries inside them; with no loss declared there is no cap.
func TestLossWindowCapFollowsThePool(t *testing.T) {
	b := load(t, "f407")
	b.Ethernet.RxBuffers = 4 + 2*5 // two recoveries of a 6-segment window
	p, err := flow.Plan(b)
	if err != nil {
		t.Fatal(err)
	}
	if w := p.Value("TCP_WND") / 1460; w != 6 || 2*p.Value("TCP_OOSEQ_MAX_PBUFS") > int64(p.Driver.RxLwIPShare) {
		t.Errorf("14 buffers: window %d, out-of-order %d, share %d", w, p.Value("TCP_OOSEQ_MAX_PBUFS"), p.Driver.RxLwIPShare)
	}
	b = load(t, "h743")
	b.Workload.RxStreams = 1
	b.Workload.TargetMbps = 40
	p, err = flow.Plan(b)
	if err != nil {
		t.Fatal(err)
	}
	if w := p.Value("TCP_WND") / 1460; w != 4 {
		t.Errorf("h743, one stream at 40 Mbps: window %d, want the loss cap 8/2+1 = 5 made even = 4", w)
	}
	b.Workload.LossPercent = 0
	b.Workload.TargetMbps = 90
	p, err = flow.Plan(b)
	if err != nil {
		t.Fatal(err)
	}
	if w := p.Value("TCP_WND") / 1460; w != 8 {
		t.Errorf("h743, one stream, no loss declared: window %d, want the BDP's 8", w)
	}
}

// Send buffers double where the declared loss would stall a 4-segment
// buffer in timeouts: rate x 5p^2 x 1 s > 5 %.
func TestSendBufferForTheDeclaredLoss(t *testing.T) {
	b := load(t, "h743")
	p, err := flow.Plan(b)
	if err != nil {
		t.Fatal(err)
	}
	if s := p.Value("TCP_SND_BUF") / 1460; s != 4 {
		t.Errorf("h743 at 0.1 %%: %d segments, want 4 (1541 seg/s x 5e-6 = 0.8 %% stalled)", s)
	}
	b.Workload.LossPercent = 1
	b.Memory.LwIPBudget = 0
	p, err = flow.Plan(b)
	if err != nil {
		t.Fatal(err)
	}
	if s := p.Value("TCP_SND_BUF") / 1460; s != 8 {
		t.Errorf("h743 at 1 %%: %d segments, want 8 (1541 seg/s x 5e-4 = 77 %% stalled with 4)", s)
	}
}

// A pinned limit that lets the connections take the ring's buffers fails the
// plan check, on the option the user wrote.
func TestRxReserveCheckRefusesAPinnedLimit(t *testing.T) {
	b := load(t, "h743")
	b.Options = []board.Option{{Name: "TCP_OOSEQ_MAX_PBUFS", Expr: "0", Int: 0, IsInt: true}}
	p, err := flow.Plan(b)
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
		t.Errorf("an unlimited out-of-order queue must fail plan.rx_reserve_holds; failed: %v", p.Failed())
	}
	ok, err := flow.Plan(load(t, "h743"))
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
	p, err := flow.Plan(load(t, "gd32f407"))
	if err != nil {
		t.Fatal(err)
	}
	if p.Driver.RxReserve != 0 {
		t.Errorf("gd32 copy driver: reserve %d, want 0", p.Driver.RxReserve)
	}
}

// DMA-into-PBUF_POOL (Xilinx) sizes its pool for the armed ring plus what
// TCP may hold: one window per stream or the window's
// tail for each of two recovering connections, whichever is more (zynq7035
// in the simulator ran PBUF_POOL dry with 256 armed + one window).
func TestPbufPoolHoldsTwoRecoveries(t *testing.T) {
	p, err := flow.Plan(load(t, "zynq7035"))
	if err != nil {
		t.Fatal(err)
	}
	wnd := p.Value("TCP_WND") / p.Value("TCP_MSS")
	need := int64(p.Driver.RxDescriptors) + 2*(wnd-1) + 2
	if got := p.Value("PBUF_POOL_SIZE"); got < need {
		t.Errorf("PBUF_POOL_SIZE %d < %d armed + 2 x %d out-of-order + 2", got, p.Driver.RxDescriptors, wnd-1)
	}
	if p.Value("TCP_OOSEQ_MAX_PBUFS") != wnd-1 {
		t.Errorf("TCP_OOSEQ_MAX_PBUFS %d, want the capped window less one (%d)", p.Value("TCP_OOSEQ_MAX_PBUFS"), wnd-1)
	}
}
