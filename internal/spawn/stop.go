package spawn

import (
	"context"
	"sync"
)

// stop ends every child: StopAll cancels it, and each Command's context is
// linked to it, so a child started before StopAll is killed (its group) and
// one started after fails to start.
var (
	stopMu          sync.Mutex
	stopCtx, stopFn = context.WithCancel(context.Background())
)

// StopAll kills the process group of every running child that Command
// started and makes every later Command fail at Start. The interrupt
// handler calls it on SIGINT/SIGTERM; it cannot be undone.
func StopAll() {
	stopMu.Lock()
	defer stopMu.Unlock()
	stopFn()
}

// Stopped reports whether StopAll was called.
func Stopped() bool {
	stopMu.Lock()
	defer stopMu.Unlock()
	return stopCtx.Err() != nil
}

// link makes StopAll call cancel; the returned func undoes the link.
func link(cancel context.CancelFunc) func() {
	stopMu.Lock()
	defer stopMu.Unlock()
	stop := context.AfterFunc(stopCtx, cancel)
	return func() { stop() }
}
