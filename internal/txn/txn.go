// Package txn applies a set of file changes to a project as one
// transaction: a lock file keeps a second lwipgen run out, a journal is
// written before the first change, every new content goes to a temp file
// beside its target, and only when all of them are on disk are they renamed
// into place. A run killed at any point is rolled back (journal still
// "prepare") or forward (journal "apply") by the next run, or rolled back by
// --undo: the tree is never left part old, part new, and no temp file stays.
// Recovery moves only files that hold what the run found or wrote (the
// journal's hashes): an edit made since then stops a roll forward
// (ChangedError) and survives a roll back (its old content is kept in
// State/recovered/). SIGINT and SIGTERM wait for the transaction to end.
package txn

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/lwipgen/lwipgen/internal/fsutil"
)

// Layout of the state directory (relative to the project).
const (
	lockName    = "lock"
	dirName     = "txn"          // journal and the previous contents of the files in flight
	journalName = "journal.json" // under dirName
	beforeDir   = "before"       // under dirName
)

// Change is one file of a transaction.
type Change struct {
	Path    string // relative to the project, forward slashes
	Existed bool   // the file exists now (Before is its content)
	Before  []byte
	After   []byte // the new content; nil with Delete
	Delete  bool   // remove the file
}

// Project is an open, locked project.
type Project struct {
	Root        *fsutil.Root
	State       string // the state directory, project-relative (".lwipgen")
	lock        *os.File
	createdLock bool   // this run created the lock file (and the state folder)
	Recovered   string // what the recovery at Open did ("" when nothing was pending)
	// Kept lists the files a roll back left as they are because they were
	// changed after the interrupted run stopped (their old content is in
	// State/recovered/).
	Kept []string
}

// LockWait is how long Open waits for another run's lock before refusing.
var LockWait = 10 * time.Second

// crashIn, when positive, counts steps down and stops the goroutine at 0
// (runtime.Goexit, no clean-up): the unit tests' in-process "kill".
var crashIn int

func step() {
	if crashIn > 0 {
		crashIn--
		if crashIn == 0 {
			runtime.Goexit()
		}
	}
}

// BusyError is returned when another run holds the project's lock.
type BusyError struct{ Dir, Holder string }

func (e *BusyError) Error() string {
	return fmt.Sprintf("%s: another lwipgen run is changing this project (%s); nothing was written - run again when it has finished", e.Dir, e.Holder)
}

// Open locks the project at dir (state in dir/state) and completes or rolls
// back a transaction an earlier run left. With readOnly nothing is created
// or recovered: a pending transaction is an error (a dry run must not
// describe a half-written tree).
func Open(dir, state string, readOnly bool) (*Project, error) {
	root, err := fsutil.OpenRoot(dir, false)
	if err != nil {
		return nil, err
	}
	p := &Project{Root: root, State: state}
	if readOnly {
		if _, err := root.Stat(p.journal()); err == nil {
			root.Close()
			return nil, fmt.Errorf("%s: an interrupted lwipgen run is pending (%s/%s/%s): run the same command without --dry-run to complete it, or --undo to roll it back", dir, state, dirName, journalName)
		}
		return p, nil
	}
	if err := p.acquire(); err != nil {
		root.Close()
		return nil, err
	}
	release := holdSignals()
	msg, err := p.recover(false)
	release()
	if err != nil {
		p.Close()
		return nil, err
	}
	p.Recovered = msg
	return p, nil
}

// Close releases the lock.
// A run that created the lock file removes it again (and the state folder,
// when nothing else is in it), so a refused run leaves no lock behind
// (issue 29 item 10), whatever other lwipgen state the project holds; a
// run waiting on the lock sees it go and takes a new one (acquire).
func (p *Project) Close() error {
	if p.lock != nil {
		if p.createdLock {
			p.Root.Remove(p.State + "/" + lockName) // Remove also drops the now empty state folder
		}
		unlock(p.lock)
		p.lock.Close()
		p.lock = nil
	}
	return p.Root.Close()
}

