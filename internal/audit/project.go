package audit

import (
	"encoding/json"
	"fmt"
	"github.com/lwipgen/lwipgen/internal/fsutil"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/lwipsrc"
)

// Project is what `audit --project DIR` finds in a CubeMX, GD32, RT-Thread or
// Vitis project (or any project with a compile_commands.json).
type Project struct {
	Root         string   `json:"root"`
	Kind         string   `json:"kind"` // cubemx | gd32 | rtthread | vitis | compile_commands | generic
	Lwipopts     string   `json:"lwipopts"`
	IncludeDirs  []string `json:"include_dirs"`
	Defines      []string `json:"defines"`
	LwipDir      string   `json:"lwip_dir,omitempty"`
	LwipVersion  string   `json:"lwip_version,omitempty"`
	MCU          string   `json:"mcu,omitempty"`
	Chip         string   `json:"chip,omitempty"` // lwipgen chip file matching the MCU
	LinkerScript string   `json:"linker_script,omitempty"`
	From         []string `json:"from"` // the files the context was read from
	// Compiler is the toolchain the project's build files are for when that
	// is not gcc: "keil" (MDK-ARM .uvprojx) or "iar" (EWARM .ewp)
	Compiler string `json:"compiler,omitempty"`
}

var (
	reMkI      = regexp.MustCompile(`(?:^|\s)-I\s*("?)([^\s"\\]+)`)
	reMkD      = regexp.MustCompile(`(?:^|\s)-D\s*([A-Za-z_][A-Za-z0-9_]*(?:=[^\s\\]*)?)`)
	reMkLd     = regexp.MustCompile(`(?m)^LDSCRIPT\s*[:?]?=\s*(\S+)`)
	reCMakeInc = regexp.MustCompile(`(?s)(target_include_directories|include_directories)\s*\((.*?)\)`)
	reCMakeDef = regexp.MustCompile(`(?s)(target_compile_definitions|add_compile_definitions|add_definitions)\s*\((.*?)\)`)
	reCMakeRem = regexp.MustCompile(`(?m)#.*$`)
	reCMakeSet = regexp.MustCompile(`(?s)\bset\s*\(\s*([A-Za-z_][A-Za-z0-9_]*)\b(.*?)\)`)
	// a generator expression ($<$<CONFIG:Debug>:DEBUG>) holds nothing every build has
	reCMakeGenex  = regexp.MustCompile(`\$<[^>]*>+`)
	reCMakeVarRef = regexp.MustCompile(`^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$`)
	reCproj       = regexp.MustCompile(`(?s)<option[^>]*valueType="(includePath|definedSymbols)"[^>]*>(.*?)</option>`)
	reListVal     = regexp.MustCompile(`<listOptionValue[^>]*value="([^"]*)"`)
	reIocUser     = regexp.MustCompile(`(?m)^Mcu\.UserName=(\S+)`)
	reIocMcu      = regexp.MustCompile(`(?m)^Mcu\.Name=(\S+)`)
	reStartup     = regexp.MustCompile(`(?i)^startup_((?:stm32|gd32)[a-z0-9]+)\.s$`)
	reMcuDef      = regexp.MustCompile(`^((?:STM32|GD32)[A-Z][0-9A-Z]+)(?:xx|XX)?$`)
)

