// Package interrupt is what Ctrl-C (SIGINT) and SIGTERM do to every
// lwipgen command, in one place:
//
//  1. the first signal cancels every context from Context, and
//     spawn.StopAll kills the process group of every child the runner
//     started (a compiler, make, QEMU; one that ignores the signal too);
//  2. the command then returns through its own defers; if it has not
//     within Grace (or on a second signal), the process removes the
//     registered scratch directories and exits 130 itself;
//  3. never while a Hold is open: a vendor transaction on disk finishes or
//     rolls back first, and only then does the process exit.
//
// cli.Main exits 130 when Interrupted.
package interrupt

import (
	"context"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/lwipgen/lwipgen/internal/spawn"
)

// Grace is how long a command has after the first signal to return on its
// own before the process exits anyway.
var Grace = 5 * time.Second

// exit ends the process; a variable for the package's own tests.
var exit = os.Exit

var (
	mu        sync.Mutex
	idle      = sync.NewCond(&mu) // signalled when holds drops to 0
	installed bool
	signals   int
	holds     int
	cancels   = map[*int]context.CancelFunc{}
	scratch   = map[string]int{}
)

// Install traps SIGINT and SIGTERM for the rest of the process. Context,
// Hold and Scratch call it; calling it again does nothing.
func Install() {
	mu.Lock()
	defer mu.Unlock()
	if installed {
		return
	}
	installed = true
	ch := make(chan os.Signal, 2)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	go func() {
		for range ch {
			received()
		}
	}()
}

// received handles one signal.
func received() {
	mu.Lock()
	signals++
	first := signals == 1
	for _, cancel := range cancels {
		cancel()
	}
	mu.Unlock()
	spawn.StopAll()
	if first {
		time.AfterFunc(Grace, finish)
		return
	}
	go finish()
}

// finish waits for every Hold to be released, removes the scratch
// directories and exits 130.
func finish() {
	mu.Lock()
	for holds > 0 {
		idle.Wait()
	}
	dirs := make([]string, 0, len(scratch))
	for d := range scratch {
		dirs = append(dirs, d)
	}
	mu.Unlock()
	for _, d := range dirs {
		_ = os.RemoveAll(d)
	}
	exit(130)
}

// Interrupted reports whether SIGINT or SIGTERM arrived.
func Interrupted() bool {
	mu.Lock()
	defer mu.Unlock()
	return signals > 0
}

// Context is parent, cancelled on the first SIGINT or SIGTERM (at once if
// one already arrived). Call stop when the command is done.
func Context(parent context.Context) (ctx context.Context, stop func()) {
	Install()
	ctx, cancel := context.WithCancel(parent)
	key := new(int)
	mu.Lock()
	cancels[key] = cancel
	if signals > 0 {
		cancel()
	}
	mu.Unlock()
	return ctx, func() {
		mu.Lock()
		delete(cancels, key)
		mu.Unlock()
		cancel()
	}
}

// Hold keeps a signal from ending the process until release: a vendor
// transaction on disk finishes (or rolls back) whole. If a signal arrived
// meanwhile, release ends the process (scratch removed, exit 130) once the
// last Hold is released, so the command stops right after its commit.
func Hold() (release func()) {
	Install()
	mu.Lock()
	holds++
	mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			mu.Lock()
			holds--
			last, stop := holds == 0, signals > 0
			if last {
				idle.Broadcast()
			}
			mu.Unlock()
			if last && stop {
				finish()
			}
		})
	}
}

// Scratch registers a temporary directory the process removes if a signal
// ends it before the command's own defer does; done unregisters it (call it
// after removing the directory).
func Scratch(dir string) (done func()) {
	Install()
	mu.Lock()
	scratch[dir]++
	mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			mu.Lock()
			if scratch[dir]--; scratch[dir] <= 0 {
				delete(scratch, dir)
			}
			mu.Unlock()
		})
	}
}
