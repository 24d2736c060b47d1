package txn

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// a small project: two files lwipgen rewrites (one 0600, one executable),
// one it creates in a new folder, one it deletes.
func fixture(t *testing.T) (string, map[string]string, map[string]string, []Change) {
	dir := t.TempDir()
	old := map[string]string{"Core/Src/main.c": "old main\n", "build.sh": "#!/bin/sh\nold\n", "gone.h": "old gone\n"}
	for p, c := range old {
		os.MkdirAll(filepath.Join(dir, filepath.Dir(p)), 0o755)
		os.WriteFile(filepath.Join(dir, p), []byte(c), 0o644)
	}
	os.Chmod(filepath.Join(dir, "Core/Src/main.c"), 0o600)
	os.Chmod(filepath.Join(dir, "build.sh"), 0o755)
	nw := map[string]string{"Core/Src/main.c": "new main\n", "build.sh": "#!/bin/sh\nnew\n", "LWIP/lwipgen/a.c": "new a\n"}
	changes := []Change{
		{Path: "Core/Src/main.c", Existed: true, Before: []byte(old["Core/Src/main.c"]), After: []byte(nw["Core/Src/main.c"])},
		{Path: "build.sh", Existed: true, Before: []byte(old["build.sh"]), After: []byte(nw["build.sh"])},
		{Path: "LWIP/lwipgen/a.c", After: []byte(nw["LWIP/lwipgen/a.c"])},
		{Path: "gone.h", Existed: true, Before: []byte(old["gone.h"]), Delete: true},
	}
	return dir, old, nw, changes
}

// state says whether dir is all old, all new, or mixed, and lists stray temp files.
func state(t *testing.T, dir string, old, nw map[string]string) (string, []string) {
	t.Helper()
	isOld, isNew := true, true
	for _, p := range []string{"Core/Src/main.c", "build.sh", "LWIP/lwipgen/a.c", "gone.h"} {
		b, err := os.ReadFile(filepath.Join(dir, p))
		o, hadOld := old[p]
		n, hasNew := nw[p]
		if (err == nil) != hadOld || err == nil && string(b) != o {
			isOld = false
		}
		if (err == nil) != hasNew || err == nil && string(b) != n {
			isNew = false
		}
	}
	var stray []string
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() && (strings.Contains(p, ".lwipgen-tmp") || strings.Contains(p, "/.lwipgen/txn/")) {
			stray = append(stray, p)
		}
		return nil
	})
	switch {
	case isOld:
		return "old", stray
	case isNew:
		return "new", stray
	}
	return "mixed", stray
}

func TestCommit(t *testing.T) {
	dir, old, nw, changes := fixture(t)
	p, err := Open(dir, ".lwipgen", false)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Commit(changes); err != nil {
		t.Fatal(err)
	}
	p.Close()
	if s, stray := state(t, dir, old, nw); s != "new" || len(stray) > 0 {
		t.Fatalf("after commit: %s, stray %v", s, stray)
	}
	for p, want := range map[string]os.FileMode{"Core/Src/main.c": 0o600, "build.sh": 0o755, "LWIP/lwipgen/a.c": 0o644} {
		if fi, _ := os.Stat(filepath.Join(dir, p)); fi.Mode().Perm() != want {
			t.Errorf("%s: mode %v, want %v", p, fi.Mode().Perm(), want)
		}
	}
}

// A crash after every single step of a commit: the next Open leaves the tree
// all old or all new (and says which), with no temp file; modes are kept.
func TestCrashAtEveryStep(t *testing.T) {
	seen := map[string]int{}
	for n := 1; ; n++ {
		dir, old, nw, changes := fixture(t)
		p, err := Open(dir, ".lwipgen", false)
		if err != nil {
			t.Fatal(err)
		}
		crashIn = n
		done := make(chan error, 1)
		go func() {
			defer close(done)
			done <- p.Commit(changes)
		}()
		err, finished := <-done
		crashed := crashIn == 0
		crashIn = 0
		p.Close() // the kernel would drop the lock of a killed process
		if finished && err != nil {
			t.Fatalf("step %d: %v", n, err)
		}
		q, err := Open(dir, ".lwipgen", false)
		if err != nil {
			t.Fatalf("step %d: recovery: %v", n, err)
		}
		q.Close()
		s, stray := state(t, dir, old, nw)
		if s == "mixed" || len(stray) > 0 {
			t.Fatalf("crash at step %d: tree is %s after recovery (%q), stray %v", n, s, q.Recovered, stray)
		}
		if s == "new" {
			if fi, _ := os.Stat(filepath.Join(dir, "build.sh")); fi.Mode().Perm() != 0o755 {
				t.Errorf("step %d: build.sh mode %v", n, fi.Mode().Perm())
			}
		}
		seen[s]++
		if !crashed {
			break
		}
	}
	if seen["old"] == 0 || seen["new"] < 2 {
		t.Errorf("crash points did not cover both outcomes: %v", seen)
	}
	t.Logf("crash points: %v", seen)
}

