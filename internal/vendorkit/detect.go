package vendorkit

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/lwipgen/lwipgen/internal/fsutil"
	"github.com/lwipgen/lwipgen/internal/project"
)

// Kind is the shape of a project lwipgen vendors into, as its flow names
// it in its Layout (CubeMX: "cubemx-stm32cubeide", "cubemx-makefile",
// "cubemx-cmake"; GD32: "gd32"): recorded in the manifest and said in
// vendor's summary.
type Kind string

// Project is a detected project: where each file lwipgen touches lives.
// Paths are relative to Dir, with forward slashes.
type Project struct {
	Dir          string
	Kind         Kind
	IOC          string // CubeMX .ioc
	Lwipopts     string // the project's lwipopts.h
	Main         string // main.c
	LinkerScript string // the script the build links with
	Makefile     string
	CMakeLists   string
	CProject     string
	HALConf      string // stm32xxxx_hal_conf.h (CubeMX)
	OwnDir       string // lwipgen's own folder (LWIP/lwipgen for CubeMX, lwipgen for GD32)
	TargetDir    string // where the vendor keeps lwipopts.h/ethernetif (LWIP/Target for CubeMX)
	PortDriver   string // the project's own ethernetif.c lwipgen's replaces in place (Layout.AdaptPortDriver)
	// Model is the project as its build sees it (the project model): what
	// every other reader of the project asks.
	Model *project.Model
	// Layout is what the project's flow says its projects look like.
	Layout Layout
}

func exists(dir, rel string) bool {
	_, err := os.Stat(filepath.Join(dir, filepath.FromSlash(rel)))
	return err == nil
}

// skipDirs are never searched: vendor libraries, build output, lwipgen's own state.
var skipDirs = map[string]bool{".git": true, ".lwipgen": true, "build": true, "Debug": true, "Release": true,
	"Drivers": true, "Middlewares": true, "node_modules": true, "lwipgen": true}

// find returns project-relative paths of files whose base name matches re.
func find(dir string, re *regexp.Regexp) []string {
	var out []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if p != dir && (skipDirs[d.Name()] || strings.Contains(d.Name(), "standard_peripheral") || strings.HasPrefix(d.Name(), "lwip-")) {
				return filepath.SkipDir
			}
			return nil
		}
		if re.MatchString(d.Name()) {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	sort.Slice(out, func(i, j int) bool {
		if a, b := strings.Count(out[i], "/"), strings.Count(out[j], "/"); a != b {
			return a < b
		}
		return out[i] < out[j]
	})
	return out
}

// Detect reads the project in dir (the project model, from its own build)
// and works out what kind of project it is.
func Detect(dir string) (*Project, error) {
	st, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("project %s: %v", dir, err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("project %s is not a directory", dir)
	}
	m, err := project.Open(context.Background(), dir, project.Options{})
	if err != nil {
		return nil, err
	}
	return FromModel(dir, m)
}

