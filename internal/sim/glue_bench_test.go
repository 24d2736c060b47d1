package sim

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

// BenchmarkGlueMillionFrames runs 10^6 full data frames each way (device->peer, then peer->device)
// through the generated driver of each bare-metal board with a driver model, twice with the same
// seed, and fails unless both runs are identical, no driver check failed, and every lwIP pool, the
// heap and the RX buffer pool are back at their idle counts. It prints one line per board (frames,
// virtual and wall time). Too long for go test (about 2 x 250 s of virtual time per board):
//
//	go test ./internal/sim -run '^$' -bench GlueMillionFrames -benchtime 1x
//
// LWIPGEN_SIM_FRAMES=N changes the frame count (the go-test sized check is TestGlueDeterministic).
func BenchmarkGlueMillionFrames(b *testing.B) {
	frames := 1_000_000
	if v := os.Getenv("LWIPGEN_SIM_FRAMES"); v != "" {
		fmt.Sscan(v, &frames)
	}
	// h743 and gd32f407 are FreeRTOS boards: their glue runs here rendered for rtos = "none" until the
	// virtual-time RTOS model (engineer 19b) runs their threads
	bareMetal := [2]string{`rtos        = "freertos"`, `rtos        = "none"`}
	for _, board := range []string{"f407", "f767", "mps2-an500", "h743-none", "gd32f407-none", "zynq7035"} {
		b.Run(board, func(b *testing.B) {
			needHost(b)
			ref := board
			if base, ok := strings.CutSuffix(board, "-none"); ok {
				ref = variantBoard(b, base, bareMetal)
			}
			g := prepare(b, ref)
			// a short run measures the rates, so that each phase lasts long enough for the frames
			probe, err := Run(context.Background(), g, Options{CacheDir: testCache, Workload: "bulk", Duration: 200 * time.Millisecond})
			if err != nil || probe.Configs[0].Error != "" {
				b.Fatalf("probe: %v %s", err, probe.Configs[0].Error)
			}
			pc := probe.Configs[0]
			slow := min(pc.TxMbps, pc.RxMbps)
			if slow <= 0 {
				b.Fatalf("no traffic in the probe: %+v", pc)
			}
			dur := time.Duration(1.03 * float64(frames) * mssStd * 8 / (slow * 1e6) * float64(time.Second))
			o := Options{CacheDir: testCache, Workload: "bulk", Duration: dur, Warmup: 10 * time.Millisecond, Seed: 1}
			for i := 0; i < b.N; i++ {
				var out [2][]byte
				var c ConfigResult
				t0 := time.Now()
				for k := range out {
					r, err := Run(context.Background(), g, o)
					if err != nil {
						b.Fatal(err)
					}
					c = r.Configs[0]
					if c.Error != "" {
						b.Fatal(c.Error)
					}
					out[k], _ = json.Marshal(c)
				}
				wall := time.Since(t0)
				tx := int64(c.TxMbps * 1e6 * dur.Seconds() / 8 / mssStd)
				rx := int64(c.RxMbps * 1e6 * dur.Seconds() / 8 / mssStd)
				var pool string
				for _, p := range c.Pools {
					if p.Name == "PBUF_POOL" {
						pool = fmt.Sprintf("; PBUF_POOL max %d of %d, %d errors", p.Max, p.Avail, p.Err)
					}
				}
				b.Logf("%s: %d data frames device->peer, %d peer->device (%.0f s virtual per phase), two runs in %s wall; rx pool low-water %d of %d%s; MAC drops %v",
					board, tx, rx, dur.Seconds(), wall.Round(time.Second), c.Glue.RxPool.Low, c.Glue.RxPool.Total, pool, c.Glue.MACDrops)
				if !bytes.Equal(out[0], out[1]) {
					b.Fatal("two runs with the same seed differ")
				}
				if tx < int64(frames) || rx < int64(frames) {
					b.Errorf("only %d / %d frames", tx, rx)
				}
				if !c.Glue.Idle.Clean || len(c.Glue.Checks) > 0 {
					b.Errorf("idle %+v, checks %+v", c.Glue.Idle, c.Glue.Checks)
				}
			}
		})
	}
}
