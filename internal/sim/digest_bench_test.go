package sim

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"testing"
	"time"
)

// BenchmarkDigest prints, per board, the SHA-256 of a run's full JSON result (every counter, the RTOS
// schedule hash, pools, latencies): the record that a change meant to be a pure speed-up changed no
// result. Run it before and after, and compare the lines (docs/simulator.md, "Speed"):
//
//	go test ./internal/sim -run '^$' -bench Digest -benchtime 1x
//
// Every run has loss, reordering and duplication on and all four phases, so that the seeded paths,
// the request/response server and the mix are in the digest.
func BenchmarkDigest(b *testing.B) {
	needHost(b)
	for _, name := range []string{"h743", "gd32f407", "f407", "f767", "mps2-an500", "zynq7035"} {
		g := prepare(b, name)
		b.Run(name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				r, err := Run(context.Background(), g, Options{CacheDir: testCache, Seed: 3, Workload: "all", Loss: 0.002, Reorder: 0.002, Duplicate: 0.001,
					Duration: 60 * time.Millisecond, Warmup: 20 * time.Millisecond})
				if err != nil {
					b.Fatal(err)
				}
				if e := r.Configs[0].Error; e != "" {
					b.Fatal(e)
				}
				js, _ := json.Marshal(r)
				if i == 0 {
					fmt.Fprintf(os.Stdout, "digest %s %x\n", name, sha256.Sum256(js))
					if f := os.Getenv("SIM_DIGEST_DIR"); f != "" {
						os.WriteFile(f+"/"+name+".json", js, 0o644)
					}
				}
			}
		})
	}
}
