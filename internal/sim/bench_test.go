package sim

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/lwipgen/lwipgen/internal/pipeline"
)

// realBoards are the boards with real hardware behind them.
var realBoards = []string{"h743", "f767", "f407", "gd32f407", "zynq7035"}

// BenchmarkCompare runs the comparison (lwipgen, lwIP defaults, the baselines), each through the
// board's generated driver (FreeRTOS boards on the RTOS model), for every real-hardware board with a
// bounded amount of traffic: 20 ms warm-up + 50 ms measured per phase of
// virtual time (about 0.6 MB per phase at 100 Mbps, 6 MB at 1 Gbps). The
// first iteration includes compiling each configuration (cached after).
func BenchmarkCompare(b *testing.B) {
	needHost(b)
	for _, name := range realBoards {
		g := prepare(b, name)
		b.Run(name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				r, err := Run(context.Background(), g, Options{CacheDir: testCache, Compare: true, Duration: 50 * time.Millisecond, Warmup: 20 * time.Millisecond})
				if err != nil {
					b.Fatal(err)
				}
				for _, c := range r.Configs {
					// a configuration the board cannot start with (lwIP's defaults on an RTOS
					// board: no tcpip mailbox) is a result of the comparison, printed as such
					if c.StartupFailure != "" && c.Name != CfgLwipgen {
						fmt.Printf("%s/%s: %s\n", name, c.Name, c.Error)
						continue
					}
					if c.Error != "" {
						b.Fatalf("%s: %s", c.Name, c.Error)
					}
				}
				if i == 0 {
					lg := r.Configs[0]
					b.ReportMetric(lg.TxMbps, "tx_Mbps")
					b.ReportMetric(lg.RxMbps, "rx_Mbps")
				}
			}
		})
	}
}

// BenchmarkSweep prints, per real-hardware board, the sweep table: lwipgen
// against every baseline at each point (loss 0/0.1/1 %, RTT x1/x10, CPU
// x1/x2, connections 1/declared/2x, mix phase), with lwIP and driver RAM per
// configuration and the points where lwipgen is not within 5 % / 10 % of the
// best baseline, with the counters' reason. SWEEP_SEEDS and SWEEP_MS set the
// seeds per point (default 2) and the measured virtual time per phase
// (default 300 ms); SWEEP_AXIS=loss runs only the loss x RTT points (loss
// 0/0.1/1 %, RTT x1/x10, declared CPU cost and connections). Heavy: run it alone (go test -run x -bench Sweep ./internal/sim).
func BenchmarkSweep(b *testing.B) {
	needHost(b)
	seeds, ms := 2, 300
	if v, err := strconv.Atoi(os.Getenv("SWEEP_SEEDS")); err == nil && v > 0 {
		seeds = v
	}
	if v, err := strconv.Atoi(os.Getenv("SWEEP_MS")); err == nil && v > 0 {
		ms = v
	}
	boards := realBoards
	if v := os.Getenv("SWEEP_BOARDS"); v != "" {
		boards = strings.Split(v, ",")
	}
	var sums []Summary
	for _, name := range boards {
		g := prepare(b, name)
		b.Run(name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				so := SweepOptions{Seeds: seeds, Duration: time.Duration(ms) * time.Millisecond, Warmup: 50 * time.Millisecond, CacheDir: testCache}
				if os.Getenv("SWEEP_AXIS") == "loss" {
					so.points = lossPoints(g)
				}
				r, err := Sweep(context.Background(), g, so)
				if err != nil {
					b.Fatal(err)
				}
				if i == 0 {
					r.WriteTable(os.Stdout)
					fmt.Println()
					s := r.Summarize()
					sums = append(sums, s)
					b.ReportMetric(float64(len(r.Shortfalls)), "shortfalls")
					b.ReportMetric(float64(s.Shortfalls[KindSizing]), "sizing_shortfalls")
					b.ReportMetric(float64(r.Configs[0].RAMBytes), "lwip_RAM_B")
				}
			}
		})
	}
	fmt.Println("sweep summary (shortfalls by kind; only \"sizing\" is a rule to fix):")
	WriteSummary(os.Stdout, sums)
}

// lossPoints are the sweep's loss x RTT points at the declared CPU cost and connections.
func lossPoints(g *pipeline.Generated) []SweepPoint {
	w := g.Plan.Board.Workload
	var pts []SweepPoint
	for _, p := range SweepPoints(w.LossPercent, w.RTTMs, w.TCPConnections, false) {
		if p.CPUx == 1 && p.Conns == max(w.TCPConnections, 1) {
			pts = append(pts, p)
		}
	}
	return pts
}
