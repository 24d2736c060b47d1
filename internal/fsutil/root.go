package fsutil

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// Root is a directory that lwipgen writes into (an output directory, a
// user's project): every read, write and removal through it is confined to
// the directory after symbolic links are resolved, by os.Root. A path with
// "..", an absolute path, or a symlink (of a directory or a file) that leads
// outside is refused with an *OutsideError, and nothing is written.
type Root struct {
	Dir string // as given, for messages
	r   *os.Root
}

// OutsideError is a path that would leave its root.
type OutsideError struct {
	Root, Path string
	Err        error
}

func (e *OutsideError) Error() string {
	return fmt.Sprintf("%s is outside %s (%v): lwipgen writes only inside it", e.Path, e.Root, e.Err)
}

func (e *OutsideError) Unwrap() error { return e.Err }

// OpenRoot opens dir (creating it when create is set) as a confinement root.
func OpenRoot(dir string, create bool) (*Root, error) {
	if create {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, err
		}
	}
	r, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	return &Root{Dir: dir, r: r}, nil
}

// Close releases the directory handle.
func (r *Root) Close() error { return r.r.Close() }

// Clean checks rel (slash or OS separators) and returns it in OS form: it
// must be relative, and must not climb out with "..".
func (r *Root) Clean(rel string) (string, error) {
	s := filepath.ToSlash(rel)
	if s == "" || path.IsAbs(s) || filepath.IsAbs(rel) || strings.ContainsRune(s, 0) {
		return "", &OutsideError{Root: r.Dir, Path: rel, Err: errors.New("not a relative path")}
	}
	c := path.Clean(s)
	if c == ".." || strings.HasPrefix(c, "../") {
		return "", &OutsideError{Root: r.Dir, Path: rel, Err: errors.New(`climbs out with ".."`)}
	}
	return filepath.FromSlash(c), nil
}

func (r *Root) wrap(rel string, err error) error {
	if err != nil && strings.Contains(err.Error(), "path escapes from parent") {
		return &OutsideError{Root: r.Dir, Path: rel, Err: errors.New("a symbolic link leads outside")}
	}
	return err
}

// Stat is os.Stat inside the root.
func (r *Root) Stat(rel string) (fs.FileInfo, error) {
	c, err := r.Clean(rel)
	if err != nil {
		return nil, err
	}
	fi, err := r.r.Stat(c)
	return fi, r.wrap(rel, err)
}

// ReadFile reads a regular file inside the root of at most max bytes (see
// ReadFile for the checks).
func (r *Root) ReadFile(rel string, max int64) ([]byte, error) {
	c, err := r.Clean(rel)
	if err != nil {
		return nil, err
	}
	f, err := r.r.OpenFile(c, os.O_RDONLY|nonBlock, 0)
	if err != nil {
		return nil, r.wrap(rel, err)
	}
	defer f.Close()
	return readBounded(f, filepath.Join(r.Dir, c), max)
}

// WriteFile writes data to rel atomically (see writeAtomic) and reports
// whether the content changed. An existing file keeps its mode; a new one
// gets perm.
func (r *Root) WriteFile(rel string, data []byte, perm os.FileMode) (bool, error) {
	c, err := r.Clean(rel)
	if err != nil {
		return false, err
	}
	if fi, err := r.r.Lstat(c); err == nil {
		if fi.Mode()&fs.ModeSymlink != 0 {
			// through a link inside the root: the link's target must be inside too
			if _, err := r.r.Stat(c); err != nil {
				return false, r.wrap(rel, err)
			}
			return false, &OutsideError{Root: r.Dir, Path: rel, Err: errors.New("it is a symbolic link (lwipgen replaces files, not links: point your build at the link's target instead)")}
		}
		if !fi.Mode().IsRegular() {
			return false, fmt.Errorf("%s: not a regular file", filepath.Join(r.Dir, c))
		}
		perm = fi.Mode().Perm()
		if old, err := r.ReadFile(c, int64(len(data))+1); err == nil && bytes.Equal(old, data) {
			return false, nil
		}
	}
	if err := r.mkParent(c, rel); err != nil {
		return false, err
	}
	return true, r.wrap(rel, r.writeAtomic(c, data, perm))
}

