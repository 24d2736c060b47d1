package vendorkit

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/lwipgen/lwipgen/internal/fsutil"
)

// StateDir is lwipgen's folder inside a vendored project.
const StateDir = ".lwipgen"

const manifestPath = StateDir + "/manifest.json"

// manifest records what lwipgen wrote, so a later run can tell its own
// content from a user's edit.
type manifest struct {
	Board  string            `json:"board"`
	Kind   Kind              `json:"kind"`
	Files  map[string]string `json:"files"`  // lwipgen-owned file -> sha256 of what lwipgen wrote
	Blocks map[string]string `json:"blocks"` // "path#block" -> sha256 of the block body lwipgen wrote
	Backup string            `json:"last_backup,omitempty"`
}

func sum(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

func loadManifest(dir string) (*manifest, error) {
	m := &manifest{Files: map[string]string{}, Blocks: map[string]string{}}
	b, err := os.ReadFile(filepath.Join(dir, manifestPath))
	if os.IsNotExist(err) {
		return m, nil
	}
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(b, m); err != nil {
		return nil, fmt.Errorf("%s: %v (delete it to start over; lwipgen then treats every file as not yet its own)", manifestPath, err)
	}
	if m.Files == nil {
		m.Files = map[string]string{}
	}
	if m.Blocks == nil {
		m.Blocks = map[string]string{}
	}
	return m, nil
}

func (m *manifest) encode() []byte {
	b, _ := json.MarshalIndent(m, "", "  ") // map keys are sorted by encoding/json
	return append(b, '\n')
}

// backupEntry is one file of a backup.
type backupEntry struct {
	Path    string `json:"path"`
	Existed bool   `json:"existed"`          // the file existed before lwipgen wrote it
	Before  string `json:"before,omitempty"` // sha256 of the previous content
	After   string `json:"after"`            // sha256 of what lwipgen wrote
}

type backupIndex struct {
	ID      string        `json:"id"`
	Board   string        `json:"board"`
	Entries []backupEntry `json:"files"`
}

// backupID names a backup after its content (no timestamp): the same change
// set always gets the same id.
func backupID(changes []FileChange) string {
	h := sha256.New()
	for _, c := range changes {
		fmt.Fprintf(h, "%s\x00%v\x00%s\x00%s\n", c.Path, c.Existed, sum(c.Before), sum(c.After))
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// writeBackup saves the previous content of every changed file under
// .lwipgen/backup/<id>/ before anything is overwritten.
func writeBackup(dir, board string, changes []FileChange, id string) (string, error) {
	root := filepath.Join(dir, StateDir, "backup", id)
	idx := backupIndex{ID: id, Board: board}
	for _, c := range changes {
		e := backupEntry{Path: c.Path, Existed: c.Existed, After: sum(c.After)}
		if c.Existed {
			e.Before = sum(c.Before)
			if _, err := fsutil.WriteIfChanged(filepath.Join(root, "files", filepath.FromSlash(c.Path)), c.Before, 0o644); err != nil {
				return "", err
			}
		}
		idx.Entries = append(idx.Entries, e)
	}
	b, _ := json.MarshalIndent(idx, "", "  ")
	if _, err := fsutil.WriteIfChanged(filepath.Join(root, "index.json"), append(b, '\n'), 0o644); err != nil {
		return "", err
	}
	return StateDir + "/backup/" + id, nil
}

// Undo restores the project to what it was before the last vendor run that
// changed it (its backup). A file changed since that run is not touched
// unless force is set; the error names it.
func Undo(dir string, force bool) (*Result, error) {
	m, err := loadManifest(dir)
	if err != nil {
		return nil, err
	}
	if m.Backup == "" {
		return nil, fmt.Errorf("%s: nothing to undo (no %s with a last_backup)", dir, manifestPath)
	}
	root := filepath.Join(dir, filepath.FromSlash(m.Backup))
	b, err := os.ReadFile(filepath.Join(root, "index.json"))
	if err != nil {
		return nil, fmt.Errorf("backup %s: %v", m.Backup, err)
	}
	var idx backupIndex
	if err := json.Unmarshal(b, &idx); err != nil {
		return nil, fmt.Errorf("backup %s: %v", m.Backup, err)
	}
	res := &Result{}
	var edited []string
	for _, e := range idx.Entries {
		if e.Path == manifestPath {
			continue
		}
		cur, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(e.Path)))
		if err == nil && sum(cur) != e.After {
			edited = append(edited, e.Path)
		}
	}
	if len(edited) > 0 && !force {
		sort.Strings(edited)
		return nil, fmt.Errorf("undo: %s changed after lwipgen wrote them; undo would lose those changes (use --force to restore anyway; the backup is in %s)", strings.Join(edited, ", "), m.Backup)
	}
	// the manifest last: if anything fails before, the project still knows its backup
	sort.SliceStable(idx.Entries, func(i, j int) bool { return idx.Entries[j].Path == manifestPath && idx.Entries[i].Path != manifestPath })
	for _, e := range idx.Entries {
		p := filepath.Join(dir, filepath.FromSlash(e.Path))
		before, _ := os.ReadFile(p)
		if !e.Existed {
			if err := os.Remove(p); err != nil && !os.IsNotExist(err) {
				return res, err
			}
			// drop the folders lwipgen created, if now empty
			for d := filepath.Dir(p); d != filepath.Clean(dir) && strings.HasPrefix(d, filepath.Clean(dir)); d = filepath.Dir(d) {
				if os.Remove(d) != nil {
					break
				}
			}
			res.Changes = append(res.Changes, FileChange{Path: e.Path, Existed: true, Before: before})
			continue
		}
		old, err := os.ReadFile(filepath.Join(root, "files", filepath.FromSlash(e.Path)))
		if err != nil {
			return res, fmt.Errorf("backup %s: %v", m.Backup, err)
		}
		if _, err := fsutil.WriteIfChanged(p, old, 0o644); err != nil {
			return res, err
		}
		res.Changes = append(res.Changes, FileChange{Path: e.Path, Existed: true, Before: before, After: old})
	}
	return res, nil
}
