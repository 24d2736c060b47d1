package plan_test

import (
	"fmt"
	"github.com/lwipgen/lwipgen/internal/flow"
	_ "github.com/lwipgen/lwipgen/internal/flows/all"
	"math/rand"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/plan"
)

func load(t testing.TB, name string) *board.Board {
	t.Helper()
	b, diags := board.Source{}.Load(name)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	return b
}

var boards = []string{"h743", "f767", "f407", "gd32f407", "zynq7035", "mps2-an500"}

// Every built-in board gets a plan that passes every lwIP rule and every
// lwipgen rule, and every generated option has a reason.
func TestBuiltinBoardsPlan(t *testing.T) {
	for _, name := range boards {
		t.Run(name, func(t *testing.T) {
			p, err := flow.Plan(load(t, name))
			if err != nil {
				t.Fatal(err)
			}
			if f := p.Failed(); len(f) > 0 {
				t.Fatalf("failed checks: %v", f)
			}
			if len(p.Checks) < 60 {
				t.Errorf("only %d checks evaluated", len(p.Checks))
			}
			for _, s := range p.Settings {
				if strings.TrimSpace(s.Why) == "" || s.Rule == "" {
					t.Errorf("%s has no provenance", s.Name)
				}
			}
			if p.RAM.Total <= 0 || p.RAM.Symbols["ram_heap"] <= 0 {
				t.Errorf("RAM not predicted: %+v", p.RAM)
			}
		})
	}
}

// Facts the rules must get right, each a known trap of the seeds.
func TestRuleFacts(t *testing.T) {
	h7, _ := flow.Plan(load(t, "h743"))
	if h7.Value("TCP_MSS") != 1460 {
		t.Errorf("TCP_MSS %d, want 1460 (not the seed's 1448)", h7.Value("TCP_MSS"))
	}
	if got := h7.Value("PBUF_POOL_BUFSIZE"); got < 1514 {
		t.Errorf("PBUF_POOL_BUFSIZE %d cannot hold a full frame (seed 000's MSS+40 trap)", got)
	}
	if h7.Value("CHECKSUM_GEN_TCP") != 0 || h7.Value("CHECKSUM_CHECK_IP") != 0 {
		t.Errorf("H7 MAC offloads checksums; lwIP should not compute them")
	}
	if h7.Value("NO_SYS") != 0 || h7.Value("LWIP_SOCKET") != 1 {
		t.Errorf("freertos board must get the sequential API")
	}
	if !h7.Driver.NagleOff {
		t.Errorf("latency profile must disable Nagle per connection")
	}
	if _, ok := h7.Setting("TCP_NODELAY"); ok {
		t.Errorf("TCP_NODELAY is not an lwipopts option")
	}
	mps2, _ := flow.Plan(load(t, "mps2-an500"))
	if w := mps2.Value("TCP_WND"); w > 4*1460 {
		t.Errorf("mps2 TCP_WND %d leaves less than 2 of the 6 frames the LAN9118 RX FIFO holds free", w)
	}
	for _, p := range []*plan.Plan{h7, mps2} {
		if segs := p.Value("TCP_WND") / p.Value("TCP_MSS"); segs%2 != 0 {
			t.Errorf("%s: odd window of %d segments (the last one waits for the delayed ACK)", p.Board.Name, segs)
		}
	}
	if mps2.Value("CHECKSUM_GEN_TCP") != 1 {
		t.Errorf("LAN9118 has no checksum offload")
	}
	if mps2.Value("NO_SYS") != 1 || mps2.Value("LWIP_NETCONN") != 0 || mps2.Value("SYS_LIGHTWEIGHT_PROT") != 0 {
		t.Errorf("bare metal: NO_SYS 1, no netconn, no critical sections")
	}
	z, _ := flow.Plan(load(t, "zynq7035"))
	// The Vitis BSP has no window scaling and hard-codes TCP_SND_QUEUELEN = 16*SND_BUF/MSS.
	if z.Value("TCP_WND") > 0xFFFF || z.Value("LWIP_WND_SCALE") != 0 {
		t.Errorf("vitis: TCP_WND %d / LWIP_WND_SCALE %d, the BSP cannot scale windows", z.Value("TCP_WND"), z.Value("LWIP_WND_SCALE"))
	}
	if ql := 16 * z.Value("TCP_SND_BUF") / z.Value("TCP_MSS"); z.Value("TCP_SND_QUEUELEN") != ql || z.Value("MEMP_NUM_TCP_SEG") < ql {
		t.Errorf("vitis: TCP_SND_QUEUELEN %d (BSP writes %d), MEMP_NUM_TCP_SEG %d", z.Value("TCP_SND_QUEUELEN"), ql, z.Value("MEMP_NUM_TCP_SEG"))
	}
	// The same chip without the BSP gets window scaling for 900 Mbps at 0.3 ms.
	zs := load(t, "zynq7035")
	zs.Vendor = "standalone"
	sa, err := flow.Plan(zs)
	if err != nil {
		t.Fatal(err)
	}
	if sa.Value("LWIP_WND_SCALE") != 1 || sa.Value("TCP_RCV_SCALE") < 1 || sa.Value("TCP_WND") <= 0xFFFF || len(sa.Failed()) > 0 {
		t.Errorf("900 Mbps at 0.3 ms needs a scaled window above 64 KiB: WND %d scale %d, failed %v", sa.Value("TCP_WND"), sa.Value("TCP_RCV_SCALE"), sa.Failed())
	}
	if z.Value("MEM_ALIGNMENT") != 64 {
		t.Errorf("Zynq MEM_ALIGNMENT %d, want 64", z.Value("MEM_ALIGNMENT"))
	}
	for _, p := range []*plan.Plan{h7, mps2, z} {
		if p.Value("MEMP_NUM_TCP_SEG") < p.Value("TCP_SND_QUEUELEN") {
			t.Errorf("%s: MEMP_NUM_TCP_SEG < TCP_SND_QUEUELEN", p.Board.Name)
		}
		internal, _ := p.Config.Int("LWIP_NUM_SYS_TIMEOUT_INTERNAL")
		if internal < 3 || p.Value("MEMP_NUM_SYS_TIMEOUT") != internal+int64(p.Board.Workload.AppTimers)+1 {
			t.Errorf("%s: MEMP_NUM_SYS_TIMEOUT %d, want lwIP's %d + app timers %d + 1 glue timer", p.Board.Name, p.Value("MEMP_NUM_SYS_TIMEOUT"), internal, p.Board.Workload.AppTimers)
		}
	}
}

