package bench

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/elfsym"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/qemu"
	"github.com/lwipgen/lwipgen/internal/render"
)

// Options of a benchmark run.
type Options struct {
	Board  string // must build a firmware (mps2-an500)
	Source board.Source
	Out    string // work directory (build/NAME/bench)
	Runs   int    // measurements per direction, config and cell (>= 3 for a median)
	Bytes  int    // bytes per transfer
	N      int    // request/response exchanges per latency measurement (>= 1000 in the matrix)
	Net    string // "slirp", "tap" or "all"
	// Delays and Losses span the tap cells (default {0, 1, 10} ms x {0, 0.1, 1} %).
	Delays []time.Duration
	Losses []float64
	// Configs restricts the configurations by name (empty: all).
	Configs []string
	// LwipOpts adds configurations of the user's own (whole lwipopts.h files),
	// each named after its file (without .h) and always measured.
	LwipOpts []string
	// Impairer forces the in-process impairer even where tc netem works.
	Impairer bool
	Seed     uint64
	Log      io.Writer
}

// Cell is one point of the matrix: a back end and its impairment.
type Cell struct {
	Net   string        `json:"net"` // slirp | tap
	Delay time.Duration `json:"delay_ns"`
	Loss  float64       `json:"loss"` // per frame, each direction
}

func (c Cell) String() string {
	if c.Net == "slirp" {
		return "slirp"
	}
	return fmt.Sprintf("tap %gms %g%%", float64(c.Delay)/1e6, c.Loss*100)
}

// Row is one configuration in one cell.
type Row struct {
	Config      string  `json:"config"`
	Why         string  `json:"why"`
	Cell        Cell    `json:"cell"`
	Impairment  string  `json:"impairment,omitempty"` // netem | impairer (tap)
	LwipRAM     int64   `json:"lwip_ram"`             // ram_heap + memp_memory_* in the ELF
	Sizing      Sizing  `json:"sizing"`
	DesignRTTMs float64 `json:"design_rtt_ms,omitempty"` // the board's workload (lwipgen's row)
	DesignMbps  float64 `json:"design_mbps,omitempty"`
	// DesignRxStreams is the board's workload.rx_streams (lwipgen's row)
	DesignRxStreams int     `json:"design_rx_streams,omitempty"`
	HostToGuest     float64 `json:"host_to_guest"` // MB/s (10^6), discard, median
	GuestToHost     float64 `json:"guest_to_host"` // MB/s, chargen, median
	Echo            float64 `json:"echo"`          // MB/s per direction, echo, median
	// Request/response round trips on the echo service: idle, and with a bulk
	// upload to discard on another connection. Each is the median over the
	// runs of each run's p50, p99 and max (medianLatency): one run's p99 is
	// one draw of the shared host's scheduling.
	Idle64   qemu.Latency `json:"rr_idle_64"`
	Idle1K   qemu.Latency `json:"rr_idle_1k"`
	Loaded64 qemu.Latency `json:"rr_loaded_64"`
	Loaded1K qemu.Latency `json:"rr_loaded_1k"`
	// LoadedUpload is the bulk upload's rate (MB/s, median over the runs)
	// while the loaded 64 B exchanges ran: a configuration whose p99 is low
	// because its upload barely moved did not carry the load.
	LoadedUpload float64   `json:"rr_loaded_upload"`
	Drops        int       `json:"drops"`       // frames the NIC could not take (LAN9118 RX FIFO full), whole cell
	DropsBulk    int       `json:"drops_bulk"`  // of those, during the single-connection transfers (before the request/response phase)
	QueueDrops   int       `json:"queue_drops"` // tap: frames the guest tap's queue dropped
	Lost         uint64    `json:"lost"`        // impairer: frames the loss model dropped (both directions)
	PoolErrors   int       `json:"pool_errors"` // lwIP pool/heap err counters and driver drops in the final dump
	Problems     []string  `json:"problems,omitempty"`
	Failures     int       `json:"failures"` // measurements that did not complete in time
	Errors       []string  `json:"errors,omitempty"`
	RawH2G       []float64 `json:"raw_host_to_guest"`
	RawG2H       []float64 `json:"raw_guest_to_host"`
	RawEcho      []float64 `json:"raw_echo"`
	RawRR        []RunRR   `json:"raw_rr,omitempty"`
}

