package board

import (
	"bytes"
	"github.com/lwipgen/lwipgen/internal/fsutil"
	"io/fs"
	"path"
	"path/filepath"
)

// Locations lists every place a board name is found, in search order (the
// directories of s.Dirs, then the built-in set as "embedded:boards/NAME.hcl").
// Load uses the first; the others are shadowed by it. The built-in board is
// left out when a file before it has the same content (this repository's own
// boards/ directory is the built-in set, not a shadow of it).
func (s Source) Locations(name string) []string {
	var out []string
	var files [][]byte
	for _, d := range s.Dirs {
		p := filepath.Join(d, name+".hcl")
		if b, err := fsutil.ReadFile(p, fsutil.MaxInput); err == nil {
			out, files = append(out, p), append(files, b)
		}
	}
	if b, err := fs.ReadFile(s.fs(), path.Clean(name+".hcl")); err == nil {
		for _, f := range files {
			if bytes.Equal(f, b) {
				return out
			}
		}
		out = append(out, "embedded:boards/"+name+".hcl")
	}
	return out
}