// TempName is a fresh name for the temporary file a write of rel goes
// through: beside it (same directory, so the rename is atomic), hidden, and
// random, so nobody can plant a link or a hard link there in advance (the
// file is also created exclusively: an existing name is never opened).
// A transaction records its temp names in its journal (IsTempOf checks one).
func TempName(rel string) string {
	var b [8]byte
	rand.Read(b[:])
	return filepath.Join(filepath.Dir(rel), "."+filepath.Base(rel)+"."+hex.EncodeToString(b[:])+TempSuffix)
}

// IsTempOf reports whether tmp is a name TempName can give for rel.
func IsTempOf(tmp, rel string) bool {
	t, r := filepath.ToSlash(tmp), filepath.ToSlash(rel)
	if path.Dir(t) != path.Dir(r) {
		return false
	}
	mid, ok := strings.CutPrefix(path.Base(t), "."+path.Base(r)+".")
	if !ok {
		return false
	}
	mid, ok = strings.CutSuffix(mid, TempSuffix)
	if _, err := hex.DecodeString(mid); !ok || len(mid) != 16 || err != nil {
		return false
	}
	return true
}

// FailCreateTemp, set by tests only, fails the creation of the temp files
// it returns an error for: a write failure at a chosen file of a
// transaction's write phase (random temp names cannot be blocked from
// outside any more).
var FailCreateTemp func(tmp string) error

// createTemp creates tmp exclusively (never an existing file, link or
// hard link) with perm.
func (r *Root) createTemp(tmp string, perm os.FileMode) (*os.File, error) {
	if FailCreateTemp != nil {
		if err := FailCreateTemp(filepath.ToSlash(tmp)); err != nil {
			return nil, err
		}
	}
	return r.r.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
}

// TempSuffix ends every temporary file lwipgen creates.
const TempSuffix = ".lwipgen-tmp"

// writeAtomic: temp file beside the target, written, fsynced, given its
// mode, renamed over the target, then the directory fsynced. A reader sees
// the old file or the new one, never a part; a crash leaves at most the
// temp file.
func (r *Root) writeAtomic(c string, data []byte, perm os.FileMode) error {
	tmp := TempName(c)
	f, err := r.createTemp(tmp, perm)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(perm) // the umask applied at creation
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = r.r.Rename(tmp, c)
	}
	if err != nil {
		r.r.Remove(tmp)
		return err
	}
	r.syncDir(filepath.Dir(c))
	return nil
}

func (r *Root) syncDir(d string) {
	if f, err := r.r.Open(d); err == nil {
		f.Sync()
		f.Close()
	}
}

// Remove deletes rel (a missing file is not an error), then the directories
// above it that are now empty, up to (not including) the root.
func (r *Root) Remove(rel string) error {
	c, err := r.Clean(rel)
	if err != nil {
		return err
	}
	if err := r.r.Remove(c); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return r.wrap(rel, err)
	}
	for d := filepath.Dir(c); d != "."; d = filepath.Dir(d) {
		if r.r.Remove(d) != nil {
			break
		}
	}
	r.syncDir(filepath.Dir(c))
	return nil
}

// Rename moves a file inside the root (atomic on one filesystem).
func (r *Root) Rename(from, to string) error {
	cf, err := r.Clean(from)
	if err != nil {
		return err
	}
	ct, err := r.Clean(to)
	if err != nil {
		return err
	}
	if err := r.mkParent(ct, to); err != nil {
		return err
	}
	if err := r.r.Rename(cf, ct); err != nil {
		return r.wrap(to, err)
	}
	r.syncDir(filepath.Dir(ct))
	return nil
}

// Chmod sets the mode of rel.
func (r *Root) Chmod(rel string, mode os.FileMode) error {
	c, err := r.Clean(rel)
	if err != nil {
		return err
	}
	return r.wrap(rel, r.r.Chmod(c, mode))
}

