package sim

import (
	"context"
	"testing"
	"time"
)

// realBoards are the boards with real hardware behind them.
var realBoards = []string{"h743", "f767", "f407", "gd32f407", "zynq7035"}

// BenchmarkCompare runs the three-way comparison (lwipgen, lwIP defaults,
// the seed article's configuration) for every real-hardware board with a
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
