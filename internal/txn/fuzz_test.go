package txn

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// FuzzJournal: whatever journal a crafted project holds, recovering it never
// touches a file outside the project, nor .git/, nor a file that holds
// neither of the contents the journal's hashes name (an edit made after the
// interrupted run).
func FuzzJournal(f *testing.F) {
	f.Add(`{"state":"apply","files":[{"path":"a.c","existed":true,"before":"00","after":"11","mode":420}]}`)
	f.Add(`{"state":"rollback","files":[{"path":"../outside.c","existed":false}]}`)
	f.Add(`{"state":"prepare","files":[{"path":"/etc/passwd","delete":true}]}`)
	f.Add(`{"state":"apply","files":[{"path":"link/x.c","after":"00"}]}`)
	f.Add(`{"state":"rollback","files":[{"path":".git/config","existed":true,"before":"00","after":"11","mode":420}]}`)
	f.Add(`{"state":"apply","files":[{"path":"edited.c","existed":true,"before":"00","after":"11","temp":".edited.c.0011223344556677.lwipgen-tmp","mode":420}]}`)
	f.Add(`{"state":"apply","files":[{"path":"edited.c","existed":true,"before":"00","after":"11","temp":"a.c","mode":420}]}`)
	base := fastTempDir(f)
	outside := filepath.Join(base, "outside.c")
	f.Fuzz(func(t *testing.T, journal string) {
		dir := filepath.Join(base, "p")
		os.RemoveAll(dir)
		os.MkdirAll(filepath.Join(dir, ".lwipgen", "txn"), 0o755)
		os.WriteFile(filepath.Join(dir, "a.c"), []byte("a"), 0o644)
		os.MkdirAll(filepath.Join(dir, ".git"), 0o755)
		os.WriteFile(filepath.Join(dir, ".git", "config"), []byte("git"), 0o644)
		os.WriteFile(filepath.Join(dir, "edited.c"), []byte("mine"), 0o644) // no journal names its hash
		os.WriteFile(filepath.Join(dir, ".edited.c.0011223344556677.lwipgen-tmp"), []byte("temp"), 0o644)
		os.Symlink(base, filepath.Join(dir, "link"))
		os.WriteFile(outside, []byte("keep"), 0o644)
		os.WriteFile(filepath.Join(dir, ".lwipgen", "txn", "journal.json"), []byte(journal), 0o644)
		if p, err := Open(dir, ".lwipgen", false); err == nil {
			p.Close()
		}
		for f, want := range map[string]string{".git/config": "git", "edited.c": "mine"} {
			if b, err := os.ReadFile(filepath.Join(dir, f)); err != nil || string(b) != want {
				t.Fatalf("%s was changed: %q %v", f, b, err)
			}
		}
		if b, err := os.ReadFile(outside); err != nil || string(b) != "keep" {
			t.Fatalf("a file outside the project was changed: %q %v", b, err)
		}
		if entries, _ := os.ReadDir(base); len(entries) != 2 {
			t.Fatalf("files appeared outside the project: %v", entries)
		}
	})
}

// fastTempDir is a temporary directory on a tmpfs (/dev/shm) when there is
// one: each input writes a small project and recovery syncs its files, which
// on a disk let CI's 2 s of fuzzing try a few dozen inputs; in memory it
// tries thousands. Elsewhere it is f.TempDir().
func fastTempDir(f *testing.F) string {
	if st, err := os.Stat("/dev/shm"); err == nil && st.IsDir() {
		// a fuzz worker stopped at -fuzztime runs no Cleanup: remove the
		// directories of workers that are gone (the pid is in the name)
		old, _ := filepath.Glob("/dev/shm/lwipgen-fuzzjournal-*")
		for _, o := range old {
			pid, err := strconv.Atoi(strings.SplitN(strings.TrimPrefix(filepath.Base(o), "lwipgen-fuzzjournal-"), "-", 2)[0])
			if err == nil && syscall.Kill(pid, 0) == syscall.ESRCH {
				os.RemoveAll(o)
			}
		}
		if d, err := os.MkdirTemp("/dev/shm", "lwipgen-fuzzjournal-"+strconv.Itoa(os.Getpid())+"-"); err == nil {
			f.Cleanup(func() { os.RemoveAll(d) })
			return d
		}
	}
	return f.TempDir()
}
