package bench

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lwipgen/lwipgen/internal/qemu"
	"github.com/lwipgen/lwipgen/internal/testenv"
)

func TestCells(t *testing.T) {
	o := Options{Net: "all"}
	o.defaults()
	cells := Cells(o)
	if len(cells) != 1+3*3 || cells[0].Net != "slirp" {
		t.Fatalf("cells %v: want slirp + 3 delays x 3 losses", cells)
	}
	if c := cells[len(cells)-1]; c.Delay != 10*time.Millisecond || c.Loss != 0.01 || c.String() != "tap 10ms 1%" {
		t.Errorf("last cell %+v %q", c, c)
	}
	if n := len(Cells(Options{Net: "slirp", Delays: DefaultDelays, Losses: DefaultLosses})); n != 1 {
		t.Errorf("slirp only: %d cells", n)
	}
}

func row(name string, h2g, g2h, echo float64, p99 time.Duration, drops int, s Sizing, cell Cell) Row {
	return Row{Config: name, HostToGuest: h2g, GuestToHost: g2h, Echo: echo, Loaded64: qemu.Latency{P99: p99}, Drops: drops, Sizing: s, Cell: cell}
}

// The verdict passes lwipgen within 0.95x of the best and fails it below,
// with the reason the measured counters and sizing give.
func TestVerdict(t *testing.T) {
	lossy := Cell{Net: "tap", Delay: time.Millisecond, Loss: 0.01}
	small, big := Sizing{MSS: 1460, WndSegs: 4, SndSegs: 4}, Sizing{MSS: 1460, WndSegs: 16, SndSegs: 16}
	rs := []Row{
		row("lwip-defaults", 1, 1, 1, 5*time.Millisecond, 0, Sizing{MSS: 536, WndSegs: 4, SndSegs: 2}, lossy),
		row("seed-style", 2, 3, 2, 2*time.Millisecond, 7, big, lossy),
		row("lwipgen", 1.95, 1, 2, time.Millisecond, 0, small, lossy),
	}
	v := strings.Join(Verdict(rs), "\n")
	for _, want := range []string{"ok   host->guest", "LOW  guest->host", "loss recovery", "4-segment TCP_SND_BUF", "ok   echo", "ok   p99 under load", "0 NIC drops"} {
		if !strings.Contains(v, want) {
			t.Errorf("verdict lacks %q:\n%s", want, v)
		}
	}
	rs[1].Drops, rs[2].Drops, rs[2].Loaded64.P99 = 0, 3, 9*time.Millisecond
	v = strings.Join(Verdict(rs), "\n")
	for _, want := range []string{"HIGH p99", "DROP lwipgen: 3 NIC drops: none in the single-connection transfers", "rx_streams 1", "lost 3 frames at the NIC"} {
		if !strings.Contains(v, want) {
			t.Errorf("verdict lacks %q:\n%s", want, v)
		}
	}
	rs[2].DropsBulk = 2
	if v := strings.Join(Verdict(rs), "\n"); !strings.Contains(v, "2 of them in single-connection transfers") {
		t.Errorf("bulk drops not named:\n%s", v)
	}
	if Verdict(rs[:2]) != nil {
		t.Error("a verdict without lwipgen")
	}
}

// The cross-check's judgement: rankings and drops that differ are flagged
// with a reason; agreement within 10 % is not.
func TestCrossJudge(t *testing.T) {
	cell := Cell{Net: "tap", Loss: 0.01}
	cc := CrossCell{Cell: cell, Rows: []Cross{
		{Config: "a", QemuH2G: 2, SimH2G: 2, QemuG2H: 1, SimG2H: 3, QemuDrop: 0, SimDrop: 0},
		{Config: "b", QemuH2G: 1, SimH2G: 1.05, QemuG2H: 2, SimG2H: 1, QemuDrop: 4, SimDrop: 0},
	}}
	cc.judge()
	if !cc.RankH2G || cc.RankG2H || cc.DropsAgree {
		t.Fatalf("judge: %+v", cc)
	}
	why := strings.Join(cc.Why, "\n")
	if !strings.Contains(why, "b drops in QEMU (4)") || !strings.Contains(why, "ranking differs") || !strings.Contains(why, "RACK") {
		t.Errorf("why: %s", why)
	}
	ok := CrossCell{Cell: cell, Rows: []Cross{{Config: "a", QemuH2G: 2, SimH2G: 4, QemuG2H: 1, SimG2H: 1}, {Config: "b", QemuH2G: 1, SimH2G: 2, QemuG2H: 1.05, SimG2H: 1}}}
	ok.judge()
	if !ok.RankH2G || !ok.RankG2H || !ok.DropsAgree || len(ok.Why) != 0 {
		t.Errorf("agreeing cell judged %+v", ok)
	}
}

