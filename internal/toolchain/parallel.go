package toolchain

import (
	"context"
	"runtime"
	"sync"
)

// Parallel runs do(ctx, i) for i in [0, n) on at most jobs workers (0 = one
// per core) and returns the errors by index and the first one to happen. It is the one worker pool every
// compile in lwipgen goes through (the cross build, the lwIP compile tests,
// the QEMU firmware, the host simulator). With stopOnError the first failure
// cancels ctx for the running commands and no new index starts.
func Parallel(ctx context.Context, jobs, n int, stopOnError bool, do func(ctx context.Context, i int) error) ([]error, error) {
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	errs := make([]error, n)
	var (
		mu    sync.Mutex
		first error
		wg    sync.WaitGroup
	)
	work := make(chan int)
	for w := 0; w < jobs && w < n; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				if stopOnError && ctx.Err() != nil {
					continue // cancelled before it started: not run
				}
				if err := do(ctx, i); err != nil {
					errs[i] = err
					mu.Lock()
					if first == nil {
						first = err
					}
					mu.Unlock()
					if stopOnError {
						cancel()
					}
				}
			}
		}()
	}
	for i := 0; i < n; i++ {
		if ctx.Err() != nil {
			break
		}
		work <- i
	}
	close(work)
	wg.Wait()
	return errs, first
}