// Options in the board file win and are still checked.
func TestOverridesWinAndAreChecked(t *testing.T) {
	b := load(t, "f407")
	b.Options = []board.Option{{Name: "MEMP_NUM_TCP_SEG", Expr: "4", Int: 4, IsInt: true}}
	p, err := flow.Plan(b)
	if err != nil {
		t.Fatal(err)
	}
	if p.Value("MEMP_NUM_TCP_SEG") != 4 {
		t.Fatalf("override lost: %d", p.Value("MEMP_NUM_TCP_SEG"))
	}
	s, _ := p.Setting("MEMP_NUM_TCP_SEG")
	if s.Rule != "override" {
		t.Errorf("provenance of override: %+v", s)
	}
	failed := false
	for _, c := range p.Failed() {
		if c.ID == "lwip.init.tcp_snd_queuelen_vs_seg" {
			failed = true
		}
	}
	if !failed {
		t.Errorf("MEMP_NUM_TCP_SEG 4 < TCP_SND_QUEUELEN must fail lwIP's rule #60; failed: %v", p.Failed())
	}
}

// A workload that cannot fit the budget gets the clear error: which budget,
// by how much, and the best the board can do.
func TestDoesNotFit(t *testing.T) {
	b := load(t, "gd32f407")
	b.Memory.LwIPBudget = 64 * 1024
	b.Workload.TargetMbps = 90
	_, err := flow.Plan(b)
	fe, ok := err.(*plan.FitError)
	if !ok {
		t.Fatalf("want a FitError, got %v", err)
	}
	for _, want := range []string{"memory.lwip_budget is 65536 B", "over by", "sustains at most", "Mbps at 2 ms RTT"} {
		if !strings.Contains(fe.Msg, want) {
			t.Errorf("message %q lacks %q", fe.Msg, want)
		}
	}
	var best float64
	if _, err := fmt.Sscanf(fe.Msg[strings.Index(fe.Msg, "at most ")+8:], "%g", &best); err != nil || best <= 0 || best >= 90 {
		t.Fatalf("best rate %g from %q", best, fe.Msg)
	}
	b.Workload.TargetMbps = best
	if p, err := flow.Plan(b); err != nil || p.PlacedBytes() > 64*1024 {
		t.Errorf("the rate the error promises does not fit: %v", err)
	}
}