// --undo after a crash rolls the interrupted run back, even from "apply".
func TestUndoRollsBackInterrupted(t *testing.T) {
	for n := 1; n < 40; n++ {
		dir, old, nw, changes := fixture(t)
		p, _ := Open(dir, ".lwipgen", false)
		crashIn = n
		done := make(chan struct{})
		go func() { defer close(done); p.Commit(changes) }()
		<-done
		crashed := crashIn == 0
		crashIn = 0
		p.Close()
		if !crashed {
			break
		}
		q, _, err := OpenForUndo(dir, ".lwipgen")
		if err != nil {
			t.Fatalf("step %d: %v", n, err)
		}
		q.Close()
		if s, stray := state(t, dir, old, nw); s != "old" || len(stray) > 0 {
			t.Fatalf("undo after a crash at step %d: %s, stray %v", n, s, stray)
		}
	}
}

// A second run waits for the lock, then is refused with a clear error.
func TestLockRefusesSecondRun(t *testing.T) {
	dir, _, _, _ := fixture(t)
	p, err := Open(dir, ".lwipgen", false)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	saved := LockWait
	LockWait = 200 * time.Millisecond
	defer func() { LockWait = saved }()
	start := time.Now()
	_, err = Open(dir, ".lwipgen", false)
	var be *BusyError
	if !errors.As(err, &be) || !strings.Contains(err.Error(), "another lwipgen run") || !strings.Contains(err.Error(), "waited") {
		t.Fatalf("second Open: %v", err)
	}
	if time.Since(start) < 150*time.Millisecond {
		t.Error("refused without waiting")
	}
	// released: the next one gets it
	p.Close()
	q, err := Open(dir, ".lwipgen", false)
	if err != nil {
		t.Fatalf("after release: %v", err)
	}
	q.Close()
}

// A journal naming a path outside the project is refused, not followed.
func TestHostileJournal(t *testing.T) {
	dir, _, _, _ := fixture(t)
	os.MkdirAll(filepath.Join(dir, ".lwipgen", "txn"), 0o755)
	os.WriteFile(filepath.Join(dir, ".lwipgen", "txn", "journal.json"), []byte(`{"state":"rollback","files":[{"path":"../outside.c","existed":false}]}`), 0o644)
	outside := filepath.Join(filepath.Dir(dir), "outside.c")
	os.WriteFile(outside, []byte("keep"), 0o644)
	defer os.Remove(outside)
	if _, err := Open(dir, ".lwipgen", false); err == nil || !strings.Contains(err.Error(), "outside") {
		t.Fatalf("hostile journal: %v", err)
	}
	if b, _ := os.ReadFile(outside); string(b) != "keep" {
		t.Fatal("a file outside the project was touched")
	}
}

// A dry run (read-only) never recovers or locks; a pending journal is named.
func TestReadOnlyRefusesPending(t *testing.T) {
	dir, _, _, changes := fixture(t)
	p, _ := Open(dir, ".lwipgen", false)
	crashIn = 8
	done := make(chan struct{})
	go func() { defer close(done); p.Commit(changes) }()
	<-done
	crashIn = 0
	p.Close()
	if _, err := Open(dir, ".lwipgen", true); err == nil || !strings.Contains(err.Error(), "interrupted") {
		t.Fatalf("read-only open with a pending journal: %v", err)
	}
}

// A crash at every step, then the user edits a file of the transaction
// before the next command: neither the next run nor --undo overwrites the
// edit. Rolling forward stops and names the file (nothing changed); rolling
// back keeps the edit and saves the file's old content under
// .lwipgen/recovered/ (both kept); the other files end all old.
func TestRecoveryKeepsEditsMadeAfterCrash(t *testing.T) {
	const edit = "/* typed after the crash */\n"
	var stopped, kept int
	for n := 1; n < 40; n++ {
		dir, old, _, changes := fixture(t)
		p, _ := Open(dir, ".lwipgen", false)
		crashIn = n
		done := make(chan struct{})
		go func() { defer close(done); p.Commit(changes) }()
		<-done
		crashed := crashIn == 0
		crashIn = 0
		p.Close()
		if !crashed {
			break
		}
		main := filepath.Join(dir, "Core/Src/main.c")
		cur, _ := os.ReadFile(main)
		os.WriteFile(main, append(cur, edit...), 0o600)
		q, err := Open(dir, ".lwipgen", false)
		var ce *ChangedError
		if errors.As(err, &ce) {
			if len(ce.Files) != 1 || ce.Files[0] != "Core/Src/main.c" || !strings.Contains(err.Error(), "--undo") {
				t.Fatalf("step %d: %v", n, err)
			}
			if b, _ := os.ReadFile(main); string(b) != string(cur)+edit {
				t.Fatalf("step %d: the refused recovery changed main.c: %q", n, b)
			}
			stopped++
			q, _, err = OpenForUndo(dir, ".lwipgen")
		}
		if err != nil {
			t.Fatalf("step %d: recovery: %v", n, err)
		}
		if len(q.Kept) > 0 {
			kept++
		}
		q.Close()
		if b, _ := os.ReadFile(main); string(b) != string(cur)+edit {
			t.Fatalf("step %d: the edit was lost: main.c is %q", n, b)
		}
		if len(q.Kept) > 0 {
			saved, _ := os.ReadFile(filepath.Join(dir, ".lwipgen/recovered/Core/Src/main.c"))
			if string(saved) != old["Core/Src/main.c"] {
				t.Fatalf("step %d: the old content was not kept beside the edit: %q", n, saved)
			}
			for _, f := range []string{"build.sh", "gone.h"} {
				if b, _ := os.ReadFile(filepath.Join(dir, f)); string(b) != old[f] {
					t.Fatalf("step %d: %s not rolled back: %q", n, f, b)
				}
			}
		}
	}
	if stopped == 0 || kept == 0 {
		t.Errorf("crash points did not cover both ways: %d stopped forward, %d kept on roll back", stopped, kept)
	}
}

