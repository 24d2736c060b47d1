package project

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/lwipgen/lwipgen/internal/cheader"
	"github.com/lwipgen/lwipgen/internal/fsutil"
	"github.com/lwipgen/lwipgen/internal/lwip"
)

// The keys of the facts the core derives. A flow's detector adds keys of
// its own (documented where it defines them).
const (
	KeyFlow  = "flow"  // the vendor flow that recognised the project
	KeyBuild = "build" // the build system read
	// KeyBuildExpected is the build system the project's flow says it uses
	// (a CubeMX .ioc's toolchain), when the flow says one.
	KeyBuildExpected = "build.expected"
	KeyLinkerScript  = "linker_script"   // the script the build links with (-T)
	KeyLwipDir       = "lwip.dir"        // the lwIP tree the build compiles (the folder holding src/)
	KeyLwipVersion   = "lwip.version"    // that tree's LWIP_VERSION_MAJOR.MINOR.REVISION
	KeyLwipopts      = "lwipopts"        // the lwipopts.h lwIP's sources include
	KeyRTOS          = "rtos"            // freertos | rtthread | none, from what the build compiles
	KeyRTOSConfig    = "freertos.config" // the FreeRTOSConfig.h FreeRTOS's sources include
	KeyMaxPrio       = "freertos.max_priorities"
	KeyCMSIS         = "cmsis_os" // v1 | v2: the CMSIS-RTOS layer the build compiles
	KeyMCU           = "mcu"      // the part the build targets
)

// coreFacts derives what every project has from the build (or, without
// one, from the files alone, which is said in the fact's Why).
func coreFacts(m *Model) {
	if m.Build != nil && m.Build.Link != nil && len(m.Build.Link.Scripts) > 0 {
		s := m.Build.Link.Scripts[0]
		why := "the build links with it (-T)"
		if len(m.Build.Link.Scripts) > 1 {
			why = fmt.Sprintf("the first of the %d scripts the build links with", len(m.Build.Link.Scripts))
		}
		from := m.Build.Link.From
		if from.Line == 0 {
			if p, ok := m.mention(filepath.Base(s)); ok {
				from = p // the line of the build file that names it (CubeMX's toolchain file -T)
			}
		}
		m.set(Fact{Key: KeyLinkerScript, Value: m.Rel(s), From: from, Why: why})
	}
	if f, ok := mcuFromDefines(m); ok {
		m.set(f)
	}
	if m.Build != nil && m.Build.Device != "" {
		from := Pos{File: m.Build.File}
		if m.Build.DeviceFrom != nil {
			from = *m.Build.DeviceFrom
		}
		m.set(Fact{Key: KeyMCU, Value: m.Build.Device, From: from, Why: "its device"})
	}
	lwipFacts(m)
	rtosFacts(m)
}

// LwIPUnit is the unit compiling lwIP's core (src/core/init.c): the flags
// lwIP is really built with. Without one (a prebuilt lwIP library, or no
// build read) it is nil.
func (m *Model) LwIPUnit() *Unit {
	if m.Build == nil {
		return nil
	}
	for i := range m.Build.Units {
		u := &m.Build.Units[i]
		if strings.HasSuffix(filepath.ToSlash(u.File), "/src/core/init.c") && u.Lang == LangC {
			if _, err := os.Stat(filepath.Join(lwipTreeOf(u.File), "src", "include", "lwip", "init.h")); err == nil {
				return u
			}
		}
	}
	return nil
}

// lwipTreeOf is the folder holding src/ of a src/core/init.c.
func lwipTreeOf(initC string) string {
	return filepath.Dir(filepath.Dir(filepath.Dir(initC)))
}

// AppUnit is a unit of the application (not lwIP's, not a vendor
// library's when another is there): the flags a file of the user's
// compiles with, for looking up headers lwIP's own unit does not show (a
// prebuilt lwIP).
func (m *Model) AppUnit() *Unit {
	if m.Build == nil || len(m.Build.Units) == 0 {
		return nil
	}
	for _, want := range []string{"main.c", "main.cpp"} {
		for i := range m.Build.Units {
			if filepath.Base(m.Build.Units[i].File) == want {
				return &m.Build.Units[i]
			}
		}
	}
	for i := range m.Build.Units {
		if m.Build.Units[i].Lang == LangC {
			return &m.Build.Units[i]
		}
	}
	return nil
}

// Resolve finds the file an `#include "name"` in a file of folder dir
// finds with unit u's search path; "" when none does.
func Resolve(u *Unit, dir, name string) string {
	for _, d := range u.SearchPath(dir) {
		p := filepath.Join(d, filepath.FromSlash(name))
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			return p
		}
	}
	return ""
}

