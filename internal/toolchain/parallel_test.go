package toolchain

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
)

// Every index runs once on at most jobs workers; without stopOnError a
// failure does not stop the others and each error lands at its index.
func TestParallelRunsEveryIndex(t *testing.T) {
	var running, peak, ran atomic.Int32
	errs, first := Parallel(context.Background(), 3, 20, false, func(_ context.Context, i int) error {
		n := running.Add(1)
		for p := peak.Load(); n > p && !peak.CompareAndSwap(p, n); p = peak.Load() {
		}
		defer running.Add(-1)
		ran.Add(1)
		if i%5 == 0 {
			return errors.New("boom")
		}
		return nil
	})
	if ran.Load() != 20 || peak.Load() > 3 {
		t.Fatalf("ran %d of 20, %d at once (max 3)", ran.Load(), peak.Load())
	}
	for i, e := range errs {
		if (e != nil) != (i%5 == 0) {
			t.Errorf("index %d: %v", i, e)
		}
	}
	if first == nil {
		t.Error("no first error")
	}
}

// With stopOnError the first failure cancels the context of the running
// calls and no new index starts.
func TestParallelStopsOnError(t *testing.T) {
	var ran atomic.Int32
	_, first := Parallel(context.Background(), 1, 50, true, func(ctx context.Context, i int) error {
		ran.Add(1)
		if i == 3 {
			return errors.New("stop")
		}
		return ctx.Err()
	})
	if first == nil || first.Error() != "stop" || ran.Load() > 5 {
		t.Fatalf("first %v after %d calls", first, ran.Load())
	}
}
