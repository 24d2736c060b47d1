package vendorkit

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/lwipgen/lwipgen/internal/fsutil"
)

// Kind is the shape of a project lwipgen vendors into.
type Kind string

const (
	CubeIDE      Kind = "cubemx-stm32cubeide" // CubeMX project, STM32CubeIDE managed build (.cproject)
	CubeMakefile Kind = "cubemx-makefile"     // CubeMX project, toolchain "Makefile"
	CubeCMake    Kind = "cubemx-cmake"        // CubeMX project, toolchain "CMake" (CubeMX >= 6.11)
	GD32         Kind = "gd32"                // GD32 firmware-library project (no code generator)
)

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
	PortDriver   string // GD32: the demo's own ethernetif.c, which lwipgen's replaces in place
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

var (
	iocRe      = regexp.MustCompile(`\.ioc$`)
	gdHeaderRe = regexp.MustCompile(`^gd32f[0-9a-z]+_(enet|libopt)\.h$`)
	ldRe       = regexp.MustCompile(`\.ld$`)
	halConfRe  = regexp.MustCompile(`^stm32[a-z0-9]+xx_hal_conf\.h$`)
	toolRe     = regexp.MustCompile(`(?m)^ProjectManager\.TargetToolchain=(.*)$`)
)

// Detect works out what kind of project dir is.
func Detect(dir string) (*Project, error) {
	st, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("project %s: %v", dir, err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("project %s is not a directory", dir)
	}
	p := &Project{Dir: dir}
	if exists(dir, "Makefile") {
		p.Makefile = "Makefile"
	}
	if exists(dir, "CMakeLists.txt") {
		p.CMakeLists = "CMakeLists.txt"
	}
	if exists(dir, ".cproject") {
		p.CProject = ".cproject"
	}
	iocs := find(dir, iocRe)
	cube := len(iocs) > 0 || exists(dir, "LWIP/Target/lwipopts.h")
	gd := false
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && gdHeaderRe.MatchString(d.Name()) {
			gd = true
			return filepath.SkipAll
		}
		return nil
	})
	switch {
	case cube:
		if len(iocs) > 0 {
			p.IOC = iocs[0]
		}
		p.Lwipopts = "LWIP/Target/lwipopts.h"
		p.TargetDir = "LWIP/Target"
		p.OwnDir = "LWIP/lwipgen"
		p.Main = "Core/Src/main.c"
		if h := find(dir, halConfRe); len(h) > 0 {
			p.HALConf = h[0]
		}
		tool := ""
		if p.IOC != "" {
			if b, err := fsutil.ReadText(filepath.Join(dir, p.IOC), fsutil.MaxInput); err == nil {
				if m := toolRe.FindSubmatch(b); m != nil {
					tool = strings.TrimSpace(string(m[1]))
				}
			}
		}
		switch {
		case tool == "CMake" && p.CMakeLists != "", tool == "" && p.CMakeLists != "" && exists(dir, "cmake/stm32cubemx"):
			p.Kind = CubeCMake
		case tool == "Makefile" && p.Makefile != "", tool == "" && p.Makefile != "":
			p.Kind = CubeMakefile
		case p.CProject != "":
			p.Kind = CubeIDE
		case p.CMakeLists != "":
			p.Kind = CubeCMake
		default:
			return nil, noBuildFiles(dir, p, tool)
		}
		if !exists(dir, p.Lwipopts) {
			return nil, fmt.Errorf("project %s: no LWIP/Target/lwipopts.h; enable the LWIP middleware in CubeMX and generate code first", dir)
		}
	case gd:
		p.Kind = GD32
		opts := find(dir, regexp.MustCompile(`^lwipopts\.h$`))
		if len(opts) == 0 {
			return nil, fmt.Errorf("project %s: a GD32 firmware-library project without an lwipopts.h", dir)
		}
		p.Lwipopts = opts[0]
		p.TargetDir = pathDir(opts[0])
		p.OwnDir = "lwipgen"
		if m := find(dir, regexp.MustCompile(`^main\.c$`)); len(m) > 0 {
			p.Main = m[0]
		}
		if p.Makefile == "" && p.CMakeLists == "" {
			return nil, fmt.Errorf("project %s: no Makefile or CMakeLists.txt (Keil/IAR projects are not supported yet)", dir)
		}
	default:
		return nil, fmt.Errorf("project %s: not a CubeMX project (no .ioc or LWIP/Target/lwipopts.h) nor a GD32 firmware-library project (no gd32f4xx_enet.h or gd32f4xx_libopt.h)", dir)
	}
	if p.Main != "" && !exists(dir, p.Main) {
		p.Main = ""
	}
	ld, err := linkerScript(p)
	if err != nil {
		return nil, err
	}
	p.LinkerScript = ld
	return p, nil
}

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