// acquire takes the project's lock. The lock file carries no content (a
// second run must change nothing on disk); a lock file removed by the
// holder's Close while this run waited on it is detected (not the same file
// any more) and taken again.
func (p *Project) acquire() error {
	name := p.State + "/" + lockName
	deadline := time.Now().Add(LockWait)
	for {
		_, statErr := p.Root.Stat(name)
		f, err := p.Root.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return err
		}
		if err := tryLock(f); err == nil {
			if cur, err := p.Root.Stat(name); err == nil {
				if fi, err := f.Stat(); err == nil && os.SameFile(cur, fi) {
					p.lock, p.createdLock = f, statErr != nil
					return nil
				}
			}
			f.Close() // removed meanwhile: lock the new one
			continue
		} else if !errors.Is(err, errBusy) {
			f.Close()
			return err
		}
		f.Close()
		if time.Now().After(deadline) {
			return &BusyError{Dir: p.Root.Dir, Holder: fmt.Sprintf("it holds %s/%s; waited %v", p.Root.Dir, name, LockWait)}
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (p *Project) journal() string { return p.State + "/" + dirName + "/" + journalName }

type entry struct {
	Path    string      `json:"path"`
	Existed bool        `json:"existed"`
	Before  string      `json:"before,omitempty"` // sha256
	After   string      `json:"after,omitempty"`  // sha256; empty with delete
	Delete  bool        `json:"delete,omitempty"`
	Temp    string      `json:"temp,omitempty"` // the new content's temp file (random, beside Path)
	Mode    fs.FileMode `json:"mode"`
}

type journal struct {
	State   string  `json:"state"` // "prepare": temps being written; "apply": all temps on disk, renaming; "rollback": restoring
	Entries []entry `json:"files"`
}

func sum(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// Commit applies changes as one transaction.
func (p *Project) Commit(changes []Change) error {
	if p.lock == nil {
		return errors.New("txn: commit on a project opened read-only")
	}
	if len(changes) == 0 {
		return nil
	}
	release := holdSignals()
	defer release()
	cs := append([]Change(nil), changes...)
	sort.Slice(cs, func(i, j int) bool { return cs[i].Path < cs[j].Path })
	j := journal{State: "prepare"}
	for _, c := range cs {
		if _, err := p.Root.Clean(c.Path); err != nil {
			return err
		}
		if InVCS(c.Path) {
			return fmt.Errorf("txn: %s is inside a version-control folder; lwipgen never writes there", c.Path)
		}
		if strings.HasPrefix(path.Clean(c.Path)+"/", p.State+"/"+dirName+"/") || path.Clean(c.Path) == p.State+"/"+lockName {
			return fmt.Errorf("txn: %s is lwipgen's own transaction state", c.Path)
		}
		e := entry{Path: c.Path, Existed: c.Existed, Delete: c.Delete, Mode: 0o644}
		if c.Existed {
			e.Before = sum(c.Before)
			fi, err := p.Root.Stat(c.Path)
			if err != nil {
				return err
			}
			e.Mode = fi.Mode().Perm()
		}
		if !c.Delete {
			e.After = sum(c.After)
			e.Temp = filepath.ToSlash(fsutil.TempName(path.Clean(c.Path)))
		}
		j.Entries = append(j.Entries, e)
	}
	// 1. the previous contents, for a roll back
	for _, c := range cs {
		if c.Existed {
			step()
			if _, err := p.Root.WriteFile(p.beforePath(c.Path), c.Before, 0o600); err != nil {
				return p.abort(fmt.Errorf("saving %s: %v", c.Path, err))
			}
		}
	}
	// 2. the journal, before the first change to a project file
	if err := p.writeJournal(&j); err != nil {
		return p.abort(err)
	}
	// 3. every new content in its temp file
	for i, c := range cs {
		if c.Delete {
			continue
		}
		step()
		if err := p.Root.WriteTemp(c.Path, j.Entries[i].Temp, c.After, j.Entries[i].Mode); err != nil {
			return p.abort(fmt.Errorf("writing %s: %v", c.Path, err))
		}
	}
	// 4. all on disk: from here the next run rolls forward
	j.State = "apply"
	if err := p.writeJournal(&j); err != nil {
		return p.abort(err)
	}
	if err := p.apply(&j); err != nil {
		// a rename failed half way: the tree is part old, part new. Roll
		// back now and say so; if even that fails, say how to finish.
		if rerr := p.rollBack(&j); rerr != nil {
			return fmt.Errorf("applying the change: %v; the project is now part old, part new and rolling back failed too (%v): run the same command again to complete it, or --undo to roll it back (journal %s)", err, rerr, p.journal())
		}
		if ferr := p.finish(); ferr != nil {
			return fmt.Errorf("applying the change: %v; rolled back, but %v", err, ferr)
		}
		return fmt.Errorf("applying the change: %v; every file was put back as it was (nothing changed)", err)
	}
	return p.finish()
}

func (p *Project) beforePath(rel string) string {
	return p.State + "/" + dirName + "/" + beforeDir + "/" + rel
}

func (p *Project) writeJournal(j *journal) error {
	b, _ := json.MarshalIndent(j, "", "  ")
	step()
	_, err := p.Root.WriteFile(p.journal(), append(b, '\n'), 0o644)
	return err
}

// apply renames every temp over its target (or removes a deleted file).
// Repeatable: an entry already applied is skipped. Before the first change
// every entry is checked: a target that holds neither what the transaction
// found (Before) nor what it wrote (After) was changed by someone else after
// the run stopped, and nothing is touched (ChangedError).
func (p *Project) apply(j *journal) error {
	if err := p.checkUntouched(j, true); err != nil {
		return err
	}
	for _, e := range j.Entries {
		step()
		if e.Delete {
			if err := p.Root.Remove(e.Path); err != nil {
				return err
			}
			continue
		}
		tmp := e.Temp
		if _, err := p.Root.Stat(tmp); tmp != "" && err == nil {
			if err := p.Root.Rename(tmp, e.Path); err != nil {
				return err
			}
			continue
		}
		cur, err := p.Root.ReadFile(e.Path, fsutil.MaxInput)
		if err != nil || sum(cur) != e.After {
			return fmt.Errorf("txn: %s has neither its new content nor its temp file; restore it from %s/%s/%s or run --undo", e.Path, p.State, dirName, beforeDir)
		}
	}
	return nil
}

func (p *Project) removeTemp(e entry) {
	if e.Temp != "" {
		p.Root.Remove(e.Temp)
	}
}

// ChangedError says which files were changed (by the user, an IDE, CubeMX)
// after an interrupted run stopped: recovery never overwrites them.
type ChangedError struct {
	Files []string
	State string // the state directory
}

func (e *ChangedError) Error() string {
	return fmt.Sprintf("txn: %s changed after an interrupted lwipgen run stopped (it holds neither the content before that run nor what the run wrote); nothing was changed. Run `vendor --undo` to roll the other files back and keep your edit (the content from before the interrupted run is kept in %s/%s/<file>), then merge the two", strings.Join(e.Files, ", "), e.State, recoveredDir)
}

// recoveredDir (under the state directory) keeps, on a roll back that found
// a file edited, the file's content from before the interrupted run: the
// edit stays in place, the old content beside it - both kept.
const recoveredDir = "recovered"

// edited reports whether e's file holds something the transaction did not
// leave there: neither its content before the run nor (forward) the new one.
func (p *Project) edited(e entry) bool {
	cur, err := p.Root.ReadFile(e.Path, fsutil.MaxInput)
	if err != nil {
		// missing: the run removes only the files it deletes (renames
		// are atomic, a file it replaces is never missing)
		return !errors.Is(err, fs.ErrNotExist) || (e.Existed && !e.Delete)
	}
	h := sum(cur)
	return h != e.Before && h != e.After || (!e.Existed && h != e.After)
}

// checkUntouched lists the files changed since the run stopped.
func (p *Project) checkUntouched(j *journal, forward bool) error {
	var changed []string
	for _, e := range j.Entries {
		if p.edited(e) {
			changed = append(changed, e.Path)
		}
	}
	if len(changed) > 0 && forward {
		return &ChangedError{Files: changed, State: p.State}
	}
	return nil
}

// rollBack puts every file back as it was before the transaction. The
// journal says "rollback" first: a roll back that is itself interrupted is
// continued by the next run, whichever way that run would go.
func (p *Project) rollBack(j *journal) error {
	if j.State != "rollback" {
		j.State = "rollback"
		if err := p.writeJournal(j); err != nil {
			return err
		}
	}
	var kept []string
	for _, e := range j.Entries {
		step()
		if p.edited(e) {
			// changed after the run stopped: the edit stays; the content
			// from before the run is kept beside it for the user to merge
			p.removeTemp(e)
			if e.Existed {
				if old, err := p.Root.ReadFile(p.beforePath(e.Path), fsutil.MaxInput); err == nil && sum(old) == e.Before {
					if _, err := p.Root.WriteFile(p.State+"/"+recoveredDir+"/"+e.Path, old, 0o644); err != nil {
						return err
					}
				}
			}
			kept = append(kept, e.Path)
			continue
		}
		p.removeTemp(e)
		cur, err := p.Root.ReadFile(e.Path, fsutil.MaxInput)
		exists := err == nil
		switch {
		case !e.Existed && exists:
			if err := p.Root.Remove(e.Path); err != nil {
				return err
			}
		case e.Existed && (!exists || sum(cur) != e.Before):
			old, err := p.Root.ReadFile(p.beforePath(e.Path), fsutil.MaxInput)
			if err != nil || sum(old) != e.Before {
				return fmt.Errorf("txn: cannot roll back %s: its previous content is missing from %s", e.Path, p.beforePath(e.Path))
			}
			if _, err := p.Root.WriteFile(e.Path, old, e.Mode); err != nil {
				return err
			}
			p.Root.Chmod(e.Path, e.Mode)
		}
	}
	p.Kept = append(p.Kept, kept...)
	return nil
}

// abort undoes a commit that failed before its journal said "apply".
func (p *Project) abort(cause error) error {
	if b, err := p.Root.ReadFile(p.journal(), fsutil.MaxInput); err == nil {
		var j journal
		if json.Unmarshal(b, &j) == nil {
			if err := p.rollBack(&j); err != nil {
				return fmt.Errorf("%v; rolling back: %v (the next run retries)", cause, err)
			}
		}
	}
	p.finish()
	return cause
}

// finish drops the journal (the transaction's end), then its saved contents.
func (p *Project) finish() error {
	if err := p.Root.Remove(p.journal()); err != nil {
		return err
	}
	return p.cleanState()
}

// cleanState removes the transaction directory and every temp file lwipgen
// may have left in the state directory (a kill during a backup write).
func (p *Project) cleanState() error {
	var stray []string
	p.Root.Walk(p.State, func(rel string, d fs.DirEntry) error {
		if !d.IsDir() && (strings.HasPrefix(rel, p.State+"/"+dirName+"/") || strings.HasSuffix(rel, fsutil.TempSuffix)) {
			stray = append(stray, rel)
		}
		return nil
	})
	for _, s := range stray {
		if err := p.Root.Remove(s); err != nil {
			return err
		}
	}
	return nil
}

// recover completes (or, with back, rolls back) a transaction a killed run
// left, and says what it did.
func (p *Project) recover(back bool) (string, error) {
	b, err := p.Root.ReadFile(p.journal(), fsutil.MaxInput)
	if errors.Is(err, fs.ErrNotExist) {
		return "", p.cleanState()
	}
	if err != nil {
		return "", err
	}
	var j journal
	if err := json.Unmarshal(b, &j); err != nil {
		// the journal is written atomically: a torn one cannot happen, a hand-edited one can
		return "", fmt.Errorf("%s: %v (lwipgen cannot tell how far the interrupted run got; restore the files listed in it from %s/%s/%s)", p.journal(), err, p.State, dirName, beforeDir)
	}
	for _, e := range j.Entries {
		if _, err := p.Root.Clean(e.Path); err != nil {
			return "", fmt.Errorf("%s: %v", p.journal(), err)
		}
		if InVCS(e.Path) {
			return "", fmt.Errorf("%s: %s is inside a version-control folder (a journal lwipgen did not write); nothing was changed", p.journal(), e.Path)
		}
		if e.Temp != "" && !fsutil.IsTempOf(e.Temp, path.Clean(e.Path)) {
			return "", fmt.Errorf("%s: %s is not a temporary file of %s (a journal lwipgen did not write); nothing was changed", p.journal(), e.Temp, e.Path)
		}
	}
	if j.State == "apply" && !back {
		if err := p.apply(&j); err != nil {
			return "", err
		}
		return fmt.Sprintf("completed an interrupted run (%d files)", len(j.Entries)), p.finish()
	}
	if err := p.rollBack(&j); err != nil {
		return "", err
	}
	msg := fmt.Sprintf("rolled back an interrupted run (%d files)", len(j.Entries))
	if len(p.Kept) > 0 {
		msg += fmt.Sprintf("; kept as edited after it stopped: %s (their content from before that run is in %s/%s/)", strings.Join(p.Kept, ", "), p.State, recoveredDir)
	}
	return msg, p.finish()
}

// InVCS reports whether rel lies in a version-control folder (.git, .svn,
// .hg): lwipgen's state can never name one, whatever a crafted journal or
// backup index says.
func InVCS(rel string) bool {
	for _, part := range strings.Split(path.Clean(filepath.ToSlash(rel)), "/") {
		switch part {
		case ".git", ".svn", ".hg":
			return true
		}
	}
	return false
}

// Pending reports whether a journal is waiting (only useful on a project
// opened read-only).
func (p *Project) Pending() bool {
	_, err := p.Root.Stat(p.journal())
	return err == nil
}

// OpenForUndo locks the project like Open but rolls an interrupted
// transaction back instead of forward. rolledBack says one was there: the
// undo is then complete (the interrupted run is what it undid).
func OpenForUndo(dir, state string) (p *Project, rolledBack string, err error) {
	root, err := fsutil.OpenRoot(dir, false)
	if err != nil {
		return nil, "", err
	}
	p = &Project{Root: root, State: state}
	if err := p.acquire(); err != nil {
		root.Close()
		return nil, "", err
	}
	release := holdSignals()
	msg, err := p.recover(true)
	release()
	if err != nil {
		p.Close()
		return nil, "", err
	}
	return p, msg, nil
}