// lwipFacts: the lwIP tree the build compiles, its version, and the
// lwipopts.h its opt.h includes (resolved on the same unit's search path,
// from opt.h's own folder first as gcc does for #include "lwipopts.h").
func lwipFacts(m *Model) {
	trees := map[string]bool{}
	for _, u := range m.Units() {
		if strings.HasSuffix(filepath.ToSlash(u.File), "/src/core/init.c") {
			trees[lwipTreeOf(u.File)] = true
		}
	}
	if len(trees) > 1 {
		var t []string
		for d := range trees {
			t = append(t, m.Rel(d))
		}
		sort.Strings(t)
		m.Notes = append(m.Notes, "the build compiles more than one lwIP tree: "+strings.Join(t, ", "))
	}
	u := m.LwIPUnit()
	var initH, optDir string
	var from Pos
	var why string
	switch {
	case u != nil:
		tree := lwipTreeOf(u.File)
		optDir = filepath.Join(tree, "src", "include", "lwip")
		initH = Resolve(u, filepath.Dir(u.File), "lwip/init.h")
		from = u.From
		m.set(Fact{Key: KeyLwipDir, Value: m.Rel(tree), From: u.From, Why: "the build compiles " + m.Rel(u.File)})
		why = "on the include path of " + m.Rel(u.File)
	case m.AppUnit() != nil:
		// lwIP prebuilt (a BSP library): the headers the application includes
		a := m.AppUnit()
		if h := Resolve(a, "", "lwip/init.h"); h != "" {
			initH = h
			optDir = filepath.Dir(h)
			u, from = a, a.From
			tree := filepath.Dir(filepath.Dir(optDir))
			if filepath.Base(filepath.Dir(optDir)) == "include" && filepath.Base(tree) == "src" {
				tree = filepath.Dir(tree)
			}
			m.set(Fact{Key: KeyLwipDir, Value: m.Rel(tree), From: a.From, Why: "no unit compiles lwIP's core: the lwIP headers " + m.Rel(a.File) + " includes"})
			why = "on the include path of " + m.Rel(a.File)
		}
	default:
		// no build read: the one lwIP tree the project holds, if it holds one
		cands := m.Files.Suffix("src/include/lwip/init.h")
		if len(cands) > 0 {
			initH = m.Abs(cands[0])
			optDir = filepath.Dir(initH)
			tree := strings.TrimSuffix(cands[0], "/src/include/lwip/init.h")
			if tree == "src/include/lwip/init.h" {
				tree = "."
			}
			w := "no build read: the project's only lwIP tree"
			if len(cands) > 1 {
				w = fmt.Sprintf("no build read: the shallowest of %d lwIP trees in the project (%s)", len(cands), strings.Join(cands, ", "))
			}
			m.set(Fact{Key: KeyLwipDir, Value: tree, From: Pos{File: cands[0]}, Why: w})
		}
	}
	if initH != "" {
		if b, err := fsutil.ReadText(initH, fsutil.MaxInput); err == nil {
			if tv, err := lwip.ParseInitH(b, initH); err == nil {
				m.set(Fact{Key: KeyLwipVersion, Value: tv.String(), From: Pos{File: m.Rel(initH), Line: tv.Line}, Why: "LWIP_VERSION_MAJOR/MINOR/REVISION"})
			}
		}
	}
	if u != nil && optDir != "" {
		if p := Resolve(u, optDir, "lwipopts.h"); p != "" {
			m.set(Fact{Key: KeyLwipopts, Value: m.Rel(p), From: from, Why: "lwIP's opt.h includes it, found " + why})
			return
		}
	}
	guess := "no build read"
	if m.Build != nil {
		guess = "the build compiles no lwIP whose include path finds one"
	}
	if c := m.Files.Named("lwipopts.h"); len(c) > 0 {
		w := guess + ": the project's only lwipopts.h"
		if len(c) > 1 {
			w = fmt.Sprintf("%s: the shallowest of %d lwipopts.h (%s)", guess, len(c), strings.Join(c, ", "))
		}
		m.set(Fact{Key: KeyLwipopts, Value: c[0], From: Pos{File: c[0]}, Why: w})
	}
}

