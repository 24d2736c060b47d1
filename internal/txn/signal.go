package txn

import "github.com/lwipgen/lwipgen/internal/interrupt"

// holdSignals keeps Ctrl-C (SIGINT) and SIGTERM from stopping the process
// while a transaction is on disk: the commit finishes (or rolls back), and
// the returned release then ends the process as the signal would have
// (internal/interrupt: scratch removed, exit 130), so the command still
// stops - with the tree whole and no journal left. A second signal waits
// for it too.
func holdSignals() (release func()) { return interrupt.Hold() }
