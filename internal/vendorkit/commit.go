package vendorkit

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/lwipgen/lwipgen/internal/fsutil"
	"github.com/lwipgen/lwipgen/internal/txn"
)

// readProject reads a project file through the project's root: confined
// (no "..", no symlink leading out), a regular text file of bounded size.
func readProject(root *fsutil.Root, rel string) ([]byte, error) {
	b, err := root.ReadFile(rel, fsutil.MaxInput)
	if err != nil {
		return nil, err
	}
	return b, fsutil.CheckText(rel, b)
}

// commit writes the run's changes (the manifest among them) and their backup
// as one transaction.
func commit(proj *txn.Project, changes, backup []FileChange, log io.Writer) error {
	var cs []txn.Change
	for _, c := range append(append([]FileChange(nil), changes...), backup...) {
		cs = append(cs, txn.Change{Path: c.Path, Existed: c.Existed, Before: c.Before, After: c.After, Delete: c.After == nil})
	}
	if err := proj.Commit(cs); err != nil {
		return fmt.Errorf("writing the project: %v", err)
	}
	if log != nil {
		for _, c := range changes {
			if c.Path != manifestPath {
				fmt.Fprintf(log, "  %s %s\n", map[bool]string{true: "M", false: "A"}[c.Existed], c.Path)
			}
		}
	}
	return nil
}

// checkManifest refuses a manifest (a file in the user's project, so
// possibly crafted) whose paths leave the project or whose backup is not one
// of lwipgen's backup folders.
func checkManifest(root *fsutil.Root, m *manifest) error {
	for p := range m.Files {
		if _, err := root.Clean(p); err != nil {
			return fmt.Errorf("%s: %v", manifestPath, err)
		}
	}
	if m.Backup != "" {
		id, ok := strings.CutPrefix(m.Backup, StateDir+"/backup/")
		if !ok || id == "" || strings.ContainsAny(id, `/\`) || id == ".." || id == "." {
			return fmt.Errorf("%s: last_backup %q is not a folder of %s/backup/", manifestPath, m.Backup, StateDir)
		}
	}
	return nil
}

// Undo restores the project to what it was before the last vendor run that
// changed it (its backup), as one transaction. A file changed since that run
// is not touched unless force is set; the error names it. The backup is
// removed with it. An interrupted run is rolled back instead (that is the
// run to undo).
func Undo(dir string, force bool) (*Result, error) {
	proj, rolled, err := txn.OpenForUndo(dir, StateDir)
	if err != nil {
		return nil, err
	}
	defer proj.Close()
	if rolled != "" {
		return &Result{Warnings: []string{rolled + ": the project is as it was before that run"}}, nil
	}
	root := proj.Root
	m, err := loadManifest(root)
	if err != nil {
		return nil, err
	}
	if m.Backup == "" {
		return nil, fmt.Errorf("%s: nothing to undo (no %s with a last_backup)", dir, manifestPath)
	}
	idx, err := readBackupIndex(root, m.Backup)
	if err != nil {
		return nil, err
	}
	res := &Result{}
	var edited []string
	var cs []txn.Change
	for _, e := range idx.Entries {
		c, changed, err := undoEntry(root, m, e)
		if err != nil {
			return nil, err
		}
		if changed {
			edited = append(edited, e.Path)
		}
		if c == nil {
			continue
		}
		res.Changes = append(res.Changes, FileChange{Path: e.Path, Existed: true, Before: c.Before, After: c.After})
		cs = append(cs, *c)
	}
	if len(edited) > 0 && !force {
		sort.Strings(edited)
		return nil, fmt.Errorf("undo: %s changed after lwipgen wrote them; undo would lose those changes (use --force to restore anyway; the backup is in %s)", strings.Join(edited, ", "), m.Backup)
	}
	// the backup is consumed: removed in the same transaction
	consumed, err := backupRemoval(root, m.Backup)
	if err != nil {
		return nil, err
	}
	if err := proj.Commit(append(cs, consumed...)); err != nil {
		return nil, err
	}
	return res, nil
}

func readBackupIndex(root *fsutil.Root, backup string) (*backupIndex, error) {
	b, err := readProject(root, backup+"/index.json")
	if err != nil {
		return nil, fmt.Errorf("backup %s: %v", backup, err)
	}
	var idx backupIndex
	if err := json.Unmarshal(b, &idx); err != nil {
		return nil, fmt.Errorf("backup %s: %v", backup, err)
	}
	return &idx, nil
}

// undoEntry is the change that restores one file of the backup (nil when
// a file the run created is gone already); edited says the file changed
// after lwipgen wrote it.
func undoEntry(root *fsutil.Root, m *manifest, e backupEntry) (c *txn.Change, edited bool, err error) {
	if _, err := root.Clean(e.Path); err != nil || strings.HasPrefix(path.Clean(e.Path), StateDir+"/backup/") || txn.InVCS(e.Path) {
		return nil, false, fmt.Errorf("backup %s: entry %q is not a project file lwipgen writes", m.Backup, e.Path)
	}
	cur, err := root.ReadFile(e.Path, fsutil.MaxInput)
	exists := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, false, err
	}
	// a file undo would overwrite must be one the manifest says lwipgen
	// wrote (a file, or a block in it); one the run deleted is absent
	if exists && !m.lists(e.Path) {
		return nil, false, fmt.Errorf("backup %s: entry %q is not among the files %s lists (a backup index lwipgen did not write); nothing was changed", m.Backup, e.Path, manifestPath)
	}
	edited = exists && sum(cur) != e.After && e.Path != manifestPath
	c = &txn.Change{Path: e.Path, Existed: exists, Before: cur}
	if !e.Existed {
		if !exists {
			return nil, edited, nil
		}
		c.Delete = true
		return c, edited, nil
	}
	old, err := root.ReadFile(m.Backup+"/files/"+e.Path, fsutil.MaxInput)
	if err != nil || sum(old) != e.Before {
		return nil, false, fmt.Errorf("backup %s: the saved copy of %s is missing or changed", m.Backup, e.Path)
	}
	c.After = old
	return c, edited, nil
}

// backupRemoval deletes every file of the backup.
func backupRemoval(root *fsutil.Root, backup string) ([]txn.Change, error) {
	var cs []txn.Change
	err := root.Walk(backup, func(rel string, d fs.DirEntry) error {
		if !d.IsDir() {
			b, err := root.ReadFile(rel, fsutil.MaxInput)
			if err != nil {
				return err
			}
			cs = append(cs, txn.Change{Path: rel, Existed: true, Before: b, Delete: true})
		}
		return nil
	})
	return cs, err
}

func isNotExist(err error) bool { return errors.Is(err, fs.ErrNotExist) }
