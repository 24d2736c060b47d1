package targets

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/lwipgen/lwipgen/internal/sim"
)

// Sim runs the host-side network simulator for a board: mage sim board=NAME.
// It compiles the real lwIP with the board's generated lwipopts.h for the
// host and prints lwipgen's configuration, lwIP's defaults and the seed
// article's configuration side by side (`lwipgen sim --board NAME --compare`).
func Sim(board string) error {
	b, err := arg("board", board)
	if err != nil {
		return err
	}
	return lwipgen("sim", "--board", b, "--compare")
}

// simBenchBoards are the boards with real hardware behind them (the sweep
// benchmark's default).
var simBenchBoards = []string{"h743", "f767", "f407", "gd32f407", "zynq7035"}

// SimBench sweeps every real-hardware board off its design point against every baseline: mage simbench.
//
// Loss 0/0.1/1 %, RTT x1/x10, CPU x1/x2, connections 1/declared/2x, mix;
// it prints each board's table and the points where lwipgen is not within
// 5 % (throughput) / 10 % (p99) of the best baseline with their kind and
// reason, then one summary line per board with the lwIP RAM beside the
// vendor example's. Options: boards=a,b (default the
// five real boards), seeds=N (default 2), ms=N measured per phase (default
// 300). Each board's result stays in build/NAME/sim-sweep.json (and
// report.json "sim.sweep"). Heavy: about 1.5-2.5 min per board on 2 cores.
func SimBench() error {
	boards := simBenchBoards
	if v := os.Getenv("SIMBENCH_BOARDS"); v != "" {
		boards = strings.Split(v, ",")
	}
	seeds, ms := envOr("SIMBENCH_SEEDS", "2"), envOr("SIMBENCH_MS", "300")
	var sums []sim.Summary
	for _, b := range boards {
		if err := lwipgen("sim", "--board", b, "--sweep", "--seeds", seeds, "--duration", ms+"ms"); err != nil {
			return err
		}
		r, err := readSweep(b)
		if err != nil {
			return err
		}
		sums = append(sums, r.Summarize())
		fmt.Println()
	}
	fmt.Println("simbench summary (shortfalls by kind; only \"sizing\" is a rule to fix, the others carry their reason in the tables above):")
	sim.WriteSummary(os.Stdout, sums)
	return nil
}

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

// readSweep reads the result `lwipgen sim --sweep` recorded for a board.
func readSweep(board string) (*sim.SweepResult, error) {
	name := board
	if strings.HasSuffix(board, ".hcl") {
		name = strings.TrimSuffix(filepath.Base(board), ".hcl")
	}
	data, err := os.ReadFile(filepath.Join("build", name, "sim-sweep.json"))
	if err != nil {
		return nil, err
	}
	var r sim.SweepResult
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("build/%s/sim-sweep.json: %v", name, err)
	}
	return &r, nil
}