// OpenFile opens rel inside the root (for the lock file).
func (r *Root) OpenFile(rel string, flag int, perm os.FileMode) (*os.File, error) {
	c, err := r.Clean(rel)
	if err != nil {
		return nil, err
	}
	if err := r.mkParent(c, rel); err != nil {
		return nil, err
	}
	f, err := r.r.OpenFile(c, flag, perm)
	return f, r.wrap(rel, err)
}

// Walk lists the regular files under rel (slash paths relative to the root),
// without following symbolic links.
func (r *Root) Walk(rel string, fn func(p string, d fs.DirEntry) error) error {
	c, err := r.Clean(rel)
	if err != nil {
		return err
	}
	return fs.WalkDir(r.r.FS(), filepath.ToSlash(c), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return err
		}
		return fn(p, d)
	})
}

// WriteTemp writes tmp (a name TempName gave for rel), created
// exclusively, and fsyncs it, without renaming: for a caller that renames
// many files only once all of them are on disk (a transaction).
func (r *Root) WriteTemp(rel, tmp string, data []byte, perm os.FileMode) error {
	c, err := r.Clean(rel)
	if err != nil {
		return err
	}
	if !IsTempOf(tmp, c) {
		return fmt.Errorf("fsutil: %s is not a temporary name for %s", tmp, rel)
	}
	if err := r.mkParent(c, rel); err != nil {
		return err
	}
	f, err := r.createTemp(filepath.FromSlash(tmp), perm)
	if err != nil {
		return r.wrap(rel, err)
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(perm)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// ReadDir lists a directory inside the root.
func (r *Root) ReadDir(rel string) ([]fs.DirEntry, error) {
	c, err := r.Clean(rel)
	if err != nil {
		return nil, err
	}
	entries, err := fs.ReadDir(r.r.FS(), filepath.ToSlash(c))
	return entries, r.wrap(rel, err)
}

// RemoveAll removes rel and everything under it, inside the root only (a
// symlink is removed, never followed).
func (r *Root) RemoveAll(rel string) error {
	c, err := r.Clean(rel)
	if err != nil {
		return err
	}
	if c == "." {
		return &OutsideError{Root: r.Dir, Path: rel, Err: errors.New("it is the root itself")}
	}
	return r.wrap(rel, r.r.RemoveAll(c))
}

// mkParent creates the directories above c (a cleaned rel) inside the root.
func (r *Root) mkParent(c, rel string) error {
	if d := filepath.Dir(c); d != "." {
		return r.wrap(rel, r.r.MkdirAll(d, 0o755))
	}
	return nil
}

// MkdirNoLinks creates rel and the directories above it inside the root,
// refusing any of them that exists as a symbolic link, even one leading
// inside: a scratch directory lwipgen runs a build tool in (build/lwipgen)
// must be the project's own, so the tool's writes stay in the project.
func (r *Root) MkdirNoLinks(rel string) error {
	c, err := r.Clean(rel)
	if err != nil {
		return err
	}
	cur := ""
	for _, part := range strings.Split(filepath.ToSlash(c), "/") {
		if part == "." {
			continue
		}
		cur = path.Join(cur, part)
		fi, err := r.r.Lstat(filepath.FromSlash(cur))
		switch {
		case errors.Is(err, fs.ErrNotExist):
			if err := r.r.Mkdir(filepath.FromSlash(cur), 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
				return r.wrap(rel, err)
			}
		case err != nil:
			return r.wrap(rel, err)
		case fi.Mode()&fs.ModeSymlink != 0:
			return &OutsideError{Root: r.Dir, Path: cur, Err: errors.New("it is a symbolic link; lwipgen runs build tools only in a directory of the project's own")}
		case !fi.IsDir():
			return fmt.Errorf("%s: not a directory", filepath.Join(r.Dir, filepath.FromSlash(cur)))
		}
	}
	return nil
}
