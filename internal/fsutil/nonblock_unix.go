//go:build unix

package fsutil

import "syscall"

// nonBlock opens a FIFO without waiting for a writer, so the regular-file
// check can refuse it instead of hanging.
const nonBlock = syscall.O_NONBLOCK