// FromModel works out from the project model m (of the project in dir, as
// the user named it) where each file lwipgen touches lives: what lwIP's
// sources include as lwipopts.h, the script the build links with, the build
// file lwipgen adds its sources to.
func FromModel(dir string, m *project.Model) (*Project, error) {
	p := &Project{Dir: dir, Model: m}
	if m.Build != nil {
		switch m.Build.System {
		case project.SysMake:
			p.Makefile = m.Build.File
		case project.SysCMake:
			p.CMakeLists = m.Build.File
		case project.SysCDT:
			p.CProject = m.Build.File
		}
	}
	// the build files that are there, for the messages
	for _, f := range []struct {
		name string
		to   *string
	}{{"Makefile", &p.Makefile}, {"CMakeLists.txt", &p.CMakeLists}, {".cproject", &p.CProject}} {
		if *f.to == "" && m.Files.Has(f.name) && (m.Build == nil || m.Build.System == project.SysKeil || m.Build.System == project.SysIAR) {
			*f.to = f.name
		}
	}
	sys := project.System("")
	if m.Build != nil {
		sys = m.Build.System
	}
	l, ok := layoutOf(m.Flow)
	if !ok {
		return nil, notOurs(dir, m)
	}
	p.Layout, p.OwnDir = l, l.OwnDir
	if l.HALConf != "" {
		if h := m.Files.Match(l.HALConf); len(h) > 0 {
			p.HALConf = h[0]
		}
	}
	if iocs := m.Files.Match("*.ioc"); len(iocs) > 0 {
		p.IOC = iocs[0]
	}
	want := m.Value(project.KeyBuildExpected)
	kind, ok := l.Kinds[sys]
	if !ok || want != "" && string(sys) != want {
		if m.Build == nil && m.BuildErr != nil && !project.NoBuild(m.BuildErr) {
			// the build is there but its tool failed on it: say that, not
			// that the project has no build
			return nil, fmt.Errorf("project %s: %s, but its build could not be read: %v; lwipgen reads the project the way its own build does, so that build must run here first", dir, l.Describe, m.BuildErr)
		}
		if l.Refuse != nil {
			return nil, l.Refuse(dir, p, m)
		}
		return nil, fmt.Errorf("project %s: %s, but no build lwipgen can add its files to (%s): %v", dir, l.Describe, or(string(sys), "none read"), m.BuildErr)
	}
	p.Kind = kind
	if m.Value(project.KeyLwipopts) == "" {
		return nil, fmt.Errorf("project %s: %s", dir, l.NoLwipopts)
	}
	p.Lwipopts = m.Value(project.KeyLwipopts)
	if isAbsPath(p.Lwipopts) {
		return nil, fmt.Errorf("project %s: the build's lwipopts.h is %s, outside the project; lwipgen edits only files inside it", dir, p.Lwipopts)
	}
	p.TargetDir = pathDir(p.Lwipopts)
	p.Main = mainOf(m)
	ld, err := linkerScript(p, m)
	if err != nil {
		return nil, err
	}
	p.LinkerScript = ld
	return p, nil
}

// mainOf is the project's main.c: the one the build compiles, else the
// shallowest in the project.
func mainOf(m *project.Model) string {
	for _, u := range m.Units() {
		if path.Base(u.Rel) == "main.c" {
			return u.Rel
		}
	}
	if m.Build == nil {
		if f := m.Files.Named("main.c"); len(f) > 0 {
			return f[0]
		}
	}
	return ""
}

func isAbsPath(p string) bool { return filepath.IsAbs(filepath.FromSlash(p)) }

// insideProject says why rel (a path a build file names) is not a file
// inside dir after symbolic links are resolved.
func insideProject(dir, rel string) error {
	r, err := fsutil.OpenRoot(dir, false)
	if err != nil {
		return err
	}
	defer r.Close()
	if _, err := r.Stat(rel); err != nil {
		var oe *fsutil.OutsideError
		if errors.As(err, &oe) {
			return errors.New("which is outside it")
		}
		return err
	}
	return nil
}

func pathDir(p string) string {
	d := filepath.ToSlash(filepath.Dir(filepath.FromSlash(p)))
	if d == "." {
		return ""
	}
	return d
}

