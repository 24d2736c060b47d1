package safety

import (
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/lwipgen/lwipgen/internal/txn"
)

// SIGKILL at random points of a vendor run: after the next lwipgen command
// (vendor again, or vendor --undo) the project is exactly as before the run
// or exactly as after a complete one, with no temporary file left.
func TestKillDuringVendor(t *testing.T) {
	const runs = 50
	base := t.TempDir()
	pristine := filepath.Join(base, "pristine")
	copyTree(t, fixture("cubeide-h743"), pristine)
	old := snapshot(t, pristine)
	// the complete run, once, for the "all new" tree and its duration
	done := filepath.Join(base, "done")
	copyTree(t, pristine, done)
	start := time.Now()
	if code, out := run(t, base, nil, "vendor", "--board", "h743", "--project", done); code != 0 {
		t.Fatalf("vendor: %s", out)
	}
	full := time.Since(start)
	// the planning part of a run (a dry run does all of it and writes nothing)
	dry := filepath.Join(base, "dry")
	copyTree(t, pristine, dry)
	start = time.Now()
	run(t, base, nil, "vendor", "--board", "h743", "--project", dry, "--dry-run")
	plan := min(time.Since(start), full)
	nw := snapshot(t, done)
	if len(diffKeys(old, nw)) < 5 {
		t.Fatalf("the run changes too little to test: %v", diffKeys(old, nw))
	}
	rng := rand.New(rand.NewSource(17))
	var inTxn, mid, mixed, rolledBack, completed, finished int
	// The moments are random, but the machine's load is not known in advance
	// (CI shares two cores with other work): kills that arrive after the run
	// has finished shrink the window the next kills are drawn from, and the
	// test goes on (up to 3x runs) until enough kills landed inside the
	// transaction to exercise it.
	win := max(full-plan, 50*time.Millisecond)
	i := 0
	for ; i < runs || (i < 3*runs && (inTxn < runs/3 || mid < runs/10)); i++ {
		dir := filepath.Join(base, "run", string(rune('a'+i%26))+strings.Repeat("x", i/26))
		copyTree(t, pristine, dir)
		c := exec.Command(lwipgen, "vendor", "--board", "h743", "--project", dir)
		c.Dir = base
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		// one kill in three anywhere in the planning; the others once the
		// transaction has begun (its folder appears), a random moment later
		if i%3 == 0 {
			time.Sleep(time.Duration(rng.Int63n(int64(plan)*3/2 + 1)))
		} else {
			waitFor(filepath.Join(dir, ".lwipgen", "txn"), full*3)
			time.Sleep(time.Duration(rng.Int63n(int64(win))))
		}
		c.Process.Signal(syscall.SIGKILL)
		c.Wait()
		if st := c.ProcessState; st != nil && st.Exited() && st.ExitCode() == 0 {
			finished++ // the kill came too late: the run had completed
			if i%3 != 0 {
				win = max(win/2, 5*time.Millisecond)
			}
		}
		if _, err := os.Stat(filepath.Join(dir, ".lwipgen", "txn")); err == nil {
			inTxn++
		}
		if _, err := os.Stat(filepath.Join(dir, ".lwipgen", "txn", "journal.json")); err == nil {
			mid++
		}
		if s := snapshot(t, dir); len(diffKeys(s, old)) > 0 && len(diffKeys(s, nw)) > 0 {
			mixed++
		}
		undo := i%2 == 1
		var out string
		if undo {
			_, out = run(t, base, nil, "vendor", "--project", dir, "--undo")
		} else if code, o := run(t, base, nil, "vendor", "--board", "h743", "--project", dir); code != 0 {
			t.Fatalf("run %d: the next vendor failed: %s", i, o)
		} else {
			out = o
		}
		got := snapshot(t, dir)
		want, what := nw, "all new"
		if undo {
			want, what = old, "all old"
		}
		if d := diffKeys(got, want); len(d) > 0 {
			t.Fatalf("run %d (killed, then %s): not %s; differs in %v\n%s", i, map[bool]string{true: "--undo", false: "vendor"}[undo], what, d, out)
		}
		if s := stray(dir); len(s) > 0 {
			t.Fatalf("run %d: stray files %v", i, s)
		}
		if strings.Contains(out, "rolled back an interrupted run") {
			rolledBack++
		}
		if strings.Contains(out, "completed an interrupted run") {
			completed++
		}
		os.RemoveAll(dir)
	}
	t.Logf("kill test: %d runs SIGKILLed at random points (a full run takes %v, its planning %v; %d had finished before the kill); %d inside the transaction (%d after its journal was written), %d left a mixed tree before the next command; next command completed %d and rolled back %d; all %d ended all old or all new, no stray files",
		i, full.Round(time.Millisecond), plan.Round(time.Millisecond), finished, inTxn, mid, mixed, completed, rolledBack, i)
	if inTxn < runs/3 || mid < runs/10 {
		t.Errorf("only %d of %d kills landed inside the transaction (%d after the journal): the test does not exercise it", inTxn, i, mid)
	}
}

// Two runs at once on one project: while one holds the project's lock (here
// the test itself, through the same package lwipgen uses), a vendor run
// waits and writes nothing; once the lock is released it completes.
func TestConcurrentVendorWaits(t *testing.T) {
	base := t.TempDir()
	dir := filepath.Join(base, "p")
	copyTree(t, fixture("cubeide-h743"), dir)
	before := snapshot(t, dir)
	holder, err := txn.Open(dir, ".lwipgen", false)
	if err != nil {
		t.Fatal(err)
	}
	c := exec.Command(lwipgen, "vendor", "--board", "h743", "--project", dir)
	var out strings.Builder
	c.Stdout, c.Stderr = &out, &out
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- c.Wait() }()
	select {
	case err := <-exited:
		holder.Close()
		t.Fatalf("the second run did not wait for the lock: %v\n%s", err, out.String())
	case <-time.After(700 * time.Millisecond):
	}
	if d := diffKeys(snapshot(t, dir), before); len(d) > 0 {
		t.Fatalf("the waiting run wrote %v", d)
	}
	holder.Close()
	select {
	case err := <-exited:
		if err != nil || !strings.Contains(out.String(), "files changed") {
			t.Fatalf("after the lock was released: %v\n%s", err, out.String())
		}
	case <-time.After(20 * time.Second):
		c.Process.Kill()
		t.Fatal("the waiting run never finished")
	}
	if s := stray(dir); len(s) > 0 {
		t.Fatalf("stray files %v", s)
	}
	t.Logf("concurrent runs: the second waited for the lock, wrote nothing meanwhile, then completed")
}

// waitFor polls until p exists or the timeout passes.
func waitFor(p string, timeout time.Duration) {
	for end := time.Now().Add(timeout); time.Now().Before(end); time.Sleep(100 * time.Microsecond) {
		if _, err := os.Stat(p); err == nil {
			return
		}
	}
}
