package vendorkit

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/project"
)

// editBuild adds lwipgen's sources, include and library folder and the
// plan's compile definitions to the project's build.
func editBuild(w *workspace, p *Project, g *flow.Generated, defines []string) {
	srcs := append([]string{}, w.ownSrc...)
	sort.Strings(srcs)
	switch p.Model.Build.System {
	case project.SysCDT:
		editCProject(w, p, srcs, defines)
	case project.SysCMake:
		editCMake(w, p, srcs, defines)
	default:
		editMakefile(w, p, srcs, defines)
	}
}

var allRuleRe = regexp.MustCompile(`(?m)^all[ \t]*:`)

// makeVar is the first of names the Makefile text assigns (NAME =, +=, :=,
// ?=), else the last name: CubeMX's generated Makefile has C_SOURCES,
// C_DEFS, C_INCLUDES and LIBDIR; hand-written ones (the GD32F450 FreeRTOS
// project lang-zou/GD32F450-EtherNet--100M-Mii-RMii-LwIP-UDP--FreeRTOS-ArmGcc-OpenOCD)
// use C_SRCS, INC and LDFLAGS, and an addition to a name the rules never read
// is lost.
var ownBlockRe = regexp.MustCompile(`(?s)# lwipgen BEGIN build.*?# lwipgen END build`)

func makeVar(text string, names ...string) string {
	for _, n := range names[:len(names)-1] {
		if regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(n) + `\s*[+:?]?=`).MatchString(text) {
			return n
		}
	}
	return names[len(names)-1]
}

// makeVars are the Makefile's variables for sources, definitions, include
// paths and library paths.
func makeVars(text string) (src, def, inc, lib string) {
	return makeVar(text, "C_SOURCES", "C_SRCS", "SRCS", "SOURCES", "C_SOURCES"), makeVar(text, "C_DEFS", "DEFS", "DEFINES", "CFLAGS", "C_DEFS"),
		makeVar(text, "C_INCLUDES", "INC", "INCLUDES", "INCS", "CFLAGS", "C_INCLUDES"), makeVar(text, "LIBDIR", "LDFLAGS", "LIBDIR")
}