// RunRR is one run's request/response phases.
type RunRR struct {
	Idle64, Idle1K, Loaded64, Loaded1K qemu.Latency
	Upload                             float64 // MB/s beside Loaded64
}

// summarizeRR sets row's request/response figures to the medians of its
// runs' (only the runs whose phase completed count for each figure).
func summarizeRR(row *Row) {
	pick := func(f func(RunRR) qemu.Latency) qemu.Latency {
		var ls []qemu.Latency
		for _, r := range row.RawRR {
			if l := f(r); l.N > 0 {
				ls = append(ls, l)
			}
		}
		return medianLatency(ls)
	}
	row.Idle64 = pick(func(r RunRR) qemu.Latency { return r.Idle64 })
	row.Idle1K = pick(func(r RunRR) qemu.Latency { return r.Idle1K })
	row.Loaded64 = pick(func(r RunRR) qemu.Latency { return r.Loaded64 })
	row.Loaded1K = pick(func(r RunRR) qemu.Latency { return r.Loaded1K })
	var up []float64
	for _, r := range row.RawRR {
		if r.Loaded64.N > 0 {
			up = append(up, r.Upload)
		}
	}
	row.LoadedUpload = median(up)
}

// medianLatency is the median of the runs' p50, p99 and max, each taken on
// its own (so not one run's distribution); N is the exchanges of all runs.
func medianLatency(ls []qemu.Latency) qemu.Latency {
	if len(ls) == 0 {
		return qemu.Latency{}
	}
	med := func(f func(qemu.Latency) time.Duration) time.Duration {
		v := make([]float64, len(ls))
		for i, l := range ls {
			v[i] = float64(f(l))
		}
		return time.Duration(median(v))
	}
	out := qemu.Latency{Size: ls[0].Size}
	for _, l := range ls {
		out.N += l.N
	}
	out.P50 = med(func(l qemu.Latency) time.Duration { return l.P50 })
	out.P99 = med(func(l qemu.Latency) time.Duration { return l.P99 })
	out.Max = med(func(l qemu.Latency) time.Duration { return l.Max })
	return out
}

// DefaultDelays and DefaultLosses are the matrix.
var (
	DefaultDelays = []time.Duration{0, time.Millisecond, 10 * time.Millisecond}
	DefaultLosses = []float64{0, 0.001, 0.01}
)

// Cells lists the matrix cells for o.Net.
func Cells(o Options) []Cell {
	var cells []Cell
	if o.Net == "slirp" || o.Net == "all" {
		cells = append(cells, Cell{Net: "slirp"})
	}
	if o.Net == "tap" || o.Net == "all" {
		for _, d := range o.Delays {
			for _, l := range o.Losses {
				cells = append(cells, Cell{Net: "tap", Delay: d, Loss: l})
			}
		}
	}
	return cells
}

func (o *Options) defaults() {
	if o.Runs < 1 {
		o.Runs = 3
	}
	if o.Bytes <= 0 {
		o.Bytes = 1 << 20
	}
	if o.N <= 0 {
		o.N = 1000
	}
	if o.Net == "" {
		o.Net = "slirp"
	}
	if o.Delays == nil {
		o.Delays = DefaultDelays
	}
	if o.Losses == nil {
		o.Losses = DefaultLosses
	}
	if o.Seed == 0 {
		o.Seed = 1
	}
	if o.Log == nil {
		o.Log = io.Discard
	}
}

// AllConfigs is every configuration the bench compares on g's board:
// lwIP's defaults, the seed-style tuning, the vendor baselines that fit, and
// lwipgen's generated lwipopts.h (last).
func AllConfigs(g *pipeline.Generated) ([]Config, error) {
	opts, err := render.LwipOpts(g.Plan)
	if err != nil {
		return nil, err
	}
	bl, err := BaselineConfigs()
	if err != nil {
		return nil, err
	}
	out := append([]Config{DefaultsConfig(), SeedConfig()}, bl...)
	return append(out, Config{Name: "lwipgen", Why: "generated for " + g.Board.Name + " (" + g.Board.Workload.Profile + ")", LwipOpts: string(opts.Content)}), nil
}