// The vendor baselines keep their sizing only and compile into the
// firmware with lwIP (host gcc, the firmware's own lwipopts.h contract).
func TestBaselineConfigs(t *testing.T) {
	bl, err := BaselineConfigs()
	if err != nil {
		t.Fatal(err)
	}
	if len(bl) != 2 {
		t.Fatalf("%d baselines, want the two STM32F7 (Cortex-M7) ones", len(bl))
	}
	for _, c := range bl {
		for _, banned := range []string{"CHECKSUM_GEN_TCP 0", "NO_SYS 0", "LWIP_STATS 0", "LWIP_NETCONN 1"} {
			if strings.Contains(c.LwipOpts, banned) {
				t.Errorf("%s keeps the integration setting %q", c.Name, banned)
			}
		}
		s := SizingOf(c)
		if s.MSS == 0 || s.WndSegs == 0 {
			t.Errorf("%s: sizing %+v not resolved", c.Name, s)
		}
	}
	// st-f7-example: TCP_MSS 1460, TCP_WND 2*MSS as in ST's file
	if s := SizingOf(bl[1]); bl[1].Name != "st-f7-example" || s.MSS != 1460 || s.WndSegs != 2 {
		t.Errorf("%s sizing %+v", bl[1].Name, s)
	}
	cc := testenv.HostCC(t)
	lw := testenv.LwIP(t)
	for _, c := range append(bl, DefaultsConfig(), SeedConfig()) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "lwipopts.h"), []byte(c.LwipOpts), 0o644); err != nil {
			t.Fatal(err)
		}
		os.MkdirAll(filepath.Join(dir, "arch"), 0o755)
		os.WriteFile(filepath.Join(dir, "arch", "cc.h"), []byte("#include <stdint.h>\n#include <sys/types.h>\n#define LWIP_PLATFORM_ASSERT(x)\n#define LWIP_PLATFORM_DIAG(x)\n#define LWIP_NO_UNISTD_H 1\n"), 0o644)
		src := filepath.Join(dir, "t.c")
		os.WriteFile(src, []byte("#include \"lwip/init.h\"\n#include \"lwip/tcp.h\"\nint main(void){lwip_init();return TCP_WND;}\n"), 0o644)
		out, err := exec.Command(cc, "-fsyntax-only", "-I"+dir, "-I"+filepath.Join(lw, "src", "include"), filepath.Join(lw, "src", "core", "init.c"), src).CombinedOutput()
		if err != nil {
			t.Errorf("%s does not compile against lwIP: %v\n%s", c.Name, err, out)
		}
	}
}

// BenchmarkIdleRequestResponse prints idle request/response p50/p99 for
// lwipgen's configuration beside lwIP's defaults on the tap back end (the
// Linux peer, no impairment) and on slirp: the cost of the delayed-ACK/Nagle
// interplay a 536-byte MSS brings to a 1 KiB request.
//
//	go test -run x -bench IdleRequestResponse ./internal/bench
func BenchmarkIdleRequestResponse(b *testing.B) {
	testenv.QEMU(b)
	testenv.CrossCompiler(b)
	net := "all"
	if qemu.CanTap() != nil {
		b.Log("no tap back end (needs root): slirp only")
		net = "slirp"
	}
	for i := 0; i < b.N; i++ {
		rows, err := Run(b.Context(), Options{Board: "mps2-an500", Out: b.TempDir(), Net: net, Delays: []time.Duration{0}, Losses: []float64{0},
			Configs: []string{"lwip-defaults", "lwipgen"}, Runs: 1, Bytes: 64 << 10, N: 1000})
		if err != nil {
			b.Fatal(err)
		}
		for _, r := range rows {
			b.Logf("%-14s %-12s idle 64 B p50 %v p99 %v | 1 KiB p50 %v p99 %v", r.Config, r.Cell, r.Idle64.P50, r.Idle64.P99, r.Idle1K.P50, r.Idle1K.P99)
			tag := strings.ReplaceAll(r.Config+"/"+r.Cell.Net, " ", "")
			b.ReportMetric(float64(r.Idle1K.P50)/1e3, tag+"-1k-p50-us")
			b.ReportMetric(float64(r.Idle1K.P99)/1e3, tag+"-1k-p99-us")
		}
	}
}