// rtosFacts: FreeRTOS when the build compiles its kernel (tasks.c beside
// include/FreeRTOS.h), its FreeRTOSConfig.h as tasks.c includes it, and the
// CMSIS-RTOS layer compiled over it.
func rtosFacts(m *Model) {
	var tasks *Unit
	for i, u := range m.Units() {
		f := filepath.ToSlash(u.File)
		if path.Base(f) == "tasks.c" {
			if _, err := os.Stat(filepath.Join(filepath.Dir(u.File), "include", "FreeRTOS.h")); err == nil {
				tasks = &m.Build.Units[i]
				break
			}
		}
	}
	for _, u := range m.Units() {
		switch path.Base(filepath.ToSlash(u.File)) {
		case "cmsis_os2.c":
			m.set(Fact{Key: KeyCMSIS, Value: "v2", From: u.From, Why: "the build compiles " + m.Rel(u.File)})
		case "cmsis_os.c":
			if _, ok := m.Fact(KeyCMSIS); !ok {
				m.set(Fact{Key: KeyCMSIS, Value: "v1", From: u.From, Why: "the build compiles " + m.Rel(u.File)})
			}
		}
	}
	var cfg string
	switch {
	case tasks != nil:
		m.set(Fact{Key: KeyRTOS, Value: "freertos", From: tasks.From, Why: "the build compiles FreeRTOS's " + m.Rel(tasks.File)})
		cfg = Resolve(tasks, filepath.Dir(tasks.File), "FreeRTOSConfig.h")
	case m.Build == nil:
		if c := m.Files.Named("FreeRTOSConfig.h"); len(c) > 0 {
			cfg = m.Abs(c[0])
		}
	default:
		// No kernel source among the units (a prebuilt FreeRTOS library, or
		// a kernel built elsewhere): the FreeRTOS.h lwIP's port includes,
		// on lwIP's include path, includes the configuration from there.
		if u := m.LwIPUnit(); u != nil && Resolve(u, filepath.Dir(u.File), "FreeRTOS.h") != "" {
			cfg = Resolve(u, filepath.Dir(u.File), "FreeRTOSConfig.h")
		}
	}
	if cfg == "" {
		return
	}
	m.set(Fact{Key: KeyRTOSConfig, Value: m.Rel(cfg), From: Pos{File: m.Rel(cfg)}, Why: "FreeRTOS.h includes it"})
	b, err := fsutil.ReadText(cfg, fsutil.MaxInput)
	if err != nil {
		return
	}
	for _, d := range cheader.Defines(b) {
		if d.Name == "configMAX_PRIORITIES" {
			v := strings.Trim(strings.TrimSpace(d.Value), "() \t")
			if _, err := strconv.Atoi(v); err != nil {
				v = d.Value // an expression: kept as written
			}
			m.set(Fact{Key: KeyMaxPrio, Value: v, From: Pos{File: m.Rel(cfg), Line: d.Line}, Why: "configMAX_PRIORITIES"})
		}
	}
}

var (
	mcuMu      sync.RWMutex
	mcuDefines []*regexp.Regexp
)

// RegisterMCUDefine adds a pattern of the -D a vendor's device headers
// require to name the part (CubeMX's STM32H743xx, GD's GD32F450): its
// first group is the part. Flows register theirs; the model reads the part
// from the build's definitions with every pattern, whatever flow claims the
// project (a plain compile_commands.json project too).
func RegisterMCUDefine(re *regexp.Regexp) {
	mcuMu.Lock()
	defer mcuMu.Unlock()
	mcuDefines = append(mcuDefines, re)
}

// mcuFromDefines is the part a -D of the build names.
func mcuFromDefines(m *Model) (Fact, bool) {
	mcuMu.RLock()
	defer mcuMu.RUnlock()
	for _, u := range m.Units() {
		for _, d := range u.Defines {
			if d.Undef {
				continue
			}
			for _, re := range mcuDefines {
				if s := re.FindStringSubmatch(d.Name); s != nil {
					return Fact{Key: KeyMCU, Value: s[1], From: u.From, Why: "the build defines " + d.Name}, true
				}
			}
		}
	}
	return Fact{}, false
}

// buildFilePatterns are the files a build description is written in.
var buildFilePatterns = []string{"CMakeLists.txt", "*.cmake", "CMakePresets.json", "Makefile", "makefile", "*.mk", ".cproject", "*.uvprojx", "*.uvproj", "*.ewp"}

// mention finds the first line of the project's build files (the build's
// own file first) that names text: where a value the build tool reported
// without a position (a -T in CMAKE_C_LINK_FLAGS) was written.
func (m *Model) mention(text string) (Pos, bool) {
	var files []string
	if m.Build != nil {
		files = append(files, m.Build.File)
	}
	for _, pat := range buildFilePatterns {
		files = append(files, m.Files.Match(pat)...)
	}
	seen := map[string]bool{}
	for _, f := range files {
		if seen[f] {
			continue
		}
		seen[f] = true
		b, err := fsutil.ReadText(m.Abs(f), fsutil.MaxInput)
		if err != nil {
			continue
		}
		if i := strings.Index(string(b), text); i >= 0 {
			return Pos{File: f, Line: 1 + strings.Count(string(b[:i]), "\n")}, true
		}
	}
	return Pos{}, false
}
