//go:build unix

package txn

import (
	"errors"
	"os"
	"syscall"
)

var errBusy = errors.New("locked")

// tryLock takes an exclusive advisory lock; the kernel drops it when the
// process dies, so a killed run never leaves a stale lock.
func tryLock(f *os.File) error {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return errBusy
	}
	return err
}

func unlock(f *os.File) { syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }
