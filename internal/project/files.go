package project

import (
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/lwipgen/lwipgen/internal/fsutil"
)

// Files is the index of a project's files, read once: project-relative,
// slash-separated paths in lexical order. Nothing is skipped by its folder's
// name (what the build compiles decides what counts); only lwipgen's own
// state, version control and symbolic links leading out of the project are
// left out.
type Files struct {
	list []string
	set  map[string]bool
}

// maxFiles bounds the index: an RT-Thread BSP with its whole kernel tree
// has about 10^4 files; a home directory passed by mistake has far more.
const maxFiles = 200000

func indexFiles(root string) (*Files, error) {
	r, err := fsutil.OpenRoot(root, false)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	f := &Files{set: map[string]bool{}}
	err = r.Walk(".", func(p string, d fs.DirEntry) error {
		if d.IsDir() {
			switch d.Name() {
			case ".git", ".svn", ".hg", ".lwipgen", "node_modules":
				if p != "." {
					return fs.SkipDir
				}
			}
			return nil
		}
		if d.Type()&fs.ModeSymlink != 0 {
			// a link is indexed when it leads to a regular file inside the
			// project (os.Root refuses one that leads out)
			st, err := r.Stat(p)
			if err == nil && !st.Mode().IsRegular() && !st.IsDir() && readsInput(p) {
				return specialInput(root, p, st.Mode())
			}
			if err != nil || !st.Mode().IsRegular() {
				return nil
			}
		} else if !d.Type().IsRegular() {
			if readsInput(p) {
				return specialInput(root, p, d.Type())
			}
			return nil
		}
		if len(f.list) >= maxFiles {
			return errTooMany
		}
		f.list = append(f.list, p)
		f.set[p] = true
		return nil
	})
	if err != nil && err != errTooMany {
		return nil, err
	}
	sort.Strings(f.list)
	return f, nil
}

// readsInput: a name lwipgen may read as a build input (a build file,
// CubeMX's .ioc, a linker script, a header or source, Vitis' system.mss,
// RT-Thread's .config).
func readsInput(p string) bool {
	switch path.Base(p) {
	case "Makefile", "makefile", "GNUmakefile", "CMakeLists.txt", ".cproject", ".project", ".config", "SConstruct", "SConscript":
		return true
	}
	switch path.Ext(p) {
	case ".ioc", ".ld", ".lds", ".h", ".c", ".mk", ".cmake", ".mss", ".json", ".uvprojx", ".ewp", ".txt":
		return true
	}
	return false
}

// specialInput refuses a FIFO, device or socket where the project has an
// input: read, it would block forever or never end; skipped, the project
// would be read without it and silently differ from what its build does.
func specialInput(root, p string, m fs.FileMode) error {
	return fmt.Errorf("%s: not a regular file (%s); lwipgen reads only regular files: replace it with the file itself",
		path.Join(filepath.ToSlash(root), p), fsutil.KindOf(m))
}

type tooMany struct{}

func (tooMany) Error() string { return "more files than lwipgen indexes in a project" }

var errTooMany error = tooMany{}

// Has says whether the project has the file rel.
func (f *Files) Has(rel string) bool { return f.set[rel] }

// All returns every indexed file.
func (f *Files) All() []string { return f.list }

// Named returns the files whose base name is name, shallowest first.
func (f *Files) Named(name string) []string {
	var out []string
	for _, p := range f.list {
		if path.Base(p) == name {
			out = append(out, p)
		}
	}
	return byDepth(out)
}

// Match returns the files whose base name matches the shell pattern,
// shallowest first.
func (f *Files) Match(pattern string) []string {
	var out []string
	for _, p := range f.list {
		if ok, _ := path.Match(pattern, path.Base(p)); ok {
			out = append(out, p)
		}
	}
	return byDepth(out)
}

// Suffix returns the files whose path ends in /suffix (or is suffix),
// shallowest first.
func (f *Files) Suffix(suffix string) []string {
	var out []string
	for _, p := range f.list {
		if p == suffix || strings.HasSuffix(p, "/"+suffix) {
			out = append(out, p)
		}
	}
	return byDepth(out)
}

func byDepth(s []string) []string {
	sort.SliceStable(s, func(i, j int) bool {
		a, b := strings.Count(s[i], "/"), strings.Count(s[j], "/")
		if a != b {
			return a < b
		}
		return s[i] < s[j]
	})
	return s
}