// Run builds each configuration's firmware (once per back end: the guest's
// address differs) and measures it in every cell. Without root the tap
// cells are left out and the reason is logged.
func Run(ctx context.Context, o Options) ([]Row, error) {
	o.defaults()
	log := o.Log
	if err := resolveNet(&o, canTap); err != nil {
		return nil, err
	}
	g, diags := pipeline.Prepare(pipeline.Options{Board: o.Board, Source: o.Source})
	if diags.HasErrors() {
		return nil, fmt.Errorf("%v", diags)
	}
	if !g.Rendered.Firmware {
		return nil, fmt.Errorf("board %s has no self-contained firmware to run (use mps2-an500)", o.Board)
	}
	if o.Out == "" {
		o.Out = filepath.Join("build", g.Board.Name, "bench")
	}
	all, err := AllConfigs(g)
	if err != nil {
		return nil, err
	}
	configs := all
	if len(o.Configs) > 0 {
		configs = nil
		for _, c := range all {
			for _, want := range o.Configs {
				if c.Name == want {
					configs = append(configs, c)
				}
			}
		}
		if len(configs) == 0 && len(o.LwipOpts) == 0 {
			return nil, fmt.Errorf("no configuration named %v (have %v)", o.Configs, configNames(all))
		}
	}
	user, err := UserConfigs(o.LwipOpts, all)
	if err != nil {
		return nil, err
	}
	configs = withUser(configs, user)
	cells := Cells(o)
	elfs := make([]map[string]string, len(configs))
	for i, c := range configs {
		elfs[i] = map[string]string{}
		for _, cell := range cells {
			if elfs[i][cell.Net] != "" {
				continue
			}
			dir := filepath.Join(o.Out, fmt.Sprintf("%d-%s", i+1, cell.Net))
			elf, err := buildFirmware(ctx, g, c, cell.Net, dir, log)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", c.Name, err)
			}
			elfs[i][cell.Net] = elf
		}
	}
	var rows []Row
	for _, cell := range cells {
		cr := make([]Row, len(configs))
		for i, c := range configs {
			cr[i] = Row{Config: c.Name, Why: c.Why, Cell: cell, LwipRAM: lwipRAM(elfs[i][cell.Net]), Sizing: SizingOf(c)}
			if c.Name == "lwipgen" {
				cr[i].DesignRTTMs, cr[i].DesignMbps = g.Board.Workload.RTTMs, g.Board.Workload.TargetMbps
				cr[i].DesignRxStreams = g.Board.Workload.RxStreams
			}
		}
		// Run by run, every configuration in turn (the order rotating), each
		// on a fresh QEMU: the shared host's load changes over minutes, and
		// measuring one configuration's runs back to back let that drift
		// decide rankings (3-5x spreads within a configuration, 2026-12-02).
		for r := 0; r < o.Runs && ctx.Err() == nil; r++ {
			for _, i := range runOrder(len(configs), r) {
				if err := measureRun(ctx, &cr[i], elfs[i][cell.Net], r, o); err != nil {
					return nil, fmt.Errorf("%s, %s: %v", configs[i].Name, cell, err)
				}
			}
		}
		for i := range cr {
			cr[i].HostToGuest, cr[i].GuestToHost, cr[i].Echo = median(cr[i].RawH2G), median(cr[i].RawG2H), median(cr[i].RawEcho)
			summarizeRR(&cr[i])
			if cr[i].Drops < 0 || cr[i].DropsBulk < 0 {
				cr[i].Drops, cr[i].DropsBulk = -1, -1
			}
		}
		rows = append(rows, cr...)
	}
	return rows, nil
}

// runOrder is the order of n configurations in run r: rotated by one per
// run, so that no configuration always runs first (right after a boot of
// the host's other work) or last.
func runOrder(n, r int) []int {
	out := make([]int, n)
	for k := range out {
		out[k] = (k + r) % n
	}
	return out
}

// canTap is qemu.CanTap (a variable for the test of the fallback).
var canTap = qemu.CanTap

// resolveNet drops the tap cells when the tap back end cannot run here
// (no root): --net all says so and measures slirp only, --net tap fails.
func resolveNet(o *Options, can func() error) error {
	if o.Net == "slirp" {
		return nil
	}
	if err := can(); err != nil {
		if o.Net == "tap" {
			return err
		}
		fmt.Fprintf(o.Log, "bench: %v: running slirp only\n", err)
		o.Net = "slirp"
	}
	return nil
}

func configNames(cs []Config) []string {
	var n []string
	for _, c := range cs {
		n = append(n, c.Name)
	}
	return n
}