// DetectProject reads a project's build files for what the audit needs.
func DetectProject(root string) (*Project, error) {
	st, err := os.Stat(root)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("%s is not a directory", root)
	}
	root, _ = filepath.Abs(root)
	p := &Project{Root: root, Kind: "generic"}
	incs, defs := newOrdered(), newOrdered()
	addInc := func(base, d string) {
		d = strings.Trim(d, `"'`)
		d = strings.NewReplacer("${CMAKE_CURRENT_SOURCE_DIR}", base, "${CMAKE_SOURCE_DIR}", root, "${PROJECT_SOURCE_DIR}", root, "$(PROJECT_DIR)", root).Replace(d)
		if strings.Contains(d, "$") {
			return
		}
		if !filepath.IsAbs(d) {
			d = filepath.Join(base, d)
		}
		if st, err := os.Stat(d); err == nil && st.IsDir() {
			incs.add(filepath.Clean(d))
		}
	}
	read := func(rel string) string {
		b, err := fsutil.ReadText(filepath.Join(root, rel), fsutil.MaxInput)
		if err != nil {
			return ""
		}
		p.From = append(p.From, rel)
		return string(b)
	}
	// compile_commands.json (CMake, Bear, Vitis' CMake flow)
	for _, rel := range []string{"compile_commands.json", "build/compile_commands.json", "Debug/compile_commands.json"} {
		s := read(rel)
		if s == "" {
			continue
		}
		var cmds []struct {
			Directory string   `json:"directory"`
			Command   string   `json:"command"`
			Arguments []string `json:"arguments"`
		}
		if err := json.Unmarshal([]byte(s), &cmds); err != nil {
			return nil, fmt.Errorf("%s: %v", filepath.Join(root, rel), err)
		}
		for _, c := range cmds {
			line := c.Command
			if len(c.Arguments) > 0 {
				line = strings.Join(c.Arguments, " ")
			}
			for _, m := range reMkI.FindAllStringSubmatch(line, -1) {
				addInc(c.Directory, m[2])
			}
			for _, m := range reMkD.FindAllStringSubmatch(line, -1) {
				defs.add(m[1])
			}
		}
		p.Kind = "compile_commands"
		break
	}
	// Makefile (CubeMX Makefile projects, GD32 demos)
	if s := read("Makefile"); s != "" {
		s = strings.ReplaceAll(s, "\\\n", " ")
		for _, m := range reMkI.FindAllStringSubmatch(s, -1) {
			addInc(root, m[2])
		}
		for _, m := range reMkD.FindAllStringSubmatch(s, -1) {
			defs.add(m[1])
		}
		if m := reMkLd.FindStringSubmatch(s); m != nil {
			p.LinkerScript = filepath.Join(root, m[1])
		}
	}
	// CMake (CubeMX CMake projects)
	for _, rel := range []string{"CMakeLists.txt", "cmake/stm32cubemx/CMakeLists.txt"} {
		s := reCMakeRem.ReplaceAllString(read(rel), "")
		base := filepath.Dir(filepath.Join(root, rel))
		// set(VAR items...) lists, which CubeMX's CMake toolchain (>= 6.11) uses:
		// target_include_directories(stm32cubemx INTERFACE ${MX_Include_Dirs})
		vars := map[string][]string{}
		for _, m := range reCMakeSet.FindAllStringSubmatch(s, -1) {
			vars[m[1]] = strings.Fields(reCMakeGenex.ReplaceAllString(m[2], ""))
		}
		// target_*(TARGET [PUBLIC|PRIVATE|INTERFACE] items...): the first word is the target
		args := func(m []string) []string {
			f := strings.Fields(m[2])
			if strings.HasPrefix(m[1], "target_") && len(f) > 0 {
				f = f[1:]
			}
			var out []string
			for _, w := range f {
				if v := reCMakeVarRef.FindStringSubmatch(w); v != nil && vars[v[1]] != nil {
					out = append(out, vars[v[1]]...)
				} else {
					out = append(out, w)
				}
			}
			return out
		}
		for _, m := range reCMakeInc.FindAllStringSubmatch(s, -1) {
			for _, f := range args(m) {
				if f != "PUBLIC" && f != "PRIVATE" && f != "INTERFACE" && !strings.HasPrefix(f, "${CMAKE_PROJECT_NAME}") && !strings.HasPrefix(f, "$<") {
					addInc(base, f)
				}
			}
		}
		for _, m := range reCMakeDef.FindAllStringSubmatch(s, -1) {
			for _, f := range args(m) {
				f = strings.TrimPrefix(f, "-D")
				if isIdentName(strings.SplitN(f, "=", 2)[0]) && f != "PUBLIC" && f != "PRIVATE" && f != "INTERFACE" {
					defs.add(f)
				}
			}
		}
	}
	// STM32CubeIDE .cproject (paths relative to the build folder, Debug/)
	if s := read(".cproject"); s != "" {
		for _, m := range reCproj.FindAllStringSubmatch(s, -1) {
			for _, v := range reListVal.FindAllStringSubmatch(m[2], -1) {
				if m[1] == "includePath" {
					addInc(filepath.Join(root, "Debug"), v[1])
				} else if name, _, _ := strings.Cut(v[1], "="); isIdentName(name) {
					defs.add(v[1])
				}
			}
		}
	}
	// Keil MDK-ARM and IAR EWARM projects (CubeMX generates both): the
	// compiler's defines and include paths, used when no build file above
	// gave any (a project kept only for Keil or IAR names its device
	// define there, without which the HAL headers #error)
	if len(incs.list) == 0 && len(defs.list) == 0 {
		for _, pat := range []string{"MDK-ARM/*.uvprojx", "*.uvprojx", "EWARM/*.ewp", "*.ewp"} {
			m, _ := filepath.Glob(filepath.Join(root, pat))
			sort.Strings(m)
			if len(m) == 0 {
				continue
			}
			rel, _ := filepath.Rel(root, m[0])
			base := filepath.Dir(m[0])
			i, d := ideProject(read(rel), base)
			p.Compiler = map[bool]string{true: "keil", false: "iar"}[strings.HasSuffix(rel, ".uvprojx")]
			for _, x := range i {
				addInc(base, x)
			}
			for _, x := range d {
				defs.add(x)
			}
			break
		}
	}
	// walk: lwipopts.h, linker scripts, .ioc, startup files, rtconfig.h
	var opts, lds []string
	hdrDirs := newOrdered()
	filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		name := d.Name()
		if d.IsDir() {
			if path != root && (strings.HasPrefix(name, ".") || name == "build" || name == "contrib" || name == "test" || name == "doc" || name == ".lwipgen") {
				return filepath.SkipDir
			}
			return nil
		}
		switch {
		case name == "lwipopts.h":
			opts = append(opts, path)
		case strings.HasSuffix(name, ".ld") && !strings.Contains(rel, "lwipgen"):
			lds = append(lds, path)
		case strings.HasSuffix(name, ".ioc"):
			ioc := read(rel)
			if m := reIocUser.FindStringSubmatch(ioc); m != nil {
				p.MCU, p.Kind = m[1], "cubemx"
			} else if m := reIocMcu.FindStringSubmatch(ioc); m != nil {
				p.MCU, p.Kind = m[1], "cubemx"
			}
		case name == "rtconfig.h":
			p.Kind = "rtthread"
		case name == "system.mss" || name == "bsp.yaml":
			p.Kind = "vitis"
		}
		if m := reStartup.FindStringSubmatch(name); m != nil && p.MCU == "" {
			p.MCU = strings.ToUpper(m[1])
		}
		if strings.HasSuffix(name, ".h") {
			hdrDirs.add(filepath.Dir(path))
		}
		return nil
	})
	if p.Kind == "generic" && strings.Contains(strings.Join(defs.list, " "), "GD32") {
		p.Kind = "gd32"
	}
	if p.MCU == "" {
		for _, d := range defs.list {
			if m := reMcuDef.FindStringSubmatch(d); m != nil {
				p.MCU = m[1]
			}
		}
	}
	if len(incs.list) == 0 { // no build files: every folder that holds headers
		for _, d := range hdrDirs.list {
			incs.add(d)
		}
	}
	p.IncludeDirs, p.Defines = incs.list, defs.list
	p.Lwipopts = pickLwipopts(opts, p.IncludeDirs)
	if p.Lwipopts == "" {
		return nil, fmt.Errorf("%s: no lwipopts.h found", root)
	}
	if p.LinkerScript == "" {
		// the script the build links with: STM32CubeIDE's .cproject names it per
		// build configuration (the first is the one CubeMX generates, Debug),
		// CubeMX's CMake toolchain file passes it with -T
		p.LinkerScript = buildLinkerScript(root, read)
	}
	if p.LinkerScript == "" && len(lds) > 0 {
		sort.SliceStable(lds, func(i, j int) bool { return strings.Contains(lds[i], "FLASH") && !strings.Contains(lds[j], "FLASH") })
		p.LinkerScript = lds[0]
	}
	if t, err := lwipsrc.Resolve("", root); err == nil {
		p.LwipDir, p.LwipVersion = t.Dir, t.Version
	}
	p.Chip = chipForMCU(p.MCU)
	return p, nil
}

