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
	Runs   int    // measurements per direction and config (>= 3 for a median)
	Bytes  int    // bytes per transfer
	Log    io.Writer
}

// Row is one configuration's medians.
type Row struct {
	Config      string    `json:"config"`
	Why         string    `json:"why"`
	LwipRAM     int64     `json:"lwip_ram"`      // ram_heap + memp_memory_* in the ELF
	HostToGuest float64   `json:"host_to_guest"` // MB/s (10^6), discard
	GuestToHost float64   `json:"guest_to_host"` // MB/s, chargen
	Echo        float64   `json:"echo"`          // MB/s per direction, echo
	Drops       int       `json:"drops"`         // frames the NIC could not take (slirp "Failed to send packet")
	PoolErrors  int       `json:"pool_errors"`   // lwIP pool/heap err counters and driver drops in the final dump
	Failures    int       `json:"failures"`      // transfers that did not complete in time
	RawH2G      []float64 `json:"raw_host_to_guest"`
	RawG2H      []float64 `json:"raw_guest_to_host"`
	RawEcho     []float64 `json:"raw_echo"`
}

// Run builds the three firmwares and measures them in turn.
func Run(ctx context.Context, o Options) ([]Row, error) {
	if o.Runs < 1 {
		o.Runs = 3
	}
	if o.Bytes <= 0 {
		o.Bytes = 4 << 20
	}
	log := o.Log
	if log == nil {
		log = io.Discard
	}
	g, diags := pipeline.Prepare(pipeline.Options{Board: o.Board, Source: o.Source})
	if diags.HasErrors() {
		return nil, fmt.Errorf("%v", diags)
	}
	if !g.Firmware {
		return nil, fmt.Errorf("board %s has no self-contained firmware to run (use mps2-an500)", o.Board)
	}
	if o.Out == "" {
		o.Out = filepath.Join("build", g.Board.Name, "bench")
	}
	opts, err := render.LwipOpts(g.Plan)
	if err != nil {
		return nil, err
	}
	configs := []Config{DefaultsConfig(), SeedConfig(),
		{Name: "lwipgen", Why: "generated for " + g.Board.Name + " (" + g.Board.Workload.Profile + ")", LwipOpts: string(opts.Content)}}
	var rows []Row
	for i, c := range configs {
		dir := filepath.Join(o.Out, fmt.Sprintf("%d", i+1))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, err
		}
		optsPath := filepath.Join(dir, "lwipopts.h")
		if err := os.WriteFile(optsPath, []byte(c.LwipOpts), 0o644); err != nil {
			return nil, err
		}
		data := qemu.DefaultFirmwareData()
		data.RxBudget = g.Plan.Driver.RxBudget
		fmt.Fprintf(log, "building %s firmware\n", c.Name)
		elfPath, err := qemu.BuildContext(ctx, qemu.BuildOptions{OutDir: dir, LwipOpts: optsPath, Data: &data})
		if err != nil {
			return nil, fmt.Errorf("%s: %v", c.Name, err)
		}
		row, err := measure(ctx, c, elfPath, o, log)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", c.Name, err)
		}
		rows = append(rows, row)
	}
	return rows, nil
}

func measure(ctx context.Context, c Config, elfPath string, o Options, log io.Writer) (Row, error) {
	row := Row{Config: c.Name, Why: c.Why, LwipRAM: lwipRAM(elfPath)}
	inst, err := qemu.Start(ctx, elfPath, qemu.DefaultPorts())
	if err != nil {
		return row, err
	}
	defer inst.Stop()
	timed := func(f func(context.Context) error) (float64, bool) {
		cctx, cancel := context.WithTimeout(ctx, 90*time.Second)
		defer cancel()
		start := time.Now()
		if err := f(cctx); err != nil {
			fmt.Fprintf(log, "  %s: %v\n", c.Name, err)
			return 0, false
		}
		return float64(o.Bytes) / time.Since(start).Seconds() / 1e6, true
	}
	msg := make([]byte, o.Bytes)
	for i := range msg {
		msg[i] = byte(i*31 + i>>8)
	}
	for r := 0; r < o.Runs; r++ {
		if v, ok := timed(func(ctx context.Context) error { return qemu.Upload(ctx, inst.Addr("tcp", qemu.DiscardPort), o.Bytes) }); ok {
			row.RawH2G = append(row.RawH2G, v)
		} else {
			row.Failures++
		}
		if v, ok := timed(func(ctx context.Context) error {
			return qemu.Download(ctx, inst.Addr("tcp", qemu.ChargenPort), o.Bytes)
		}); ok {
			row.RawG2H = append(row.RawG2H, v)
		} else {
			row.Failures++
		}
		if v, ok := timed(func(ctx context.Context) error { return qemu.Echo(ctx, inst.Addr("tcp", qemu.EchoPort), msg) }); ok {
			row.RawEcho = append(row.RawEcho, v)
		} else {
			row.Failures++
		}
		fmt.Fprintf(log, "  %s run %d: h2g %.2f g2h %.2f echo %.2f MB/s\n", c.Name, r+1, last(row.RawH2G), last(row.RawG2H), last(row.RawEcho))
	}
	row.HostToGuest, row.GuestToHost, row.Echo = median(row.RawH2G), median(row.RawG2H), median(row.RawEcho)
	row.Drops = inst.SlirpDrops()
	if st, err := inst.Stats(ctx); err == nil {
		row.PoolErrors = len(st.Problems())
	} else {
		row.PoolErrors = -1
	}
	return row, nil
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

// Table prints the rows with ratios against the better of the first two.
func Table(w io.Writer, rows []Row) {
	fmt.Fprintf(w, "%-14s %10s %14s %14s %12s %6s %7s %6s\n", "config", "lwIP RAM", "host->guest", "guest->host", "echo", "drops", "poolerr", "fails")
	for _, r := range rows {
		fmt.Fprintf(w, "%-14s %9dB %9.2f MB/s %9.2f MB/s %7.2f MB/s %6d %7d %6d\n", r.Config, r.LwipRAM, r.HostToGuest, r.GuestToHost, r.Echo, r.Drops, r.PoolErrors, r.Failures)
	}
	if len(rows) == 3 {
		best := func(f func(Row) float64) float64 { return max(f(rows[0]), f(rows[1])) }
		g := rows[2]
		ratio := func(a, b float64) string {
			if b == 0 {
				return "inf"
			}
			return fmt.Sprintf("%.2fx", a/b)
		}
		fmt.Fprintf(w, "lwipgen vs best of (defaults, seed-style): host->guest %s, guest->host %s, echo %s; RAM %s of seed-style\n",
			ratio(g.HostToGuest, best(func(r Row) float64 { return r.HostToGuest })),
			ratio(g.GuestToHost, best(func(r Row) float64 { return r.GuestToHost })),
			ratio(g.Echo, best(func(r Row) float64 { return r.Echo })),
			ratio(float64(g.LwipRAM), float64(rows[1].LwipRAM)))
	}
}
