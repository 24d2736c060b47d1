package vitis

import (
	"fmt"
	"github.com/lwipgen/lwipgen/internal/fsutil"
	"io/fs"
	"path/filepath"
	"strings"
	"sync"
)

// Release is one Vitis (or Vitis Unified) release and the lwIP BSP library
// it ships (data/releases.tsv).
type Release struct {
	Name       string // 2023.2, master
	Lib        string // lwip211 | lwip213 | lwip220
	LibraryVer string // the .mld OPTION VERSION: system.mss LIBRARY_VER, bsp setlib -ver
	Classic    bool   // the .mld/.tcl flow (xsct, system.mss)
	SDT        bool   // the System Device Tree flow (<lib>.cmake, bsp.yaml)
}

var (
	relOnce sync.Once
	rels    []Release
	relErr  error
)

// Releases lists the Vitis releases lwipgen knows, oldest first.
func Releases() []Release {
	relOnce.Do(func() {
		rows, err := readTSV("data/releases.tsv", 5)
		if err != nil {
			relErr = err
			return
		}
		for _, f := range rows {
			r := Release{Name: f[0], Lib: f[1], LibraryVer: f[2], Classic: f[3] == "yes", SDT: f[4] == "yes"}
			if _, err := Lib(r.Lib); err != nil {
				relErr = fmt.Errorf("vitis: data/releases.tsv: %s: %v", r.Name, err)
				return
			}
			rels = append(rels, r)
		}
	})
	if relErr != nil {
		panic(relErr)
	}
	return rels
}

// ReleaseOf finds a release by name ("2023.2", "v2023.2", "xilinx_v2023.2").
func ReleaseOf(name string) (Release, error) {
	n := strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(strings.ToLower(strings.TrimSpace(name)), "xilinx_"), "xilinx-"), "v")
	var known []string
	for _, r := range Releases() {
		if r.Name == n {
			return r, nil
		}
		known = append(known, r.Name)
	}
	return Release{}, fmt.Errorf("vitis: unknown Vitis release %q (known: %s)", name, strings.Join(known, ", "))
}

// ReleaseOfLibrary maps what a workspace's system.mss records (LIBRARY_NAME
// and LIBRARY_VER) back to the release that ships it.
func ReleaseOfLibrary(lib, ver string) (Release, bool) {
	for _, r := range Releases() {
		if r.Lib == lib && r.LibraryVer == ver {
			return r, true
		}
	}
	return Release{}, false
}

// ReleaseFromWorkspace reads the Vitis release of a classic workspace or
// platform: the lwIP LIBRARY block (LIBRARY_NAME, LIBRARY_VER) of the first
// system.mss below dir that has one. It returns "" when none is found. A BSP
// whose lwIP library no release in data/releases.tsv ships (an older SDK's
// lwip141 or lwip202: another lwIP line) is an error naming the block, since
// settings written for a known release would not apply to it.
func ReleaseFromWorkspace(dir string) (string, error) {
	var found string
	var other error
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || found != "" || other != nil {
			return nil
		}
		if d.IsDir() {
			if rel, _ := filepath.Rel(dir, p); strings.Count(rel, string(filepath.Separator)) > 6 {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Name() != "system.mss" {
			return nil
		}
		src, err := fsutil.ReadFile(p, 1<<20) // a system.mss is a few KB
		if err != nil {
			return nil
		}
		m, err := ParseMSS(src)
		if err != nil {
			// a BSP file lwipgen cannot read is refused at its line, not
			// skipped: the release it would name stays unknown otherwise
			rel, _ := filepath.Rel(dir, p)
			other = fmt.Errorf("%s: fix the file (or regenerate the BSP in Vitis)", strings.Replace(err.Error(), "mss:", filepath.ToSlash(rel)+":", 1))
			return nil
		}
		for _, blk := range m.Blocks {
			name, _ := blk.Get("LIBRARY_NAME")
			ver, _ := blk.Get("LIBRARY_VER")
			lib := strings.ToLower(name)
			if blk.Kind != "LIBRARY" {
				continue
			}
			if r, ok := ReleaseOfLibrary(lib, ver); ok {
				found = r.Name
				return nil
			}
			if strings.HasPrefix(lib, "lwip") && !shipped(lib) {
				rel, _ := filepath.Rel(dir, p)
				other = fmt.Errorf("%s:%d: the BSP's lwIP library is %s %s, which no Vitis release lwipgen knows ships (%s); lwipgen writes the settings of those libraries, which this BSP does not build: move the BSP to one of them, or name the release to write for with --vitis-version",
					filepath.ToSlash(rel), blk.Line, lib, ver, shippedLibs())
				return nil
			}
		}
		return nil
	})
	if err == nil {
		err = other
	}
	return found, err
}

// shipped says whether some known release ships the library lib.
func shipped(lib string) bool {
	for _, r := range Releases() {
		if r.Lib == lib {
			return true
		}
	}
	return false
}

// shippedLibs lists the known lwIP libraries with the first release of each
// ("lwip211 from 2019.2, lwip213 from 2023.1, ...").
func shippedLibs() string {
	var out []string
	seen := map[string]bool{}
	for _, r := range Releases() {
		if !seen[r.Lib] {
			seen[r.Lib] = true
			out = append(out, r.Lib+" from "+r.Name)
		}
	}
	return strings.Join(out, ", ")
}
