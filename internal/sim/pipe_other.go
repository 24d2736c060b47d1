//go:build !linux

package sim

import "os"

// blockingPipe: elsewhere an ordinary pipe (on the runtime's poller).
func blockingPipe() (r, w *os.File, err error) { return os.Pipe() }
