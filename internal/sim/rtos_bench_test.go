package sim

import (
	"context"
	"flag"
	"testing"
	"time"
)

var rtosFrames = flag.Int("rtos.frames", 1000000, "BenchmarkRTOSGlue: frames each way through the generated RTOS glue")

// BenchmarkRTOSGlue runs the RTOS boards' generated glue in the simulator (bulk workload, TX then
// RX phase) for about -rtos.frames frames each way (default 10^6: ~130 s of virtual time per phase
// at 100 Mbps), then checks that every pool and the RX buffer pool are back at their idle counts and
// that no driver-contract or core-lock check failed. Reports wall-clock frames per second.
//
//	go test ./internal/sim -run '^$' -bench RTOSGlue -benchtime 1x [-rtos.frames 100000]
func BenchmarkRTOSGlue(b *testing.B) {
	needHost(b)
	for _, name := range []string{"h743", "gd32f407"} {
		g := prepare(b, name)
		if m, ok := runsGlue(g.Plan); !ok || !m.RTOS {
			b.Fatalf("%s does not run as an RTOS board", name)
		}
		b.Run(name, func(b *testing.B) {
			// a 100 ms probe gives the board's frame rate in virtual time; the run is sized from it
			probe, err := Run(context.Background(), g, Options{CacheDir: testCache, RTOS: true, Workload: "bulk", Duration: 100 * time.Millisecond, Warmup: 20 * time.Millisecond})
			if err != nil || probe.Configs[0].Error != "" {
				b.Fatalf("probe: %v %s", err, probe.Configs[0].Error)
			}
			pc := probe.Configs[0].Glue.Counters
			low := pc["rx_read_frames"]
			if pc["tx_frames"] < low {
				low = pc["tx_frames"]
			}
			if low == 0 {
				b.Fatal("probe: no frames")
			}
			perSec := float64(low) / 0.24 // both phases plus warm-up: 240 ms of virtual time
			d := time.Duration(float64(*rtosFrames) / perSec * float64(time.Second) * 1.05)
			for i := 0; i < b.N; i++ {
				start := time.Now()
				r, err := Run(context.Background(), g, Options{CacheDir: testCache, RTOS: true, Workload: "bulk", Duration: d, Warmup: 20 * time.Millisecond})
				if err != nil {
					b.Fatal(err)
				}
				c := r.Configs[0]
				if c.Error != "" {
					b.Fatal(c.Error)
				}
				if len(c.Glue.Checks) != 0 || !c.Glue.Idle.Clean || !c.Glue.Idle.RxPool {
					b.Fatalf("checks %+v, idle %+v", c.Glue.Checks, c.Glue.Idle)
				}
				rx, tx := c.Glue.Counters["rx_read_frames"], c.Glue.Counters["tx_frames"]
				wall := time.Since(start).Seconds()
				b.ReportMetric(float64(rx), "rx_frames")
				b.ReportMetric(float64(tx), "tx_frames")
				b.ReportMetric(float64(rx+tx)/wall, "frames/s")
				b.ReportMetric(c.TxMbps, "tx_Mbps")
				b.ReportMetric(c.RxMbps, "rx_Mbps")
				b.Logf("%s: %d frames in, %d out in %.0f s virtual per phase, %.1f s wall; RX pool low-water %d of %d; idle clean",
					name, rx, tx, d.Seconds(), wall, c.Glue.RxPool.Low, c.Glue.RxPool.Total)
			}
		})
	}
}