func buildFirmware(ctx context.Context, g *pipeline.Generated, c Config, net, dir string, log io.Writer) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	optsPath := filepath.Join(dir, "lwipopts.h")
	if err := os.WriteFile(optsPath, []byte(c.LwipOpts), 0o644); err != nil {
		return "", err
	}
	data := qemu.DefaultFirmwareData()
	data.RxBudget = g.Plan.Driver.RxBudget
	if net == "tap" {
		data.Net = qemu.TapNetConfig()
	}
	fmt.Fprintf(log, "building %s firmware (%s)\n", c.Name, net)
	return qemu.BuildContext(ctx, qemu.BuildOptions{OutDir: dir, LwipOpts: optsPath, Data: &data})
}

// start boots elf for cell; run r gets its own loss-model seed, the same for
// every configuration, so each configuration's run r meets the same draw.
func start(ctx context.Context, elf string, cell Cell, r int, o Options) (*qemu.Instance, error) {
	if cell.Net == "slirp" {
		return qemu.Start(ctx, elf, qemu.DefaultPorts())
	}
	return qemu.StartTap(ctx, elf, qemu.TapOptions{Impair: qemu.Impair{Delay: cell.Delay, Loss: cell.Loss, Seed: o.Seed + uint64(r)}, ForceImpairer: o.Impairer})
}

// transferTimeout bounds one measurement; a lossy cell with a small window
// waits for retransmission timeouts, so it scales with the bytes moved.
func transferTimeout(bytes int) time.Duration {
	return 60*time.Second + time.Duration(bytes>>20)*60*time.Second
}

// measureRun boots row's configuration once and adds run r to row: one
// transfer each way, one echo and the request/response phases;
// the NIC drops, impairer counters and the firmware's problems of this boot
// are added to the row's.
func measureRun(ctx context.Context, row *Row, elf string, r int, o Options) error {
	log := o.Log
	cell := row.Cell
	inst, err := start(ctx, elf, cell, r, o)
	if err != nil {
		return err
	}
	defer inst.Stop()
	row.Impairment = inst.TapMode()
	dial := inst.Dialer()
	before, _ := inst.Stats(ctx)
	tapBefore, _ := inst.TapStats(ctx)

	fail := func(what string, err error) {
		row.Failures++
		row.Errors = append(row.Errors, fmt.Sprintf("%s: %v", what, err))
		fmt.Fprintf(log, "  %s %s %s: %v\n", row.Config, cell, what, err)
	}
	timed := func(what string, f func(context.Context) error) (float64, bool) {
		cctx, cancel := context.WithTimeout(ctx, transferTimeout(o.Bytes))
		defer cancel()
		t0 := time.Now()
		if err := f(cctx); err != nil {
			fail(what, err)
			return 0, false
		}
		return float64(o.Bytes) / time.Since(t0).Seconds() / 1e6, true
	}
	msg := make([]byte, o.Bytes)
	for i := range msg {
		msg[i] = byte(i*31 + i>>8)
	}
	echoAddr, discardAddr, chargenAddr := inst.Addr("tcp", qemu.EchoPort), inst.Addr("tcp", qemu.DiscardPort), inst.Addr("tcp", qemu.ChargenPort)
	if v, ok := timed("host->guest", func(ctx context.Context) error { return qemu.UploadVia(ctx, dial, discardAddr, o.Bytes) }); ok {
		row.RawH2G = append(row.RawH2G, v)
	}
	if v, ok := timed("guest->host", func(ctx context.Context) error { return qemu.DownloadVia(ctx, dial, chargenAddr, o.Bytes) }); ok {
		row.RawG2H = append(row.RawG2H, v)
	}
	if v, ok := timed("echo", func(ctx context.Context) error { return qemu.EchoVia(ctx, dial, echoAddr, msg) }); ok {
		row.RawEcho = append(row.RawEcho, v)
	}
	fmt.Fprintf(log, "  %s %s run %d: h2g %.2f g2h %.2f echo %.2f MB/s\n", row.Config, cell, r+1, last(row.RawH2G), last(row.RawG2H), last(row.RawEcho))

	// drops so far came from single-connection transfers; the loaded
	// request/response adds a second receiving connection (the bulk upload)
	bulkDrops := nicDrops(ctx, inst, cell, before, tapBefore)
	row.RawRR = append(row.RawRR, rrPhases(ctx, row, inst, echoAddr, discardAddr, o, fail))
	if after, err := inst.Stats(ctx); err != nil {
		row.PoolErrors = -1
		row.Errors = append(row.Errors, "stats: "+err.Error())
	} else if row.PoolErrors >= 0 {
		row.Problems = union(row.Problems, after.Problems())
		row.PoolErrors = len(row.Problems)
	}
	drops := nicDrops(ctx, inst, cell, before, tapBefore)
	if drops < 0 || bulkDrops < 0 {
		row.Drops, row.DropsBulk = -1, -1
	} else if row.Drops >= 0 {
		row.Drops += drops
		row.DropsBulk += bulkDrops
	}
	if ts, err := inst.TapStats(ctx); err == nil && cell.Net == "tap" {
		row.QueueDrops += int(ts.TapQueueDrops - tapBefore.TapQueueDrops)
		row.Lost += ts.HostToGuest.Lost + ts.GuestToHost.Lost
	}
	return nil
}

