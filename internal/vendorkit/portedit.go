package vendorkit

import (
	"fmt"
	"github.com/lwipgen/lwipgen/internal/fsutil"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
)

// walkProject lists the project's files (relative, sorted) that keep
// accepts, outside lwipgen's folder, hidden folders and build output.
func walkProject(p *Project, keep func(rel, name string) bool) []string {
	var out []string
	filepath.WalkDir(p.Dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		rel, _ := filepath.Rel(p.Dir, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() && (rel == p.OwnDir || strings.HasPrefix(d.Name(), ".") || skipDirs[d.Name()]) {
			return filepath.SkipDir
		}
		if !d.IsDir() && keep(rel, d.Name()) {
			out = append(out, rel)
		}
		return nil
	})
	sort.Strings(out)
	return out
}

// PortEdit is what a flow's Layout.AdaptPortDriver may do to a project
// that keeps its own lwIP port driver: find and read its files, have
// lwipgen's driver replace one in place, and put an lwipgen block into a
// function body. The edits go through the same workspace (backup, diff,
// undo, USER CODE kept) as vendorkit's own.
type PortEdit struct {
	w *workspace
	p *Project
}

// Files lists the project's files (relative, slash-separated, sorted) that
// keep accepts, outside lwipgen's folder, hidden folders and build output.
func (e *PortEdit) Files(keep func(rel, name string) bool) []string { return walkProject(e.p, keep) }

// Read returns the text of a project file Files listed (as on disk: it is
// only looked at, not taken into the change set).
func (e *PortEdit) Read(rel string) (string, bool) {
	b, err := fsutil.ReadFile(filepath.Join(e.p.Dir, filepath.FromSlash(rel)), fsutil.MaxInput)
	return string(b), err == nil
}

// ReplaceDriver makes lwipgen's ethernetif.c/.h take the place of the
// project's own driver at rel (the project's build list stays right).
func (e *PortEdit) ReplaceDriver(rel string) {
	e.p.PortDriver = rel
	e.p.TargetDir = pathDir(rel)
	e.w.replace = map[string]bool{rel: true, e.p.TargetDir + "/ethernetif.h": true}
}

// Driver is the project driver lwipgen's replaces, "" when none.
func (e *PortEdit) Driver() string { return e.p.PortDriver }

// ReplaceBody puts body into an lwipgen block (id) that takes the whole body
// of the C function fn(void) in rel; the previous body is in the backup.
func (e *PortEdit) ReplaceBody(rel, fn, id, body string) {
	e.w.block(rel, cStyle, id, "    ", body, func(t string) (int, int, error) {
		s, ok := funcBody(t, fn)
		if !ok {
			return 0, 0, fmt.Errorf("%s(void) { ... } not found", fn)
		}
		start := s.Start // the whole body between the braces, from the line after '{'
		if start < len(t) && t[start] == '\n' {
			start++
		}
		return start, s.End, nil
	})
}

// Warnf adds a warning to the vendor result.
func (e *PortEdit) Warnf(format string, args ...any) { e.w.warnf(format, args...) }
