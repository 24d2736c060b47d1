package vendorkit

import (
	"bytes"
	"fmt"
	"io"

	"github.com/lwipgen/lwipgen/internal/fsutil"
	"github.com/lwipgen/lwipgen/internal/txn"
)

// State is lwipgen's record of a project for flows that edit it with their
// own logic (the RT-Thread BSP): the same lock, manifest, edit detection,
// backup, transaction and --undo as the CubeMX and GD32 vendoring.
type State struct {
	proj      *txn.Project
	man, next *manifest
	dryRun    bool
}

// OpenState locks the project at dir (completing an interrupted run) and
// reads its manifest. With dryRun nothing is locked or written.
func OpenState(dir, board string, kind Kind, dryRun bool) (*State, error) {
	proj, err := txn.Open(dir, StateDir, dryRun)
	if err != nil {
		return nil, err
	}
	man, err := loadManifest(proj.Root)
	if err != nil {
		proj.Close()
		return nil, err
	}
	return &State{proj: proj, man: man, dryRun: dryRun,
		next: &manifest{Board: board, Kind: kind, Files: map[string]string{}, Blocks: map[string]string{}, Backup: man.Backup}}, nil
}

// Close releases the lock.
func (s *State) Close() error { return s.proj.Close() }

// Recovered says what opening did to an interrupted run ("" when nothing).
func (s *State) Recovered() string { return s.proj.Recovered }

// Read reads a project file (confined, bounded, text); ok is false when it
// does not exist.
func (s *State) Read(rel string) ([]byte, bool, error) {
	b, err := readProject(s.proj.Root, rel)
	if err != nil {
		if isNotExist(err) {
			return nil, false, nil
		}
		return nil, false, err
	}
	return b, true, nil
}

// Owned checks a whole lwipgen-owned file before it is rewritten with next:
// an existing file lwipgen did not write, or one edited since, is a
// conflict unless force is set.
func (s *State) Owned(rel string, cur []byte, existed bool, next []byte, force bool) error {
	s.next.Files[rel] = sum(next)
	if !existed || bytes.Equal(cur, next) || s.man.Files[rel] == sum(cur) || force {
		return nil
	}
	why := "was changed since lwipgen wrote it"
	if _, known := s.man.Files[rel]; !known {
		why = "exists and was not written by lwipgen"
	}
	return &ConflictError{Path: rel, Detail: why}
}

// Block checks lwipgen's block id in rel before its body becomes next: a
// body that differs from what lwipgen last wrote was edited by hand.
func (s *State) Block(rel, id string, found bool, cur, next string, force bool) error {
	key := rel + "#" + id
	s.next.Blocks[key] = sum([]byte(next))
	if !found || cur == next || force {
		return nil
	}
	if rec, known := s.man.Blocks[key]; known && rec != sum([]byte(cur)) {
		return &ConflictError{Path: rel, Detail: fmt.Sprintf("lwipgen's block %q was edited by hand", id)}
	}
	return nil
}

// Edited records that this run writes rel as a whole-file edit of a file
// the user owns (RT-Thread's rtconfig.h, an IDE's project file): the
// manifest lists every file lwipgen writes, so that --undo restores only
// those. The record is constant, so a second run changes nothing.
func (s *State) Edited(rel string) {
	if _, owned := s.next.Files[rel]; !owned {
		s.next.Blocks[rel+"#edited"] = sum(nil)
	}
}

// Commit writes changes, the manifest and the backup of what they replace
// as one transaction; it returns the backup folder ("" when nothing
// changed). A dry run returns the changes it would make, manifest included.
func (s *State) Commit(board string, changes []FileChange, log io.Writer) ([]FileChange, string, error) {
	if len(changes) == 0 && manifestEqual(s.man, s.next) {
		return nil, "", nil
	}
	all := append([]FileChange(nil), changes...)
	if !s.dryRun {
		s.next.Backup = StateDir + "/backup/" + backupID(changes)
	}
	cur, existed, err := s.Read(manifestPath)
	if err != nil {
		return nil, "", err
	}
	all = append(all, FileChange{Path: manifestPath, Existed: existed, Before: cur, After: s.next.encode()})
	if s.dryRun {
		return all, "", nil
	}
	dir, backup := backupFiles(s.proj.Root, board, all, backupID(changes))
	if err := commit(s.proj, all, backup, log); err != nil {
		return nil, "", err
	}
	return all, dir, nil
}

// Root is the project's confinement root.
func (s *State) Root() *fsutil.Root { return s.proj.Root }

// Board is the board this run vendors.
func (s *State) Board() string { return s.next.Board }
