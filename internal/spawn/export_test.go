package spawn

import "context"

// resetStop undoes StopAll for the next test.
func resetStop() {
	stopMu.Lock()
	defer stopMu.Unlock()
	stopCtx, stopFn = context.WithCancel(context.Background())
}