func pickLwipopts(cands, incs []string) string {
	in := map[string]bool{}
	for _, d := range incs {
		in[d] = true
	}
	sort.Strings(cands)
	for _, c := range cands {
		if in[filepath.Dir(c)] {
			return c
		}
	}
	if len(cands) > 0 {
		return cands[0]
	}
	return ""
}

// mcuChips maps MCU part-number prefixes to lwipgen's chip files; the
// closest chip of the family stands for parts without one of their own.
// Flows register their vendors' parts (RegisterMCUChip).
var (
	reUvCads   = regexp.MustCompile(`(?s)<Cads>.*?</Cads>`)
	reUvDefine = regexp.MustCompile(`(?s)<Define>(.*?)</Define>`)
	reUvInc    = regexp.MustCompile(`(?s)<IncludePath>(.*?)</IncludePath>`)
	reEwOpt    = regexp.MustCompile(`(?s)<name>(CCDefines|CCIncludePath2)</name>(.*?)</option>`)
	reEwState  = regexp.MustCompile(`<state>([^<]*)</state>`)
)

// ideProject reads the C compiler's defines and include paths of a Keil
// .uvprojx (<Cads>: comma-separated <Define>, semicolon-separated
// <IncludePath>, relative to the project file) or an IAR .ewp (CCDefines,
// CCIncludePath2 with $PROJ_DIR$); base is the project file's folder.
func ideProject(s, base string) (incs, defs []string) {
	if cads := reUvCads.FindString(s); cads != "" {
		if m := reUvDefine.FindStringSubmatch(cads); m != nil {
			for _, d := range strings.FieldsFunc(m[1], func(r rune) bool { return r == ',' || r == ' ' }) {
				if name, _, _ := strings.Cut(d, "="); isIdentName(name) {
					defs = append(defs, d)
				}
			}
		}
		if m := reUvInc.FindStringSubmatch(cads); m != nil {
			for _, d := range strings.Split(m[1], ";") {
				if d = strings.TrimSpace(strings.ReplaceAll(d, `\`, "/")); d != "" {
					incs = append(incs, d)
				}
			}
		}
		return incs, defs
	}
	seen := map[string]bool{}
	for _, m := range reEwOpt.FindAllStringSubmatch(s, -1) {
		for _, v := range reEwState.FindAllStringSubmatch(m[2], -1) {
			x := strings.TrimSpace(v[1])
			if x == "" || seen[m[1]+x] {
				continue
			}
			seen[m[1]+x] = true // .ewp repeats its options per build configuration
			if m[1] == "CCDefines" {
				if name, _, _ := strings.Cut(x, "="); isIdentName(name) {
					defs = append(defs, x)
				}
			} else {
				x = strings.ReplaceAll(strings.ReplaceAll(x, `\`, "/"), "$PROJ_DIR$", base)
				incs = append(incs, x)
			}
		}
	}
	return incs, defs
}

var mcuChips = map[string]string{}

// RegisterMCUChip says which chip file stands for MCUs whose part number
// starts with prefix (e.g. "STM32H7" -> "stm32h743zi").
func RegisterMCUChip(prefix, chip string) {
	glueMu.Lock()
	defer glueMu.Unlock()
	mcuChips[strings.ToUpper(prefix)] = chip
}

func chipForMCU(mcu string) string {
	// the chip file of the part itself, as import maps it (board.Chips.ForMCU):
	// an STM32F429 is stm32f429zi, not the F4 family's stand-in
	if chips, d := (board.Source{}).Chips(); !d.HasErrors() {
		if c := chips.ForMCU(mcu); c != "" {
			return c
		}
	}
	glueMu.RLock()
	defer glueMu.RUnlock()
	u, best, chip := strings.ToUpper(mcu), "", ""
	for p, c := range mcuChips {
		if strings.HasPrefix(u, p) && len(p) > len(best) {
			best, chip = p, c
		}
	}
	return chip
}

type ordered struct {
	list []string
	seen map[string]bool
}

func newOrdered() *ordered { return &ordered{seen: map[string]bool{}} }

func (o *ordered) add(s string) {
	if !o.seen[s] {
		o.seen[s] = true
		o.list = append(o.list, s)
	}
}

var (
	reCprojScript = regexp.MustCompile(`superClass="[^"]*linker\.option\.script"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*superClass="[^"]*linker\.option\.script"`)
	reCMakeScript = regexp.MustCompile(`-T\s*\\?"?([^\s"\\)]+\.ld)`)
)

// buildLinkerScript is the linker script the project's build files name
// ("" = none): the first build configuration of a .cproject, else a -T of
// the CMake files.
func buildLinkerScript(root string, read func(string) string) string {
	if m := reCprojScript.FindStringSubmatch(read(".cproject")); m != nil {
		v := m[1] + m[2]
		v = regexp.MustCompile(`^\$\{workspace_loc:/\$\{ProjName\}/(.*)\}$`).ReplaceAllString(v, "$1")
		v = strings.NewReplacer("${ProjDirPath}/", "", "${ProjDirPath}", "").Replace(v)
		if !strings.Contains(v, "$") {
			p := v
			if !filepath.IsAbs(p) {
				p = filepath.Join(root, p)
			}
			if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
				return p
			}
		}
	}
	for _, rel := range []string{"cmake/gcc-arm-none-eabi.cmake", "CMakeLists.txt"} {
		if m := reCMakeScript.FindStringSubmatch(read(rel)); m != nil {
			v := strings.NewReplacer("${CMAKE_SOURCE_DIR}/", "", "${PROJECT_SOURCE_DIR}/", "", "${CMAKE_CURRENT_SOURCE_DIR}/", "").Replace(m[1])
			if p := filepath.Join(root, v); !strings.Contains(v, "$") {
				if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
					return p
				}
			}
		}
	}
	return ""
}
