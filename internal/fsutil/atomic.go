// Package fsutil is the one place lwipgen writes files: atomically (a temp
// file beside the target, fsynced, renamed), keeping an existing file's
// mode, only when the content changes (so a second run changes nothing on
// disk, not even mtimes, which keeps incremental builds incremental), and
// confined to a root directory after symbolic links are resolved (Root).
// It also holds the bounded readers every input goes through (ReadFile).
package fsutil

import (
	"os"
	"path/filepath"
)

// WriteIfChanged writes data to path atomically and reports whether the file
// changed. The write is confined to path's directory.
func WriteIfChanged(path string, data []byte, perm os.FileMode) (bool, error) {
	return WriteUnder(filepath.Dir(path), filepath.Base(path), data, perm)
}

// WriteUnder writes rel inside dir (created when missing), refusing a rel
// that leads outside dir.
func WriteUnder(dir, rel string, data []byte, perm os.FileMode) (bool, error) {
	r, err := OpenRoot(dir, true)
	if err != nil {
		return false, err
	}
	defer r.Close()
	return r.WriteFile(rel, data, perm)
}
