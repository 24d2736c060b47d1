package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/spawn"
)

// BuildTimes compares lwipgen's build of a board with `make -j2` of the same
// sources and flags (the compile commands lwipgen wrote), on this machine.
type BuildTimes struct {
	Board             string          `json:"board"`
	Units             int             `json:"units"`
	LwipgenClean      []time.Duration `json:"lwipgen_clean"`
	MakeClean         []time.Duration `json:"make_clean"`
	LwipgenNoop       []time.Duration `json:"lwipgen_noop"`
	MakeNoop          []time.Duration `json:"make_noop"`
	CleanRatio        float64         `json:"clean_ratio"` // lwipgen / make, medians
	LwipgenNoopMedian time.Duration   `json:"lwipgen_noop_median"`
}

type ccEntry struct {
	Directory string   `json:"directory"`
	File      string   `json:"file"`
	Arguments []string `json:"arguments"`
	Output    string   `json:"output"`
}

// CompareBuild runs each build `runs` times from clean and once more as a
// no-op, alternating lwipgen and make so machine noise hits both alike.
func CompareBuild(ctx context.Context, boardName string, src board.Source, work string, runs int, log io.Writer) (*BuildTimes, error) {
	if runs < 1 {
		runs = 3
	}
	bt := &BuildTimes{Board: boardName}
	work, err := filepath.Abs(work)
	if err != nil {
		return nil, err
	}
	lg := filepath.Join(work, "lwipgen")
	mk := filepath.Join(work, "make")
	opts := pipeline.Options{Board: boardName, Source: src, Out: lg, Jobs: 2}
	for i := 0; i < runs; i++ {
		os.RemoveAll(lg)
		t0 := time.Now()
		b, diags := pipeline.Build(ctx, opts)
		if diags.HasErrors() || b == nil {
			return nil, fmt.Errorf("lwipgen build: %v", diags)
		}
		bt.LwipgenClean = append(bt.LwipgenClean, time.Since(t0))
		bt.Units = b.Compiled
		t0 = time.Now()
		if _, diags := pipeline.Build(ctx, opts); diags.HasErrors() {
			return nil, fmt.Errorf("lwipgen no-op build: %v", diags)
		}
		bt.LwipgenNoop = append(bt.LwipgenNoop, time.Since(t0))

		os.RemoveAll(mk)
		if err := writeMakefile(lg, mk); err != nil {
			return nil, err
		}
		for _, pass := range []*[]time.Duration{&bt.MakeClean, &bt.MakeNoop} {
			t0 = time.Now()
			if out, err := spawn.CombinedOutput(ctx, "make", "-j2", "-s", "-C", mk); err != nil {
				return nil, fmt.Errorf("make -j2: %v\n%s", err, out)
			}
			*pass = append(*pass, time.Since(t0))
		}
		fmt.Fprintf(log, "run %d: lwipgen %v (no-op %v), make -j2 %v (no-op %v)\n", i+1,
			bt.LwipgenClean[i].Round(time.Millisecond), bt.LwipgenNoop[i].Round(time.Millisecond), bt.MakeClean[i].Round(time.Millisecond), bt.MakeNoop[i].Round(time.Millisecond))
	}
	bt.CleanRatio = float64(medianD(bt.LwipgenClean)) / float64(medianD(bt.MakeClean))
	bt.LwipgenNoopMedian = medianD(bt.LwipgenNoop)
	return bt, nil
}

// writeMakefile turns lwipgen's compile_commands.json into a Makefile that
// compiles the same files with the same flags (and links nothing: lwipgen's
// archive and link add two quick steps that make would need too).
func writeMakefile(lwipgenOut, dir string) error {
	raw, err := os.ReadFile(filepath.Join(lwipgenOut, "compile_commands.json"))
	if err != nil {
		return err
	}
	var es []ccEntry
	if err := json.Unmarshal(raw, &es); err != nil {
		return err
	}
	var b strings.Builder
	var objs []string
	for i, e := range es {
		obj := filepath.Join(dir, fmt.Sprintf("u%03d.o", i))
		objs = append(objs, obj)
		args := append([]string{}, e.Arguments...)
		for j := range args {
			if args[j] == "-o" && j+1 < len(args) {
				args[j+1] = obj
			}
		}
		fmt.Fprintf(&b, "%s: %s\n\t%s -MMD -MP\n-include %s.d\n", obj, e.File, strings.Join(args, " "), strings.TrimSuffix(obj, ".o"))
	}
	head := "all: " + strings.Join(objs, " ") + "\n"
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "Makefile"), []byte(head+b.String()), 0o644)
}

func medianD(v []time.Duration) time.Duration {
	f := make([]float64, len(v))
	for i, d := range v {
		f[i] = float64(d)
	}
	return time.Duration(median(f))
}

// PrintBuildTimes prints the comparison.
func PrintBuildTimes(w io.Writer, bt *BuildTimes) {
	fmt.Fprintf(w, "board %s, %d translation units, medians of %d runs:\n", bt.Board, bt.Units, len(bt.LwipgenClean))
	fmt.Fprintf(w, "  lwipgen clean build (generate + compile + archive + link + verify + report): %v\n", medianD(bt.LwipgenClean).Round(time.Millisecond))
	fmt.Fprintf(w, "  make -j2 clean compile of the same sources and flags:                        %v\n", medianD(bt.MakeClean).Round(time.Millisecond))
	fmt.Fprintf(w, "  ratio lwipgen/make: %.2f\n", bt.CleanRatio)
	fmt.Fprintf(w, "  no-op rebuild: lwipgen %v, make %v\n", bt.LwipgenNoopMedian.Round(time.Millisecond), medianD(bt.MakeNoop).Round(time.Millisecond))
}
