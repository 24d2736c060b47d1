package safety

import (
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// Ctrl-C (SIGINT) or SIGTERM once vendor's transaction has begun: the
// transaction finishes before the signal stops the process, so the tree is
// all new with no journal and no temp file, without a next command
// (issue 29 item 1: the signals are trapped for the transaction).
func TestSignalDuringTransactionFinishesIt(t *testing.T) {
	base := t.TempDir()
	pristine := filepath.Join(base, "pristine")
	copyTree(t, fixture("cubeide-h743"), pristine)
	done := filepath.Join(base, "done")
	copyTree(t, pristine, done)
	if code, out := run(t, base, nil, "vendor", "--board", "h743", "--project", done); code != 0 {
		t.Fatalf("vendor: %s", out)
	}
	nw := snapshot(t, done)
	for i, sig := range []os.Signal{os.Interrupt, syscall.SIGTERM, os.Interrupt, syscall.SIGTERM, os.Interrupt, syscall.SIGTERM} {
		dir := filepath.Join(base, "run", string(rune('a'+i)))
		copyTree(t, pristine, dir)
		c := exec.Command(lwipgen, "vendor", "--board", "h743", "--project", dir)
		c.Dir = base
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		waitFor(filepath.Join(dir, ".lwipgen", "txn"), 30*time.Second)
		time.Sleep(time.Duration(i) * time.Millisecond)
		c.Process.Signal(sig)
		c.Wait()
		if _, err := os.Stat(filepath.Join(dir, ".lwipgen", "txn", "journal.json")); err == nil {
			t.Fatalf("%v %d ms into the transaction left it pending (journal on disk)", sig, i)
		}
		if s := stray(dir); len(s) > 0 {
			t.Fatalf("%v: stray files %v", sig, s)
		}
		if d := userDiff(snapshot(t, dir), nw); len(d) > 0 {
			t.Fatalf("%v %d ms into the transaction: not all new, differs in %v", sig, i, d)
		}
	}
}