// linkerScript checks the script the build links with (the model's fact):
// it must be a file inside the project, named as the file system names it.
// Without a build to ask, the one *_FLASH.ld (CubeMX), else the only .ld, is
// taken, and a project with several is refused.
func linkerScript(p *Project, m *project.Model) (string, error) {
	if f, ok := m.Fact(project.KeyLinkerScript); ok {
		named := f.Value
		if isAbsPath(named) {
			return "", fmt.Errorf("project %s: %s links with %s, which is outside the project. lwipgen edits only files inside it: copy the script into the project and point the build at the copy, or add INCLUDE lwip_sections.ld to it yourself (lwipgen generate writes the fragment)", p.Dir, f.From, named)
		}
		if !exists(p.Dir, named) {
			if other := caseOnly(p.Dir, named); other != "" {
				return "", fmt.Errorf("project %s: %s links with %s, which is not there: the project has %s, a name that differs in letter case only (a case-insensitive file system finds it, this one does not, so the project's own build cannot link either); rename the file or correct %s, then vendor again", p.Dir, f.From, named, other, f.From.File)
			}
			return "", fmt.Errorf("project %s: %s links with %s, which is not there", p.Dir, f.From, named)
		}
		if err := insideProject(p.Dir, named); err != nil {
			return "", fmt.Errorf("project %s: %s links with %s, %v. lwipgen edits only files inside the project: copy the script into the project and point the build at the copy, or add INCLUDE lwip_sections.ld to it yourself (lwipgen generate writes the fragment)", p.Dir, f.From, named, err)
		}
		return named, nil
	}
	if m.Build != nil && len(m.Units()) > 0 {
		return "", fmt.Errorf("project %s: the build (%s) links with no linker script (-T) lwipgen could read", p.Dir, m.Build.File)
	}
	all := m.Files.Match("*.ld")
	var flash, own []string
	for _, f := range all {
		if strings.Contains(f, "lwipgen") {
			continue
		}
		own = append(own, f)
		if strings.HasSuffix(strings.ToUpper(f), "_FLASH.LD") {
			flash = append(flash, f)
		}
	}
	switch {
	case len(flash) == 1:
		return flash[0], nil
	case len(own) == 1:
		return own[0], nil
	case len(own) == 0:
		return "", fmt.Errorf("project %s: no linker script (.ld) found", p.Dir)
	}
	return "", fmt.Errorf("project %s: several linker scripts (%s) and no build lwipgen could read to say which one links", p.Dir, strings.Join(own, ", "))
}

// caseOnly returns the file in rel's folder whose name equals rel's but for
// letter case: a build written on Windows or macOS that names
// STM32H743VGTx_FLASH.ld while the file is stm32h743vgtx_flash.ld
// (cxnaive/H743VGTx_lwip@da66a1e, cmake/gcc-arm-none-eabi.cmake:42).
func caseOnly(dir, rel string) string {
	sub := pathDir(rel)
	ents, err := os.ReadDir(filepath.Join(dir, filepath.FromSlash(sub)))
	if err != nil {
		return ""
	}
	base := filepath.Base(filepath.FromSlash(rel))
	for _, e := range ents {
		if e.Name() != base && strings.EqualFold(e.Name(), base) {
			return strings.TrimPrefix(sub+"/"+e.Name(), "/")
		}
	}
	return ""
}

// noBuildFiles says why a CubeMX project has no build lwipgen can add its
// files to, naming what was found: the toolchain the .ioc names and the
// build files that are there (a Makefile next to an .ioc that names
// STM32CubeIDE is not the project's build).
func NoBuildFiles(dir string, p *Project, m *project.Model) error {
	var found []string
	for _, f := range []string{p.CProject, p.Makefile, p.CMakeLists} {
		if f != "" {
			found = append(found, f)
		}
	}
	has := "it has no .cproject, Makefile or CMakeLists.txt"
	if len(found) > 0 {
		has = "it has " + strings.Join(found, " and ") + ", which is not that toolchain's build"
	}
	exp, ok := m.Fact(project.KeyBuildExpected)
	if !ok {
		return fmt.Errorf("project %s: a CubeMX project, but %s to add lwipgen's files to", dir, has)
	}
	return fmt.Errorf("project %s: %s: %s, but %s; lwipgen adds its files to an STM32CubeIDE .cproject, a Makefile or a CMakeLists.txt: choose one of those in CubeMX (Project Manager > Toolchain/IDE) and generate code again", dir, exp.From, exp.Why, has)
}

func or(s, d string) string {
	if s == "" {
		return d
	}
	return s
}
