package board

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/lwipgen/lwipgen/boards"
)

// Source says where boards and chips are read from: the built-in set, plus
// the directories of a user's own boards (their chips/ sub-folder included).
type Source struct {
	FS      fs.FS    // built-in boards (boards.FS when nil)
	Dirs    []string // extra board directories searched by name before the built-in set
	Options OptionCatalog
}

func (s Source) fs() fs.FS {
	if s.FS != nil {
		return s.FS
	}
	return boards.FS
}

// Chips loads the built-in chip data, then every chips/*.hcl of s.Dirs.
func (s Source) Chips() (Chips, hcl.Diagnostics) {
	chips := Chips{}
	var diags hcl.Diagnostics
	files, _ := fs.Glob(s.fs(), "chips/*.hcl")
	sort.Strings(files)
	builtin := map[string]bool{}
	for _, f := range files {
		src, err := fs.ReadFile(s.fs(), f)
		if err != nil {
			diags = append(diags, errDiag("Cannot read chip data", err.Error()))
			continue
		}
		diags = append(diags, decodeChipLayer(src, "embedded:boards/"+f, chips, builtin)...)
	}
	user := map[string]bool{}
	seenDir := map[string]bool{}
	for _, d := range s.Dirs {
		if abs, err := filepath.Abs(d); err == nil {
			if seenDir[abs] {
				continue
			}
			seenDir[abs] = true
		}
		files, _ := filepath.Glob(filepath.Join(d, "chips", "*.hcl"))
		sort.Strings(files)
		for _, f := range files {
			src, err := readSource(f)
			if err != nil {
				diags = append(diags, errDiag("Cannot read chip data", err.Error()))
				continue
			}
			diags = append(diags, decodeChipLayer(src, f, chips, user)...)
		}
	}
	return chips, diags
}

// Names lists every board name available: the built-in ones and those in s.Dirs.
func (s Source) Names() []string {
	seen := map[string]bool{}
	files, _ := fs.Glob(s.fs(), "*.hcl")
	for _, f := range files {
		seen[strings.TrimSuffix(f, ".hcl")] = true
	}
	for _, d := range s.Dirs {
		user, _ := filepath.Glob(filepath.Join(d, "*.hcl"))
		for _, f := range user {
			seen[strings.TrimSuffix(filepath.Base(f), ".hcl")] = true
		}
	}
	var names []string
	for n := range seen {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Load reads a board by name or path. A reference containing a path separator
// or ending in .hcl is a file; otherwise it is a name searched in s.Dirs, then
// the built-in set.
func (s Source) Load(ref string) (*Board, hcl.Diagnostics) {
	src, filename, err := s.read(ref)
	if err != nil {
		return nil, hcl.Diagnostics{errDiag("Unknown board", err.Error())}
	}
	return s.Decode(src, filename)
}

// Decode reads board source text (src) that claims to come from filename.
func (s Source) Decode(src []byte, filename string) (*Board, hcl.Diagnostics) {
	src2 := s
	if !strings.HasPrefix(filename, "embedded:") {
		src2.Dirs = append([]string{filepath.Dir(filename)}, s.Dirs...)
	}
	chips, diags := src2.Chips()
	if diags.HasErrors() {
		return nil, diags
	}
	return DecodeBoard(src, filename, chips, s.Options)
}

func (s Source) read(ref string) ([]byte, string, error) {
	if strings.ContainsRune(ref, os.PathSeparator) || strings.HasSuffix(ref, ".hcl") {
		b, err := readSource(ref)
		if err != nil {
			return nil, "", fmt.Errorf("cannot read board file: %v", err)
		}
		return b, ref, nil
	}
	for _, d := range s.Dirs {
		p := filepath.Join(d, ref+".hcl")
		if b, err := readSource(p); err == nil {
			return b, p, nil
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil, "", err
		}
	}
	b, err := fs.ReadFile(s.fs(), path.Clean(ref+".hcl"))
	if err != nil {
		names := s.Names()
		return nil, "", fmt.Errorf("no board %q (known: %s).%s", ref, quoteList(names), didYouMean(ref, names))
	}
	return b, "embedded:boards/" + ref + ".hcl", nil
}

func errDiag(summary, detail string) *hcl.Diagnostic {
	return &hcl.Diagnostic{Severity: hcl.DiagError, Summary: summary, Detail: detail}
}
