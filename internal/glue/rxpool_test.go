package glue

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/lwipgen/lwipgen/internal/render"
	"github.com/lwipgen/lwipgen/internal/testenv"
)

// TestRxPoolHost renders lwipgen_rxpool.c/.h, compiles them with the host gcc
// together with testdata/rxpool/rxpool_sim.c (a simulated HAL descriptor ring,
// DMA and lwIP) and runs thousands of randomized steps with fixed seeds. The
// simulator checks after every step that each buffer is in exactly one place
// (pool, ring, lwIP), that free + out == N, that a double free or a foreign
// pointer is rejected without effect, that an exhausted pool answers NULL and
// the first buffer back asks for a refill exactly once, and that the budgeted
// drain never exceeds its budget and reports "empty" only when it is.
func TestRxPoolHost(t *testing.T) {
	cc := testenv.HostCC(t)
	sim, err := filepath.Abs(filepath.Join("testdata", "rxpool", "rxpool_sim.c"))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		buffers, ring, budget int
	}{
		{16, 8, 8},  // h743: pool twice the ring
		{8, 8, 4},   // pool == ring: every buffer lwIP holds starves the ring
		{12, 4, 1},  // budget of one frame
		{5, 4, 16},  // budget larger than the ring
		{40, 32, 8}, // deep ring
	}
	sanitize := []string{"-fsanitize=address,undefined", "-fno-sanitize-recover=all"}
	for _, c := range cases {
		c := c
		t.Run(fmt.Sprintf("n%d_ring%d_budget%d", c.buffers, c.ring, c.budget), func(t *testing.T) {
			t.Parallel()
			files, err := render.GlueRxPoolFS(templateFS(t), c.buffers, c.budget)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			for _, f := range files {
				if err := os.WriteFile(filepath.Join(dir, f.Path), f.Content, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			exe := filepath.Join(dir, "rxpool_sim")
			args := []string{"-std=c99", "-Wall", "-Wextra", "-Werror", "-O1", "-g", "-I", dir,
				fmt.Sprintf("-DRING=%d", c.ring), filepath.Join(dir, "lwipgen_rxpool.c"), sim, "-o", exe}
			out, err := exec.Command(cc, append(append([]string{}, sanitize...), args...)...).CombinedOutput()
			if err != nil {
				// Hosts without libasan/libubsan: the checks are in the simulator itself.
				out2, err2 := exec.Command(cc, args...).CombinedOutput()
				if err2 != nil {
					t.Fatalf("compile: %v\n%s\n(with sanitizers: %s)", err2, out2, out)
				}
				t.Logf("compiled without sanitizers: %s", bytes.TrimSpace(out))
			}
			for _, seed := range []string{"1", "0x5eed", "20240601"} {
				res, err := exec.Command(exe, seed, "5000").CombinedOutput()
				if err != nil {
					t.Fatalf("seed %s: %v\n%s", seed, err, res)
				}
				stats := parseStats(t, string(res))
				t.Logf("seed %s: %s", seed, bytes.TrimSpace(res))
				if stats["steps"] != 5000 || stats["frames"] == 0 {
					t.Errorf("seed %s: simulation did not run: %s", seed, res)
				}
				// The scenario must actually exercise what it claims to.
				if stats["empty"] == 0 || stats["refills"] == 0 {
					t.Errorf("seed %s: the pool never ran dry and refilled: %s", seed, res)
				}
				if stats["rejected"] == 0 {
					t.Errorf("seed %s: no bad free was tried: %s", seed, res)
				}
				if stats["out_max"] != c.buffers {
					t.Errorf("seed %s: high-water mark %d, want all %d buffers out at some point", seed, stats["out_max"], c.buffers)
				}
				if c.budget < c.ring && stats["partial_drains"] == 0 {
					t.Errorf("seed %s: the budget never cut a drain short: %s", seed, res)
				}
			}
		})
	}
}

var statRe = regexp.MustCompile(`(\w+)=(\d+)`)

func parseStats(t *testing.T, s string) map[string]int {
	t.Helper()
	m := map[string]int{}
	for _, kv := range statRe.FindAllStringSubmatch(s, -1) {
		v, err := strconv.Atoi(kv[2])
		if err != nil {
			t.Fatal(err)
		}
		m[kv[1]] = v
	}
	return m
}

// TestRxPoolNoPool: with no driver pool (GD32 copies into PBUF_POOL) only the
// budgeted drain is generated.
func TestRxPoolNoPool(t *testing.T) {
	files, err := render.GlueRxPoolFS(templateFS(t), 0, 8)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if bytes.Contains(f.Content, []byte("lwipgen_rxpool_get")) {
			t.Errorf("%s declares the pool although the driver has none", f.Path)
		}
		if !bytes.Contains(f.Content, []byte("lwipgen_rx_drain")) {
			t.Errorf("%s lacks the budgeted drain", f.Path)
		}
	}
	if _, err := render.GlueRxPoolFS(templateFS(t), 8, 0); err == nil {
		t.Error("budget 0 accepted")
	}
}