func editMakefile(w *workspace, p *Project, srcs, defines []string) {
	mk, _ := w.read(p.Makefile)
	// the names come from the project's own lines, not from lwipgen's block of an earlier run
	text := ownBlockRe.ReplaceAllString(string(mk), "")
	srcVar, defVar, incVar, libVar := makeVars(text)
	var b strings.Builder
	fmt.Fprintf(&b, "# lwipgen's own sources and folder (%s), and the compile definitions its plan needs in every file\n", p.OwnDir)
	if len(srcs) > 0 {
		b.WriteString(srcVar + " += \\\n")
		for i, s := range srcs {
			b.WriteString(s)
			if i < len(srcs)-1 {
				b.WriteString(" \\")
			}
			b.WriteString("\n")
		}
	}
	if len(defines) > 0 {
		b.WriteString(defVar + " +=")
		for _, d := range defines {
			b.WriteString(" -D" + d)
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "%s += -I%s\n", incVar, p.OwnDir)
	b.WriteString("# lwip_sections.ld collects lwIP's arrays by their own input sections\nCFLAGS += -fdata-sections\n")
	fmt.Fprintf(&b, "# INCLUDE lwip_sections.ld in the linker script is found here\n%s += -L%s\n", libVar, p.OwnDir)
	w.block(p.Makefile, hashStyle, "build", "", b.String(), insertAt(func(t string) (int, error) {
		// before the first rule: vpath and the object list expand C_SOURCES right there
		if loc := allRuleRe.FindStringIndex(t); loc != nil {
			return loc[0], nil
		}
		if !strings.HasSuffix(t, "\n") {
			return 0, fmt.Errorf("no `all:` rule and no final newline")
		}
		return len(t), nil
	}))
}

func editCMake(w *workspace, p *Project, srcs, defines []string) {
	rel := p.CMakeLists
	// the executable the project model read (a tree of many examples,
	// BestSens/gd32-cmake-example@59a0a62: the top project names no
	// target, and a block for ${CMAKE_PROJECT_NAME} broke the configure)
	target := "${CMAKE_PROJECT_NAME}"
	if m := p.Model; m != nil && m.Build != nil && m.Build.Executable != "" {
		target = m.Build.Executable
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# lwipgen's own sources and folder (%s), and the compile definitions its plan needs in every file\n", p.OwnDir)
	if len(srcs) > 0 {
		b.WriteString("target_sources(${CMAKE_PROJECT_NAME} PRIVATE\n")
		for _, s := range srcs {
			fmt.Fprintf(&b, "    ${CMAKE_SOURCE_DIR}/%s\n", s)
		}
		b.WriteString(")\n")
	}
	fmt.Fprintf(&b, "target_include_directories(${CMAKE_PROJECT_NAME} PRIVATE ${CMAKE_SOURCE_DIR}/%s)\n", p.OwnDir)
	if len(defines) > 0 {
		d := strings.Join(defines, " ")
		// CubeMX's cmake/stm32cubemx target carries its definitions to the HAL and middleware objects
		fmt.Fprintf(&b, "if(TARGET stm32cubemx)\n    target_compile_definitions(stm32cubemx INTERFACE %s)\nelse()\n    add_compile_definitions(%s)\n    target_compile_definitions(${CMAKE_PROJECT_NAME} PRIVATE %s)\nendif()\n", d, d, d)
	}
	fmt.Fprintf(&b, "target_compile_options(${CMAKE_PROJECT_NAME} PRIVATE -fdata-sections)\n")
	fmt.Fprintf(&b, "# INCLUDE lwip_sections.ld in the linker script is found here\ntarget_link_directories(${CMAKE_PROJECT_NAME} PRIVATE ${CMAKE_SOURCE_DIR}/%s)\n", p.OwnDir)
	text := strings.ReplaceAll(b.String(), "${CMAKE_PROJECT_NAME}", target)
	w.block(rel, hashStyle, "build", "", text, insertAt(func(t string) (int, error) {
		if !strings.HasSuffix(t, "\n") {
			return 0, fmt.Errorf("no final newline")
		}
		return len(t), nil
	}))
}

// .cproject (an Eclipse CDT managed build: STM32CubeIDE, GNU MCU Eclipse):
// lwipgen adds list entries to the C compiler's defined symbols and include
// paths and the C linker's library paths of every configuration, found by
// CDT's value types (definedSymbols, includePath, libPaths) in options of the
// C compiler and C linker tools, whatever the IDE names them
// (com.st...tool.c.compiler.option.includepaths,
// ilg.gnuarmeclipse.managedbuild.cross.option.c.compiler.include.paths).
// Its sources need a source folder: CubeMX's LWIP folder is one; a project
// whose source entries do not cover lwipgen's folder gets an entry for it.
var (
	optionRe    = regexp.MustCompile(`(?s)<option\b[^>]*?superClass="([^"]+)"[^>]*?(/>|>.*?</option>)`)
	valueTypeRe = regexp.MustCompile(`\bvalueType="([^"]+)"`)
	entryNameRe = regexp.MustCompile(`<entry\b[^>]*\bkind="sourcePath"[^>]*\bname="([^"]*)"`)
	sourcesEnd  = regexp.MustCompile(`\n([ \t]*)</sourceEntries>`)
)

// cprojectRole is what lwipgen adds to an option: its tool and value type.
func cprojectRole(superClass, opt string) string {
	vt := ""
	if m := valueTypeRe.FindStringSubmatch(opt); m != nil {
		vt = m[1]
	}
	switch {
	case strings.Contains(superClass, "c.compiler.") && !strings.Contains(superClass, "cpp.compiler.") && vt == "definedSymbols":
		return "defines"
	case strings.Contains(superClass, "c.compiler.") && !strings.Contains(superClass, "cpp.compiler.") && vt == "includePath":
		return "includes"
	case strings.Contains(superClass, "c.linker.") && !strings.Contains(superClass, "cpp.linker.") && vt == "libPaths":
		return "libpaths"
	}
	return ""
}

func editCProject(w *workspace, p *Project, srcs, defines []string) {
	b, ok := w.read(p.CProject)
	if !ok {
		return
	}
	text := string(b)
	own := "../" + p.OwnDir
	want := map[string][]string{"defines": defines, "includes": {own}, "libpaths": {own}}
	found := map[string]int{}
	text = optionRe.ReplaceAllStringFunc(text, func(opt string) string {
		m := optionRe.FindStringSubmatch(opt)
		role := cprojectRole(m[1], opt)
		vals, ok := want[role]
		if !ok {
			return opt
		}
		found[role]++
		if strings.HasSuffix(opt, "/>") {
			opt = strings.TrimSuffix(opt, "/>") + "></option>"
		}
		for _, v := range vals {
			entry := fmt.Sprintf(`<listOptionValue builtIn="false" value="%s"/>`, xmlEscape(v))
			if strings.Contains(opt, entry) {
				continue
			}
			i := strings.LastIndex(opt, "</option>")
			opt = opt[:i] + entry + opt[i:]
		}
		return opt
	})
	// a C linker tool without a library-path option gets one after its
	// linker script option, named as its IDE names it
	for _, ids := range libPathOptions {
		scriptRe := regexp.MustCompile(`(?s)(<option\b[^>]*?superClass="([^"]*\.c\.linker\.)` + regexp.QuoteMeta(ids[0]) + `"[^>]*?(?:/>|>.*?</option>))`)
		text = scriptRe.ReplaceAllStringFunc(text, func(opt string) string {
			m := scriptRe.FindStringSubmatch(opt)
			rest := text[strings.Index(text, opt)+len(opt):]
			if next := strings.Index(rest, "</tool>"); next >= 0 && strings.Contains(rest[:next], `valueType="libPaths"`) {
				return opt
			}
			return opt + fmt.Sprintf(`<option IS_BUILTIN_EMPTY="false" IS_VALUE_EMPTY="false" id="%s%s.lwipgen" superClass="%s%s" valueType="libPaths"><listOptionValue builtIn="false" value="%s"/></option>`, m[2], ids[1], m[2], ids[1], xmlEscape(own))
		})
	}
	// A C linker tool written without options (`<tool ... superClass="...tool.c.linker"/>`: the
	// script comes from the configuration's "Defaults" string, as in
	// EgorFilatov/udp_server's .cproject) gets the library path as its one option.
	text = bareLinkerToolRe.ReplaceAllStringFunc(text, func(tool string) string {
		m := bareLinkerToolRe.FindStringSubmatch(tool)
		return strings.TrimSuffix(tool, "/>") + fmt.Sprintf(`><option IS_BUILTIN_EMPTY="false" IS_VALUE_EMPTY="false" id="%s.option.directories.lwipgen" superClass="%s.option.directories" valueType="libPaths"><listOptionValue builtIn="false" value="%s"/></option></tool>`, m[1], m[1], xmlEscape(own))
	})
	if len(defines) > 0 && found["defines"] == 0 {
		w.warnf("%s has no C compiler defined-symbols option: add %s to the C compiler's preprocessor settings (Project > Properties > C/C++ Build > Settings) yourself", p.CProject, strings.Join(defines, " "))
	}
	text = addSourceEntry(text, p.OwnDir)
	text = excludeState(text)
	w.next.Blocks[p.CProject+"#entries"] = sum([]byte(strings.Join(append(append([]string{}, defines...), own), "\n")))
	w.set(p.CProject, []byte(text))
}

// libPathOptions are the C linker's script option and its library-path
// option, per IDE (the part of the superClass after "...c.linker."):
// STM32CubeIDE's option.script/option.directories, GNU MCU Eclipse's
// scriptfile/paths.
var libPathOptions = [][2]string{{"option.script", "option.directories"}, {"scriptfile", "paths"}}

var wholeProjectEntryRe = regexp.MustCompile(`<entry\b([^>]*)\bkind="sourcePath"([^>]*)\bname=""([^>]*)/>`)

// excludeState keeps lwipgen's state folder (.lwipgen: the backup of the
// files it replaced, among them the project's old ethernetif.c) out of a
// source entry that covers the whole project (name="", as GNU MCU Eclipse
// projects have it): the IDE would compile the backup and link two drivers.
func excludeState(text string) string {
	return wholeProjectEntryRe.ReplaceAllStringFunc(text, func(e string) string {
		m := excludingAttrRe.FindStringSubmatch(e)
		if m == nil {
			return strings.Replace(e, "<entry ", `<entry excluding="`+StateDir+`" `, 1)
		}
		for _, x := range strings.Split(m[1], "|") {
			if strings.Trim(x, "/") == StateDir {
				return e
			}
		}
		list := StateDir
		if m[1] != "" {
			list = m[1] + "|" + StateDir
		}
		return strings.Replace(e, m[0], `excluding="`+list+`"`, 1)
	})
}

var excludingAttrRe = regexp.MustCompile(`excluding="([^"]*)"`)

// addSourceEntry makes dir a source folder of every configuration whose
// source entries do not cover it already (an entry named "" is the whole
// project; CubeMX's LWIP folder holds LWIP/lwipgen).
func addSourceEntry(text, dir string) string {
	covered := false
	for _, m := range entryNameRe.FindAllStringSubmatch(text, -1) {
		name := strings.Trim(m[1], "/")
		if name == "" || dir == name || strings.HasPrefix(dir, name+"/") {
			covered = true
		}
	}
	if covered || !strings.Contains(text, "</sourceEntries>") {
		return text
	}
	return sourcesEnd.ReplaceAllStringFunc(text, func(end string) string {
		m := sourcesEnd.FindStringSubmatch(end)
		return fmt.Sprintf("\n%s\t<entry flags=\"VALUE_WORKSPACE_PATH|RESOLVED\" kind=\"sourcePath\" name=\"%s\"/>%s", m[1], xmlEscape(dir), end)
	})
}

var bareLinkerToolRe = regexp.MustCompile(`<tool\b[^>]*?superClass="([^"]*\.tool\.c\.linker)"[^>]*?/>`)

func xmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
}
