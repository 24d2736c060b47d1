package plan_test

import (
	"fmt"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/plan"
)

// bdpOf is the bandwidth-delay product of one receiving stream, from the
// board's declared rate and RTT plus three frame times (preamble, header,
// CRC and gap around each MSS), computed here, not by the plan.
func bdpOf(b *board.Board, p *plan.Plan) int64 {
	mss := p.Value("TCP_MSS")
	frameMs := float64(mss+20+20+14+8+12+4) * 8 / (float64(b.Ethernet.SpeedMbps) * 1e6) * 1000
	bdp := b.Workload.TargetMbps * 1e6 / 8 * (b.Workload.RTTMs + 3*frameMs) / 1000
	return int64(bdp)/int64(max(b.Workload.RxStreams, 1)) + 1
}

// lwIP 2.1.3 sends a window update from tcp_recved() only once the right
// edge has grown by TCP_WND_UPDATE_THRESHOLD (default min(TCP_WND/4,
// 4*TCP_MSS)); until then a sender that filled the window waits. The
// threshold must leave the BDP advertised (TCP_WND - threshold >= BDP) or be
// the one-MSS floor, and lwIP's default stays where it already does.
func TestWindowUpdateThresholdLeavesTheBDPAdvertised(t *testing.T) {
	for _, name := range []string{"mps2-an500", "h743", "f407", "f767", "gd32f407", "zynq7035"} {
		b := load(t, name)
		p := build(t, b)
		wnd, mss, thr := p.Value("TCP_WND"), p.Value("TCP_MSS"), p.Value("TCP_WND_UPDATE_THRESHOLD")
		def := min(wnd/4, 4*mss)
		need := bdpOf(b, p)
		switch {
		case thr < mss:
			t.Errorf("%s: threshold %d < MSS %d: below what tcp_update_rcv_ann_wnd reports", name, thr, mss)
		case thr > def:
			t.Errorf("%s: threshold %d above lwIP's default %d: more waiting for no fewer ACKs", name, thr, def)
		case wnd-def >= need && thr != def:
			t.Errorf("%s: lwIP's default %d already leaves %d B >= BDP %d B advertised; got %d", name, def, wnd-def, need, thr)
		case wnd-thr < need && thr != mss:
			t.Errorf("%s: TCP_WND %d - threshold %d = %d B < BDP %d B and the threshold is not the one-MSS floor", name, wnd, thr, wnd-thr, need)
		}
	}
}

// The FIFO-capped window (mps2-an500's LAN9118: 4 x 1460 B for a 5.4 KB
// BDP) leaves less than one more segment above the BDP: one MSS. With MSS
// 998 the FIFO holds 8 segments and 8 x 998 - 2 x 998 still covers the BDP,
// so lwIP's default of 2 segments stays (the ACK rate it halves decided
// slirp one way and the Linux peer the other; docs/bench.md).
func TestFIFOWindowUpdateFollowsTheBDP(t *testing.T) {
	for _, tc := range []struct {
		mss, segs int64 // the MSS pinned (0: the plan's), the threshold in segments
	}{{0, 1}, {998, 2}} {
		b := load(t, "mps2-an500")
		if tc.mss > 0 {
			b.Options = []board.Option{{Name: "TCP_MSS", Expr: fmt.Sprint(tc.mss), Int: tc.mss, IsInt: true}}
		}
		p := build(t, b)
		m, wnd := p.Value("TCP_MSS"), p.Value("TCP_WND")
		if got := p.Value("TCP_WND_UPDATE_THRESHOLD"); got != tc.segs*m {
			t.Errorf("MSS %d, TCP_WND %d (%d segments), BDP %d: threshold %d, want %d segment(s)", m, wnd, wnd/m, bdpOf(b, p), got, tc.segs)
		}
		if s, _ := p.Setting("TCP_WND_UPDATE_THRESHOLD"); s.Rule != "tcp.wnd_update" || s.Why == "" {
			t.Errorf("provenance: %+v", s)
		}
	}
}

// The latency profile keeps one BDP of window and no headroom: any
// threshold above one MSS would leave less than the BDP advertised.
func TestLatencyWindowUpdatesEverySegment(t *testing.T) {
	b := load(t, "zynq7035")
	b.Workload.Profile = "latency"
	p := build(t, b)
	if got, m := p.Value("TCP_WND_UPDATE_THRESHOLD"), p.Value("TCP_MSS"); p.Value("TCP_WND")-got < bdpOf(b, p) && got != m {
		t.Errorf("latency profile: TCP_WND %d, threshold %d, BDP %d", p.Value("TCP_WND"), got, bdpOf(b, p))
	}
}

// A threshold pinned by the user is checked like everything else: 4 MSS
// on the FIFO window leaves one segment advertised, 0 ACKs every
// tcp_recved call.
func TestWindowUpdateCheckRefusesWideOrZeroThresholds(t *testing.T) {
	for _, expr := range []string{"(4 * TCP_MSS)", "0"} {
		b := load(t, "mps2-an500")
		b.Options = []board.Option{{Name: "TCP_WND_UPDATE_THRESHOLD", Expr: expr}}
		p := build(t, b)
		failed := false
		for _, c := range p.Failed() {
			if c.ID == "plan.wnd_update_keeps_window" {
				failed = true
			}
		}
		if !failed {
			t.Errorf("TCP_WND_UPDATE_THRESHOLD %s = %d on TCP_WND %d passed plan.wnd_update_keeps_window", expr, p.Value("TCP_WND_UPDATE_THRESHOLD"), p.Value("TCP_WND"))
		}
	}
	if p := build(t, load(t, "mps2-an500")); len(p.Failed()) > 0 {
		t.Errorf("generated plan fails: %v", p.Failed())
	}
}

// Between the floor and lwIP's default: a window a little above the BDP
// (zynq7035's 37.9 KB, TCP_WND pinned at 28 x 1460 = 40880 B) leaves 2977 B,
// two whole segments, where lwIP's default of 4 would advertise 35040 B.
func TestWindowUpdateThresholdTakesWholeSegmentsAboveTheBDP(t *testing.T) {
	b := load(t, "zynq7035")
	b.Options = []board.Option{{Name: "TCP_WND", Expr: "(28 * TCP_MSS)"}}
	p := build(t, b)
	wnd, mss, need := p.Value("TCP_WND"), p.Value("TCP_MSS"), bdpOf(b, p)
	want := (wnd - need) / mss * mss
	if want <= mss || want >= min(wnd/4, 4*mss) {
		t.Fatalf("TCP_WND %d, BDP %d: %d B between the floor and the default is needed for this case", wnd, need, want)
	}
	if got := p.Value("TCP_WND_UPDATE_THRESHOLD"); got != want {
		t.Errorf("TCP_WND %d, BDP %d: threshold %d, want %d (whole segments of TCP_WND - BDP)", wnd, need, got, want)
	}
	for _, c := range p.Failed() {
		if c.ID == "plan.wnd_update_keeps_window" {
			t.Errorf("the rule's own value fails its check: %s", c.Detail)
		}
	}
}