// Property: hundreds of random valid workloads give either a plan that passes
// every lwIP rule, or the clear "does not fit" error; never a plan lwIP would
// reject. (compile_test.go compiles a sample of them with the real compiler.)
func TestRandomWorkloads(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	n, fits, nofit := 0, 0, 0
	for _, p := range randomPlans(t, r, 400) {
		n++
		if p.err != nil {
			if _, ok := p.err.(*plan.FitError); !ok {
				t.Fatalf("%s: unexpected error %v", p.desc, p.err)
			}
			nofit++
			continue
		}
		fits++
		for _, c := range p.plan.Failed() {
			if strings.HasPrefix(c.ID, "lwip.") {
				t.Fatalf("%s: plan breaks lwIP rule %s: %s", p.desc, c.ID, c.Detail)
			}
		}
	}
	if fits < n/4 || nofit == 0 {
		t.Errorf("distribution: %d fit, %d do not fit of %d (the generator should exercise both)", fits, nofit, n)
	}
}

type randomPlan struct {
	desc string
	plan *plan.Plan
	err  error
}

func randomPlans(t testing.TB, r *rand.Rand, n int) []randomPlan {
	var out []randomPlan
	profiles := []string{"throughput", "latency", "balanced"}
	for i := 0; i < n; i++ {
		b := load(t, boards[r.Intn(len(boards))])
		w := &b.Workload
		w.Profile = profiles[r.Intn(3)]
		w.TCPConnections = r.Intn(16)
		w.TCPListeners = r.Intn(8)
		w.UDPEndpoints = r.Intn(6)
		if w.TCPConnections+w.TCPListeners+w.UDPEndpoints == 0 {
			w.TCPConnections = 1
		}
		limit := float64(b.Ethernet.SpeedMbps) * 0.94
		w.TargetMbps = 0.1 + r.Float64()*limit
		w.RTTMs = []float64{0.1, 0.5, 1, 2, 5, 20}[r.Intn(6)]
		w.DHCP = r.Intn(2) == 0
		w.DNS = r.Intn(3) == 0
		w.AppTimers = r.Intn(4)
		if b.Memory.LwIPBudget > 0 && r.Intn(2) == 0 {
			b.Memory.LwIPBudget = uint64(16*1024 + r.Intn(256*1024))
		}
		p, err := flow.Plan(b)
		out = append(out, randomPlan{desc: fmt.Sprintf("#%d %s %+v budget %d", i, b.Name, *w, b.Memory.LwIPBudget), plan: p, err: err})
	}
	return out
}

// Generating the plans for all six boards is a benchmark, not a timed test.
func BenchmarkPlanAllBoards(b *testing.B) {
	var bs []*board.Board
	for _, n := range boards {
		bs = append(bs, load(b, n))
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, bb := range bs {
			if _, err := flow.Plan(bb); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// workload.rx_streams shares the receive path among concurrent receivers:
// on the LAN9118 (6 frames fit its RX FIFO, 2 stay free) two streams get 2
// segments each.
func TestRxStreamsShareTheReceivePath(t *testing.T) {
	b := load(t, "mps2-an500")
	one, err := flow.Plan(b)
	if err != nil {
		t.Fatal(err)
	}
	b.Workload.RxStreams = 2
	b.Workload.TargetMbps = 25
	two, err := flow.Plan(b)
	if err != nil {
		t.Fatal(err)
	}
	if w1, w2 := one.Value("TCP_WND"), two.Value("TCP_WND"); w1 != 4*1460 || w2 != 2*1460 {
		t.Errorf("TCP_WND with 1 stream %d (want 5840), with 2 streams %d (want 2920)", w1, w2)
	}
	if len(two.Failed()) > 0 {
		t.Errorf("two streams at 25 Mbps: %v", two.Failed())
	}
}

// An option pinned as an expression is evaluated with the plan's other
// values (12 * the plan's MSS), and the sizes derived from it follow.
func TestPinnedExpressionDrivesDerivedSizes(t *testing.T) {
	b := load(t, "mps2-an500")
	b.Options = []board.Option{{Name: "TCP_SND_BUF", Expr: "(12 * TCP_MSS)"}}
	p, err := flow.Plan(b)
	if err != nil {
		t.Fatal(err)
	}
	if p.Value("TCP_SND_BUF") != 12*1460 {
		t.Fatalf("TCP_SND_BUF %d", p.Value("TCP_SND_BUF"))
	}
	conns := int64(b.Workload.TCPConnections)
	if p.Value("MEMP_NUM_TCP_SEG") < conns*12 || p.Value("MEM_SIZE") < conns*12*(1460+80) {
		t.Errorf("segments %d / heap %d do not follow 12-segment send buffers for %d connections", p.Value("MEMP_NUM_TCP_SEG"), p.Value("MEM_SIZE"), conns)
	}
	if len(p.Failed()) > 0 {
		t.Errorf("failed: %v", p.Failed())
	}
}
