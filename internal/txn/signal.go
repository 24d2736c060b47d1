package txn

import (
	"os"
	"os/signal"
	"syscall"
	"time"
)

// holdSignals keeps Ctrl-C (SIGINT) and SIGTERM from stopping the process
// while a transaction is on disk: the commit finishes (or rolls back), and
// the returned release then delivers the signal as it would have been, so
// the command still stops - with the tree whole and no journal left.
func holdSignals() (release func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	return func() {
		signal.Stop(ch)
		select {
		case sig := <-ch:
			signal.Reset(sig)
			if self, err := os.FindProcess(os.Getpid()); err == nil && self.Signal(sig) == nil {
				time.Sleep(5 * time.Second) // the default action ends the process meanwhile
			}
			os.Exit(130)
		default:
		}
	}
}