var (
	ldscriptMk  = regexp.MustCompile(`(?m)^LDSCRIPT\s*[:+]?=\s*(\S+)`)
	ldscriptAny = regexp.MustCompile(`-T\s*\\?"?(?:\$\{CMAKE_SOURCE_DIR\}/|\$\{workspace_loc:/\$\{ProjName\}/)?([^"}\s]+\.ld)`)
	ldscriptXML = regexp.MustCompile(`linker\.option\.script"[^>]*value="(?:\$\{workspace_loc:/\$\{ProjName\}/)?([^"}]+\.ld)\}?"`)
)

// linkerScript finds the script the build links with: from the build files
// first, else the one *_FLASH.ld (CubeMX), else the only .ld in the project.
func linkerScript(p *Project) (script string, err error) {
	var outside error
	try := func(rel string, re *regexp.Regexp) string {
		if rel == "" {
			return ""
		}
		b, err := fsutil.ReadText(filepath.Join(p.Dir, rel), fsutil.MaxInput)
		if err != nil {
			return ""
		}
		loc := re.FindSubmatchIndex(b)
		if loc == nil {
			return ""
		}
		named := string(b[loc[2]:loc[3]])
		if !exists(p.Dir, named) {
			if other := caseOnly(p.Dir, named); other != "" && outside == nil {
				line := 1 + bytes.Count(b[:loc[2]], []byte("\n"))
				outside = fmt.Errorf("project %s: %s:%d links with %s, which is not there: the project has %s, a name that differs in letter case only (a case-insensitive file system finds it, this one does not, so the project's own build cannot link either); rename the file or correct %s, then vendor again", p.Dir, rel, line, named, other, rel)
			}
			return ""
		}
		if err := insideProject(p.Dir, named); err != nil {
			outside = fmt.Errorf("project %s: %s links with %s, %v. lwipgen edits only files inside the project: copy the script into the project and point the build at the copy, or add INCLUDE lwip_sections.ld to it yourself (lwipgen generate writes the fragment)", p.Dir, rel, named, err)
		}
		return named
	}
	defer func() {
		if outside != nil {
			err = outside
		}
	}()
	cands := []string{}
	switch p.Kind {
	case CubeMakefile:
		cands = append(cands, try(p.Makefile, ldscriptMk))
	case CubeCMake:
		cands = append(cands, try("cmake/gcc-arm-none-eabi.cmake", ldscriptAny), try(p.CMakeLists, ldscriptAny))
	case CubeIDE:
		cands = append(cands, try(p.CProject, ldscriptXML))
	case GD32:
		cands = append(cands, try(p.Makefile, ldscriptMk), try(p.CMakeLists, ldscriptAny))
	}
	for _, c := range cands {
		if c != "" {
			return c, outside
		}
	}
	all := find(p.Dir, ldRe)
	var flash []string
	for _, f := range all {
		if strings.HasSuffix(strings.ToUpper(f), "_FLASH.LD") {
			flash = append(flash, f)
		}
	}
	switch {
	case len(flash) == 1:
		return flash[0], nil
	case len(all) == 1:
		return all[0], nil
	case len(all) == 0:
		return "", fmt.Errorf("project %s: no linker script (.ld) found", p.Dir)
	}
	return "", fmt.Errorf("project %s: several linker scripts (%s) and the build files do not say which one links", p.Dir, strings.Join(all, ", "))
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
// files to, naming what was found: the .ioc's toolchain and the build files
// that are there (a Makefile next to an .ioc that names STM32CubeIDE is not
// the project's build).
func noBuildFiles(dir string, p *Project, tool string) error {
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
	if tool == "" {
		return fmt.Errorf("project %s: a CubeMX project, but %s to add lwipgen's files to", dir, has)
	}
	return fmt.Errorf("project %s: %s names the toolchain %q (ProjectManager.TargetToolchain), but %s; lwipgen adds its files to an STM32CubeIDE .cproject, a Makefile or a CMakeLists.txt: choose one of those in CubeMX (Project Manager > Toolchain/IDE) and generate code again", dir, p.IOC, tool, has)
}
