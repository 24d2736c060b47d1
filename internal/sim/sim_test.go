package sim

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/lwipgen/lwipgen/internal/board"
	_ "github.com/lwipgen/lwipgen/internal/flows/all"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/testenv"
)

// testCache holds the simulators this test binary compiles: shared by its
// tests (one build per configuration), removed when they end, never the
// user's lwipgen cache.
var testCache string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "lwipgen-sim-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	testCache = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// needHost skips (or in CI fails) when the host compiler or the lwIP source is missing.
func needHost(t testing.TB) {
	t.Helper()
	if _, err := compiler(); err != nil {
		testenv.Missing(t, "the host C compiler ($SIM_CC or gcc)", "apt-get install gcc")
	}
	testenv.LwIP(t)
}

func prepare(t testing.TB, name string) *pipeline.Generated {
	t.Helper()
	g, d := pipeline.Prepare(pipeline.Options{Board: name, Source: board.Source{}})
	if d.HasErrors() {
		t.Fatalf("%s: %v", name, d)
	}
	return g
}

func zero() *float64 { z := 0.0; return &z }

// validation runs a synthetic device configuration on a bare-metal board's generated driver (f767:
// CubeMX's ethernetif.c on the STM32 HAL ETH model, the board's own RX rings) with the CPU cost set
// to zero, so that only the link and TCP are measured: the simulator's TCP and link model against
// closed-form values. The frames take the board's path (descriptors, the zero-copy RX pool, the
// poll loop); with a zero CPU cost that path adds no time, so the formulas still hold. A
// configuration that could not start (or moved no frame) fails here with the glue's reason.
func validation(t *testing.T, header string, rttMs float64, conns int, phases []string) *Result {
	return validationOn(t, "f767", false, header, rttMs, conns, phases)
}

