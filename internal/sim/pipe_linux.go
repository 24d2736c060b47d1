package sim

import (
	"os"
	"syscall"
)

// blockingPipe is a pipe whose descriptors stay in blocking mode, so that os.NewFile does not put
// them on the runtime's poller: the scheduler's one-command-at-a-time exchange with a node then
// blocks in read(2) instead of parking the goroutine and waking it through the netpoller for
// every command (measured: most of the Go side's CPU was that wake-up).
func blockingPipe() (r, w *os.File, err error) {
	var p [2]int
	if err := syscall.Pipe2(p[:], syscall.O_CLOEXEC); err != nil {
		return nil, nil, err
	}
	return os.NewFile(uintptr(p[0]), "|0"), os.NewFile(uintptr(p[1]), "|1"), nil
}