// A journal whose temp file is not a temp name of its entry (here: another
// project file, to be renamed over main.c) is refused before anything moves.
func TestJournalTempMustBeItsFiles(t *testing.T) {
	dir, old, _, _ := fixture(t)
	os.MkdirAll(filepath.Join(dir, ".lwipgen", "txn"), 0o755)
	os.WriteFile(filepath.Join(dir, ".lwipgen", "txn", "journal.json"), []byte(`{"state":"apply","files":[{"path":"Core/Src/main.c","existed":true,"before":"x","after":"y","temp":"build.sh","mode":420}]}`), 0o644)
	if _, err := Open(dir, ".lwipgen", false); err == nil || !strings.Contains(err.Error(), "not a temporary file") {
		t.Fatalf("crafted journal: %v", err)
	}
	for f, want := range old {
		if b, _ := os.ReadFile(filepath.Join(dir, f)); string(b) != want {
			t.Errorf("%s changed: %q", f, b)
		}
	}
}

// A crafted journal naming .git/config is refused: the next run does not
// roll it "back" to content the journal's before/ folder holds (item 6).
func TestJournalNeverNamesGit(t *testing.T) {
	dir, _, _, _ := fixture(t)
	os.MkdirAll(filepath.Join(dir, ".git"), 0o755)
	os.WriteFile(filepath.Join(dir, ".git", "config"), []byte("keep\n"), 0o644)
	os.MkdirAll(filepath.Join(dir, ".lwipgen", "txn", "before", ".git"), 0o755)
	os.WriteFile(filepath.Join(dir, ".lwipgen", "txn", "before", ".git", "config"), []byte("evil\n"), 0o644)
	j := `{"state":"rollback","files":[{"path":".git/config","existed":true,"before":"` + sum([]byte("evil\n")) + `","after":"` + sum([]byte("keep\n")) + `","mode":420}]}`
	os.WriteFile(filepath.Join(dir, ".lwipgen", "txn", "journal.json"), []byte(j), 0o644)
	if _, _, err := OpenForUndo(dir, ".lwipgen"); err == nil || !strings.Contains(err.Error(), "version-control") {
		t.Fatalf("crafted journal naming .git/config: %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, ".git", "config")); string(b) != "keep\n" {
		t.Fatalf(".git/config overwritten: %q", b)
	}
	p, _ := Open(dir, ".lwipgen", false)
	if p != nil {
		p.Close()
	}
	if err := func() error {
		os.Remove(filepath.Join(dir, ".lwipgen", "txn", "journal.json"))
		q, err := Open(dir, ".lwipgen", false)
		if err != nil {
			return err
		}
		defer q.Close()
		return q.Commit([]Change{{Path: "x/.git/hooks/pre-commit", After: []byte("evil")}})
	}(); err == nil {
		t.Fatal("a commit into .git/ was accepted")
	}
}

// A rename that fails in the apply phase (here: a folder where a new file
// goes) does not leave a mixed tree silently: the files already renamed are
// put back, the error says so, and no journal or temp file stays (item 10).
func TestFailedRenameRolledBackAndSaid(t *testing.T) {
	dir, old, nw, changes := fixture(t)
	os.MkdirAll(filepath.Join(dir, "LWIP", "lwipgen", "a.c", "in-the-way"), 0o755)
	p, err := Open(dir, ".lwipgen", false)
	if err != nil {
		t.Fatal(err)
	}
	err = p.Commit(changes)
	p.Close()
	if err == nil || !strings.Contains(err.Error(), "put back as it was") {
		t.Fatalf("failed rename: %v", err)
	}
	delete(old, "LWIP/lwipgen/a.c")
	for f, want := range old {
		if b, _ := os.ReadFile(filepath.Join(dir, f)); string(b) != want {
			t.Errorf("%s not put back: %q", f, b)
		}
	}
	if s, stray := state(t, dir, old, nw); len(stray) > 0 {
		t.Errorf("tree %s, stray %v", s, stray)
	}
}
