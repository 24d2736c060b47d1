package vendorkit

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
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

func loadManifest(root *fsutil.Root) (*manifest, error) {
	m := &manifest{Files: map[string]string{}, Blocks: map[string]string{}}
	b, err := readProject(root, manifestPath)
	if errors.Is(err, fs.ErrNotExist) {
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
	return m, checkManifest(root, m)
}

// lists reports whether rel is the manifest itself or a file it records
// lwipgen writing (the whole file, or blocks in it).
func (m *manifest) lists(rel string) bool {
	rel = path.Clean(rel)
	if rel == manifestPath {
		return true
	}
	if _, ok := m.Files[rel]; ok {
		return true
	}
	for k := range m.Blocks {
		if p, _, ok := strings.Cut(k, "#"); ok && p == rel {
			return true
		}
	}
	return false
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

// backupFiles are the files of the backup of changes: the previous content
// of every changed file under .lwipgen/backup/<id>/files/ and its index.
// They are written in the same transaction as the changes, so a failed or
// killed run leaves no half backup either.
func backupFiles(root *fsutil.Root, board string, changes []FileChange, id string) (string, []FileChange) {
	dir := StateDir + "/backup/" + id
	idx := backupIndex{ID: id, Board: board}
	var out []FileChange
	add := func(rel string, content []byte) {
		cur, err := root.ReadFile(rel, fsutil.MaxInput)
		if err != nil || !bytes.Equal(cur, content) {
			out = append(out, FileChange{Path: rel, Existed: err == nil, Before: cur, After: content})
		}
	}
	for _, c := range changes {
		e := backupEntry{Path: c.Path, Existed: c.Existed, After: sum(c.After)}
		if c.Existed {
			e.Before = sum(c.Before)
			add(dir+"/files/"+c.Path, c.Before)
		}
		idx.Entries = append(idx.Entries, e)
	}
	b, _ := json.MarshalIndent(idx, "", "  ")
	add(dir+"/index.json", append(b, '\n'))
	return dir, out
}
