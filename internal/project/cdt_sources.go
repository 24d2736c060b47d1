package project

import (
	"context"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/lwipgen/lwipgen/internal/fsutil"
)

// Which files a CDT configuration compiles: every C, C++ and assembler file
// of the project tree under a source entry and not excluded, the project
// tree being the folder on disk plus the .project's linked resources. CDT's
// makefile generator leaves out the build folders of the configurations
// (GnuMakefileGenerator: generated resources); nothing else is skipped by
// name. Symbolic links are not followed out of the project (nor into a
// folder), and linked resources outside it are named in a note: lwipgen
// reads only inside the project.

// srcFile is a file the configuration compiles: its path in the project
// tree (what exclusions and resource infos name) and on disk.
type srcFile struct {
	Res  string
	Abs  string
	Kind toolKind
}

// sourceKind is the tool CDT gives a file by its extension.
func sourceKind(name string) toolKind {
	switch filepath.Ext(name) {
	case ".c":
		return kindC
	case ".C", ".cpp", ".cc", ".cxx", ".c++", ".CPP":
		return kindCXX
	case ".s", ".S", ".asm", ".sx":
		return kindASM
	}
	return kindOther
}

func kindLang(k toolKind) Lang {
	switch k {
	case kindCXX:
		return LangCXX
	case kindASM:
		return LangASM
	}
	return LangC
}

// sources walks the project for the files cfg compiles; configs are all of
// the project's configurations (their build folders are left out).
func (rd *cdtReader) sources(ctx context.Context, r *fsutil.Root, cfg *cdtConfig, configs []*cdtConfig) ([]srcFile, error) {
	seen := map[string]bool{}
	var out []srcFile
	add := func(res, abs string) {
		k := sourceKind(res)
		if k == kindOther || seen[res] || !cfg.included(res) {
			return
		}
		seen[res] = true
		out = append(out, srcFile{Res: res, Abs: abs, Kind: k})
	}
	buildDirs := map[string]bool{}
	for _, c := range configs {
		buildDirs[c.Name] = true
	}
	linked := map[string]bool{}
	for _, l := range rd.paths.links {
		linked[l.Name] = true
	}
	var symlinks []string
	n := 0
	walk := func(dir, prefix string) error {
		return r.Walk(dir, func(p string, d fs.DirEntry) error {
			if n++; n%512 == 0 && ctx.Err() != nil {
				return ctx.Err()
			}
			rel := p
			if dir != "." {
				rel = strings.TrimPrefix(strings.TrimPrefix(p, dir), "/")
			}
			res := path.Join(prefix, rel)
			if res == "." || res == "" {
				return nil
			}
			switch {
			case d.IsDir():
				if prefix == "" && (buildDirs[res] && !strings.Contains(res, "/") || linked[res]) || !cfg.mayContain(res) {
					return fs.SkipDir
				}
			case d.Type()&fs.ModeSymlink != 0:
				if !cfg.mayContain(res) && (sourceKind(res) == kindOther || !cfg.included(res)) {
					return nil
				}
				fi, err := r.Stat(p)
				switch {
				case err != nil:
					symlinks = append(symlinks, res+" (leads out of the project)")
				case fi.IsDir():
					symlinks = append(symlinks, res+" (a folder)")
				case fi.Mode().IsRegular():
					add(res, filepath.Join(r.Dir, filepath.FromSlash(p)))
				}
			case d.Type().IsRegular():
				add(res, filepath.Join(r.Dir, filepath.FromSlash(p)))
			}
			return nil
		})
	}
	if err := walk(".", ""); err != nil {
		return nil, err
	}
	var outside []string
	links := append([]eclipseLink(nil), rd.paths.links...)
	sort.SliceStable(links, func(i, j int) bool { return links[i].Line < links[j].Line })
	for _, l := range links {
		if l.Virtual {
			continue
		}
		wanted := l.Folder && cfg.mayContain(l.Name) || !l.Folder && sourceKind(l.Name) != kindOther && cfg.included(l.Name)
		if !wanted {
			continue
		}
		rel := ""
		if l.Abs != "" {
			rel = relTo(rd.paths.root, l.Abs)
		}
		if rel == "" || rel == "." {
			outside = append(outside, fmt.Sprintf(".project:%d %s -> %s", l.Line, l.Name, l.Location))
			continue
		}
		if !l.Folder {
			if fi, err := r.Stat(rel); err == nil && fi.Mode().IsRegular() {
				add(l.Name, l.Abs)
			}
			continue
		}
		if err := walk(rel, l.Name); err != nil {
			return nil, err
		}
	}
	if len(outside) > 0 {
		rd.note("%d linked resource(s) in the build lie outside the project and are not read (lwipgen reads only inside the project): %s", len(outside), firstFew(outside, 4))
	}
	if len(symlinks) > 0 {
		sort.Strings(symlinks)
		rd.note("%d symbolic link(s) in the source folders are not followed: %s", len(symlinks), firstFew(symlinks, 4))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Res < out[j].Res })
	return out, nil
}

// firstFew lists up to n items and how many more there are.
func firstFew(items []string, n int) string {
	if len(items) <= n {
		return strings.Join(items, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(items[:n], ", "), len(items)-n)
}