// Without root, --net all measures slirp only and says why; --net tap fails.
func TestResolveNetWithoutRoot(t *testing.T) {
	noRoot := func() error { return errors.New("the tap back end needs root") }
	var log strings.Builder
	o := Options{Net: "all", Log: &log}
	if err := resolveNet(&o, noRoot); err != nil || o.Net != "slirp" || !strings.Contains(log.String(), "needs root: running slirp only") {
		t.Errorf("net all without root: %v, net %q, log %q", err, o.Net, log.String())
	}
	o = Options{Net: "tap", Log: &log}
	if err := resolveNet(&o, noRoot); err == nil {
		t.Error("net tap without root accepted")
	}
	o = Options{Net: "all", Log: &log}
	if err := resolveNet(&o, func() error { return nil }); err != nil || o.Net != "all" {
		t.Errorf("with root: %v %q", err, o.Net)
	}
}

// bench --lwipopts: each file is a configuration named after it, placed before
// lwipgen's (which stays last); a name already taken is refused.
func TestUserConfigs(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "mine.h")
	if err := os.WriteFile(f, []byte("#define NO_SYS 1\n#include <stdint.h>\n#define TCP_MSS 1000\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	have := []Config{DefaultsConfig(), {Name: "lwipgen"}}
	user, err := UserConfigs([]string{f}, have)
	if err != nil {
		t.Fatal(err)
	}
	got := configNames(withUser(have, user))
	if strings.Join(got, ",") != "lwip-defaults,mine,lwipgen" {
		t.Errorf("order %v, want lwip-defaults,mine,lwipgen", got)
	}
	// ST's CubeMX H7 file (the simulator's fixture, shaped on stm32-hotspot/STM32H7-LwIP-Examples
	// STM32H743_Nucleo_ETH LWIP/Target/lwipopts.h) is a FreeRTOS file with a project header: refused
	// before any build, with both reasons and where it does run
	_, err = UserConfigs([]string{filepath.Join("..", "sim", "testdata", "cubemx_h743_eth_code_lwipopts.h")}, have)
	if err == nil || !strings.Contains(err.Error(), "NO_SYS at lwIP's default 0") || !strings.Contains(err.Error(), "main.h") || !strings.Contains(err.Error(), "lwipgen sim BOARD") {
		t.Errorf("the CubeMX H7 file: %v", err)
	}
	if SizingOf(user[0]).MSS != 1000 {
		t.Errorf("sizing of the user's file: %+v", SizingOf(user[0]))
	}
	taken := filepath.Join(dir, "lwipgen.h")
	if err := os.WriteFile(taken, []byte(""), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := UserConfigs([]string{taken}, have); err == nil || !strings.Contains(err.Error(), "already taken") {
		t.Errorf("a file named lwipgen.h: %v", err)
	}
}

// The configurations of a cell are measured run by run in turn: every run
// measures each configuration once, and over n runs each one is first once.
func TestRunOrderInterleaves(t *testing.T) {
	const n = 4
	first := map[int]bool{}
	for r := 0; r < n; r++ {
		o := runOrder(n, r)
		seen := map[int]bool{}
		for _, i := range o {
			seen[i] = true
		}
		if len(o) != n || len(seen) != n {
			t.Fatalf("run %d order %v: not every configuration once", r, o)
		}
		first[o[0]] = true
	}
	if len(first) != n {
		t.Errorf("over %d runs only %v ran first", n, first)
	}
}