// rrPhases measures request/response on the echo service: idle, then beside
// a bulk upload to discard on another connection.
func rrPhases(ctx context.Context, row *Row, inst *qemu.Instance, echoAddr, discardAddr string, o Options, fail func(string, error)) RunRR {
	dial := inst.Dialer()
	var run RunRR
	rr := func(what string, loaded bool, size int, dst *qemu.Latency, upload *float64) {
		cctx, cancel := context.WithTimeout(ctx, 2*time.Minute+time.Duration(o.N)*60*time.Millisecond)
		defer cancel()
		var l qemu.Latency
		var err error
		if loaded {
			var up qemu.BulkUpload
			l, up, err = qemu.LoadedRequestResponse(cctx, dial, echoAddr, discardAddr, size, o.N)
			if upload != nil {
				*upload = up.MBps()
			}
		} else {
			l, err = qemu.RequestResponse(cctx, dial, echoAddr, size, o.N)
		}
		if err != nil {
			fail(what, err)
			return
		}
		*dst = l
	}
	rr("rr idle 64 B", false, 64, &run.Idle64, nil)
	rr("rr idle 1 KiB", false, 1024, &run.Idle1K, nil)
	rr("rr loaded 64 B", true, 64, &run.Loaded64, &run.Upload)
	rr("rr loaded 1 KiB", true, 1024, &run.Loaded1K, nil)
	fmt.Fprintf(o.Log, "  %s %s rr: idle %v | %v; loaded %v (upload %.2f MB/s) | %v\n", row.Config, row.Cell, run.Idle64, run.Idle1K, run.Loaded64, run.Upload, run.Loaded1K)
	return run
}

// union is a with b's strings that a lacks, in order.
func union(a, b []string) []string {
	seen := map[string]bool{}
	for _, x := range a {
		seen[x] = true
	}
	for _, x := range b {
		if !seen[x] {
			seen[x] = true
			a = append(a, x)
		}
	}
	return a
}

// nicDrops counts the frames the NIC refused since the snapshot (LAN9118 RX
// FIFO full). slirp: QEMU's "Failed to send packet" lines (boot excluded by
// design). tap: frames the guest tap handed to QEMU that the driver never
// saw; an upper bound, since the kernel may send the odd frame of its own on
// the guest tap (16 in 3000 in one check).
func nicDrops(ctx context.Context, inst *qemu.Instance, cell Cell, before *qemu.Stats, tapBefore qemu.TapStats) int {
	if cell.Net == "slirp" {
		return inst.SlirpDrops()
	}
	now, err := inst.Stats(ctx)
	ts, terr := inst.TapStats(ctx)
	if err != nil || terr != nil || before == nil {
		return -1
	}
	seen := func(s *qemu.Stats) int64 {
		return int64(s.Driver["rx_frames"] + s.Driver["rx_errors"] + s.Driver["rx_filtered"] + s.Driver["rx_nobuf"] + s.Driver["rx_input_err"])
	}
	return int(max(0, int64(ts.ToGuest-tapBefore.ToGuest)-(seen(now)-seen(before))))
}

func last(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	return v[len(v)-1]
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// lwipRAM sums lwIP's heap and pools in the ELF.
func lwipRAM(path string) int64 {
	syms, err := elfsym.Read(path)
	if err != nil {
		return -1
	}
	var n int64
	for _, size := range elfsym.Sizes(syms, elfsym.IsLwIPRAM) {
		n += size
	}
	return n
}