func validationOn(t *testing.T, board string, rtos bool, header string, rttMs float64, conns int, phases []string) *Result {
	t.Helper()
	needHost(t)
	g := prepare(t, board)
	if m, ok := runsGlue(g.Plan); !ok || m.RTOS != rtos {
		t.Fatalf("%s no longer runs its generated driver in the simulator (RTOS model: %v)", board, rtos)
	}
	c, err := fromDefines(g.Plan, "validation", "validation config", []byte(header))
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Checks) > 0 {
		t.Fatalf("validation config fails lwIP checks: %v", c.Checks)
	}
	r, err := Run(context.Background(), g, Options{CacheDir: testCache, deviceOverride: c, rttOverride: rttMs, connsOverride: conns, phasesOverride: phases,
		CPUNsPerFrame: zero(), CPUNsPerByte: zero(), Duration: 400 * time.Millisecond, Warmup: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if e := r.Configs[0].Error; e != "" {
		t.Fatal(e)
	}
	if r.Configs[0].Glue == nil {
		t.Fatal("the validation configuration did not run through the generated driver")
	}
	return r
}

func within(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	dev := math.Abs(got-want) / want
	t.Logf("%s: simulated %.3f Mbps, formula %.3f Mbps, deviation %.2f%%", what, got, want, 100*dev)
	if dev > tol {
		t.Errorf("%s: %.3f Mbps is %.2f%% away from the formula's %.3f Mbps (tolerance %.0f%%)", what, got, 100*dev, want, 100*tol)
	}
}

// Window-limited: one connection into a 4-segment receive window over a
// 20 ms RTT carries window/RTT.
func TestValidationWindowLimited(t *testing.T) {
	r := validation(t, `
#define TCP_MSS 1460
#define TCP_WND (4 * TCP_MSS)
#define TCP_SND_BUF (4 * TCP_MSS)
#define MEM_SIZE 32000
`, 20, 1, []string{"rx"})
	want := 4 * 1460 * 8 / 20e-3 / 1e6 // window / RTT
	within(t, "window-limited (TCP_WND 5840 B, RTT 20 ms)", r.Configs[0].RxMbps, want, 0.03)
}

// Window-limited on the RTOS model: the same connection through h743's generated RTOS glue (the RX
// task, the tcpip thread's mailbox, the application thread under the core lock). With zero CPU cost
// the threads add no time either, so window/RTT holds there too. The header adds what an RTOS
// board cannot start without (lwIP's TCPIP_MBOX_SIZE 0 cannot be created, TestRTOSDefaultsFailAtStartup).
func TestValidationWindowLimitedRTOS(t *testing.T) {
	r := validationOn(t, "h743", true, `
#define TCP_MSS 1460
#define TCP_WND (4 * TCP_MSS)
#define TCP_SND_BUF (4 * TCP_MSS)
#define MEM_SIZE 32000
#define TCPIP_MBOX_SIZE 16
#define TCPIP_THREAD_STACKSIZE 1024
#define TCPIP_THREAD_PRIO 24
`, 20, 1, []string{"rx"})
	want := 4 * 1460 * 8 / 20e-3 / 1e6
	within(t, "window-limited on the RTOS glue (TCP_WND 5840 B, RTT 20 ms)", r.Configs[0].RxMbps, want, 0.03)
}

// Rate-limited: with windows far above the bandwidth-delay product the
// goodput is the line rate times 1460/1538 (Ethernet framing), each way.
func TestValidationRateLimited(t *testing.T) {
	r := validation(t, `
#define TCP_MSS 1460
#define TCP_WND (16 * TCP_MSS)
#define TCP_SND_BUF (16 * TCP_MSS)
#define TCP_SND_QUEUELEN 64
#define MEMP_NUM_TCP_SEG 80
#define PBUF_POOL_SIZE 20
#define MEM_SIZE 60000
`, 0.2, 1, []string{"tx", "rx"})
	want := 100.0 * 1460 / 1538
	within(t, "rate-limited device->peer", r.Configs[0].TxMbps, want, 0.03)
	within(t, "rate-limited peer->device", r.Configs[0].RxMbps, want, 0.03)
	if r.Configs[0].TxMbps > want*1.001 || r.Configs[0].RxMbps > want*1.001 { // one segment of measurement granularity
		t.Errorf("goodput above the physical limit: %+v", r.Configs[0])
	}
}

// Rate-limited on the RTOS model: h743's generated RTOS glue carries the line rate each way too.
func TestValidationRateLimitedRTOS(t *testing.T) {
	r := validationOn(t, "h743", true, `
#define TCP_MSS 1460
#define TCP_WND (16 * TCP_MSS)
#define TCP_SND_BUF (16 * TCP_MSS)
#define TCP_SND_QUEUELEN 64
#define MEMP_NUM_TCP_SEG 80
#define PBUF_POOL_SIZE 20
#define MEM_SIZE 60000
#define TCPIP_MBOX_SIZE 16
#define TCPIP_THREAD_STACKSIZE 1024
#define TCPIP_THREAD_PRIO 24
`, 0.2, 1, []string{"tx", "rx"})
	want := 100.0 * 1460 / 1538
	within(t, "rate-limited device->peer on the RTOS glue", r.Configs[0].TxMbps, want, 0.03)
	within(t, "rate-limited peer->device on the RTOS glue", r.Configs[0].RxMbps, want, 0.03)
}

// The h743 gateway (seed 000) with its declared workload: lwipgen's
// configuration must reach 90 % of the goal in both bulk directions with no
// pool or heap allocation failure. The goal is the board's target_mbps
// (90 Mbps), because it is below the physical limit of 94.9 Mbps: 0.9 x 90 = 81 Mbps.
// It runs as the board runs: the generated RTOS glue (NO_SYS=0, tcpip thread,
// RX task) on the virtual-time RTOS model, every phase of the latency profile.
func TestH743Goal(t *testing.T) {
	needHost(t)
	g := prepare(t, "h743")
	lc, err := lwipgenConfig(g)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Run(context.Background(), g, Options{CacheDir: testCache, configs: []*config{lc}})
	if err != nil {
		t.Fatal(err)
	}
	var tab bytes.Buffer
	r.WriteTable(&tab)
	t.Logf("\n%s", tab.String())
	if r.Limits.GoalMbps != 81 || !strings.Contains(r.Limits.GoalBasis, "target_mbps") {
		t.Fatalf("goal %.2f (%s), want 81 Mbps from target_mbps", r.Limits.GoalMbps, r.Limits.GoalBasis)
	}
	lg := r.Configs[0]
	if lg.Error != "" {
		t.Fatal(lg.Error)
	}
	if lg.Glue == nil || !strings.Contains(lg.Glue.Model, "virtual-time FreeRTOS model") {
		t.Fatalf("h743 did not run its generated RTOS glue: %+v", lg.Glue)
	}
	if lg.Connections != 5 {
		t.Errorf("lwipgen: %d of 5 connections established", lg.Connections)
	}
	if lg.TxMbps < r.Limits.GoalMbps || lg.RxMbps < r.Limits.GoalMbps {
		t.Errorf("lwipgen config: tx %.2f / rx %.2f Mbps, goal %.2f Mbps", lg.TxMbps, lg.RxMbps, r.Limits.GoalMbps)
	}
	if lg.PoolErrors != 0 {
		t.Errorf("lwipgen config: %d pool/heap allocation failures", lg.PoolErrors)
	}
	if !lg.Errors.Clean {
		t.Errorf("lwipgen config: run not clean: %+v", lg.Errors)
	}
}

// shortCompare runs the board's --compare with bulk phases of 30 ms and returns the result, its
// configurations by name and the printed table (logged).
func shortCompare(t *testing.T, board string) (*Result, map[string]ConfigResult, *bytes.Buffer) {
	t.Helper()
	needHost(t)
	g := prepare(t, board)
	r, err := Run(context.Background(), g, Options{CacheDir: testCache, Compare: true, Workload: "bulk",
		Duration: 30 * time.Millisecond, Warmup: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	var tab bytes.Buffer
	r.WriteTable(&tab)
	t.Logf("\n%s", tab.String())
	names := map[string]ConfigResult{}
	for _, c := range r.Configs {
		names[c.Name] = c
	}
	return r, names, &tab
}

// The comparison's shape (--compare: lwIP's defaults and every baseline run, with RAM predictions,
// side by side in the table), on h743 as the board runs: every configuration through its generated
// RTOS glue (re-rendered with the configuration's rings) on the virtual-time RTOS model. lwIP's own
// defaults cannot start there (TCPIP_MBOX_SIZE 0: no tcpip mailbox), which the table states as a
// result; every baseline starts and carries traffic both ways.
func TestH743CompareTable(t *testing.T) {
	r, names, tab := shortCompare(t, "h743")
	for _, c := range r.Configs {
		if c.RAMBytes <= 0 {
			t.Errorf("%s: no RAM prediction", c.Name)
		}
	}
	for _, n := range []string{CfgLwipgen, CfgDefaults, "cubemx-h7", "st-h7-example", "seed000-h7"} {
		c, ok := names[n]
		if !ok {
			t.Fatalf("comparison lacks %s", n)
		}
		if n == CfgDefaults {
			if !strings.Contains(c.StartupFailure, "failed to create tcpip_thread mbox") {
				t.Errorf("%s on the RTOS glue: error %q, want the stated start-up failure", n, c.Error)
			}
			continue
		}
		if c.Error != "" {
			t.Fatalf("%s: %s", n, c.Error)
		}
		if c.Glue == nil || !strings.Contains(c.Glue.Model, "virtual-time FreeRTOS model") {
			t.Errorf("%s did not run through the generated RTOS glue", n)
		}
		if c.TxMbps <= 0 || c.RxMbps <= 0 {
			t.Errorf("%s: tx %.2f rx %.2f Mbps", n, c.TxMbps, c.RxMbps)
		}
	}
	if !strings.Contains(tab.String(), "seed000-h7") || !strings.Contains(tab.String(), "lwip-defaults    ") ||
		!strings.Contains(tab.String(), "fails at start-up") {
		t.Error("table lacks the comparison rows")
	}
}

// Two runs with the same board, workload and seed give identical results;
// loss and reordering are on so that the seeded randomness is exercised.
func TestDeterminism(t *testing.T) {
	needHost(t)
	g := prepare(t, "h743")
	o := Options{CacheDir: testCache, Seed: 7, Loss: 0.002, Reorder: 0.002, Duration: 60 * time.Millisecond, Warmup: 20 * time.Millisecond}
	var out [2][]byte
	for i := range out {
		r, err := Run(context.Background(), g, o)
		if err != nil {
			t.Fatal(err)
		}
		if r.Configs[0].Error != "" {
			t.Fatal(r.Configs[0].Error)
		}
		out[i], _ = json.Marshal(r)
	}
	if !bytes.Equal(out[0], out[1]) {
		t.Fatalf("two runs differ:\n%s\n%s", out[0], out[1])
	}
	var r Result
	json.Unmarshal(out[0], &r)
	if r.Configs[0].RetxDevice+r.Configs[0].RetxPeer == 0 {
		t.Errorf("loss 0.2%% caused no retransmission: the random path was not exercised")
	}
	o.Seed = 8
	r2, err := Run(context.Background(), g, o)
	if err != nil {
		t.Fatal(err)
	}
	b2, _ := json.Marshal(r2)
	if bytes.Equal(out[0], b2) {
		t.Error("a different seed gave identical results")
	}
}

// Every board with real hardware has its vendor baselines and its seed
// article completed with the vendor file, and each compiles into a config.
func TestBaselinesExist(t *testing.T) {
	for _, name := range realBoards {
		g := prepare(t, name)
		cfgs, err := baselineConfigs(g.Plan)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(cfgs) < 2 {
			t.Errorf("%s: %d baselines, want the vendor's and the seed's", name, len(cfgs))
		}
		for _, c := range cfgs {
			if c.Source == "" || c.RAM.Total <= 0 {
				t.Errorf("%s/%s: no source or RAM (%+v)", name, c.Name, c.RAM)
			}
		}
	}
	// the seed over the vendor file: the article's value wins, the vendor's fills the rest
	g := prepare(t, "h743")
	cfgs, _ := baselineConfigs(g.Plan)
	for _, c := range cfgs {
		if c.Name != "seed000-h7" {
			continue
		}
		if v, _ := c.Resolved.Value("TCP_WND"); v != 16*1460 {
			t.Errorf("seed000-h7 TCP_WND %d, want the article's 16*1460", v)
		}
		if v, _ := c.Resolved.Value("TCP_SNDQUEUELOWAT"); v != 5 {
			t.Errorf("seed000-h7 TCP_SNDQUEUELOWAT %d, want CubeMX's 5", v)
		}
		if c.Driver.RxBuffers != 12 || c.Driver.RxDescriptors != 4 {
			t.Errorf("seed000-h7 driver %+v, want CubeMX's 4 descriptors / 12 buffers", c.Driver)
		}
		return
	}
	t.Error("h743 has no seed000-h7 baseline")
}

// A user's CubeMX lwipopts.h (includes, USER CODE blocks) joins the comparison.
func TestUserLwipopts(t *testing.T) {
	g := prepare(t, "h743")
	src := []byte("#include \"main.h\"\n/* USER CODE BEGIN 0 */\n/* USER CODE END 0 */\n#define MEM_ALIGNMENT 4\n#define TCP_MSS 1460\n#define TCP_WND (4*TCP_MSS)\n#define MEM_SIZE 16000\n")
	c, err := userConfig(g.Plan, "Core/Inc/lwipopts.h", src)
	if err != nil {
		t.Fatal(err)
	}
	if c.Name != "user:lwipopts.h" || strings.Contains(string(c.Header), "#include") {
		t.Errorf("user config %s:\n%s", c.Name, c.Header)
	}
	if v, _ := c.Resolved.Value("TCP_WND"); v != 4*1460 {
		t.Errorf("TCP_WND %d", v)
	}
}

// The host overrides never touch pools, windows or queues, and correct the
// heap by exactly the 64-bit pbuf growth.
func TestHostOverrides(t *testing.T) {
	g := prepare(t, "h743")
	over := hostOverrides(g.Plan.Config, g.Plan.Driver.RxModel)
	for _, o := range over {
		if strings.HasPrefix(o.Name, "MEMP_NUM") || strings.HasPrefix(o.Name, "PBUF_POOL") || (strings.HasPrefix(o.Name, "TCP_") && o.Name != "TCP_STATS") {
			t.Errorf("override of a sized value: %+v", o)
		}
		if o.Name == "MEM_SIZE" {
			// 37888 B / (8+72+1460 = 1540 B per segment), rounded up: 25 segments, +8 B each on the host
			if o.Value != "38088" {
				t.Errorf("MEM_SIZE host value %s, want 38088 (%s)", o.Value, o.Why)
			}
		}
	}
	h := string(optsHeader([]byte("#define TCP_WND (4 * TCP_MSS)\n"), over))
	if !strings.Contains(h, "#define TCP_WND (4 * TCP_MSS)") || !strings.Contains(h, "#define NO_SYS 1") {
		t.Errorf("header:\n%s", h)
	}
	// Cortex-A9 with MEM_ALIGNMENT 64: the pbuf header rounds to 64 B on both, no correction
	z := prepare(t, "zynq7035")
	for _, o := range hostOverrides(z.Plan.Config, z.Plan.Driver.RxModel) {
		if o.Name == "MEM_SIZE" {
			t.Errorf("zynq7035 (MEM_ALIGNMENT 64) needs no heap correction, got %+v", o)
		}
	}
}

func TestPhysicalLimit(t *testing.T) {
	if got := TCPGoodputLimit(100); math.Abs(got-94.93) > 0.01 {
		t.Errorf("limit at 100 Mbps = %.3f, want 94.93", got)
	}
	if w := (Link{RateBps: 100e6}).wireNs(1514); w != 1538*80 {
		t.Errorf("wire time of a full frame %d ns, want %d", w, 1538*80)
	}
}
