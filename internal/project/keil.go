package project

import (
	"context"
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/lwipgen/lwipgen/internal/fsutil"
)

// The Keil MDK reader (.uvprojx, uVision 5; .uvproj, uVision 4: the same
// schema). lwipgen does not drive armcc/armclang: it reads the target's C
// compiler settings (<Cads>: defines, undefines, include paths, misc
// controls), its device and core, the C and C++ files of its groups with
// Keil's per-group and per-file exclusions (<IncludeInBuild>0) and
// settings, and the scatter file as the link script, into units that carry
// what gcc needs to parse the same code. The shape follows
// STMicroelectronics/STM32CubeF4@3d6be4b
// Projects/STM32F429ZI-Nucleo/Applications/LwIP/LwIP_HTTP_Server_Netconn_RTOS/MDK-ARM/Project.uvprojx
// and CubeMX's MDK-ARM/*.uvprojx.

func init() {
	registerReader(Reader{System: SysKeil, Present: keilPresent, Read: readKeil})
}

func keilPresent(root string) string {
	return firstGlob(root, "MDK-ARM/*.uvprojx", "*.uvprojx", "MDK-ARM/*.uvproj", "*.uvproj")
}

// firstGlob is the first file (sorted) matching the first pattern that
// matches any, project-relative with slashes.
func firstGlob(root string, patterns ...string) string {
	for _, pat := range patterns {
		m, _ := filepath.Glob(filepath.Join(root, filepath.FromSlash(pat)))
		sort.Strings(m)
		for _, f := range m {
			if fi, err := os.Stat(f); err == nil && fi.Mode().IsRegular() {
				return relOrAbs(root, f)
			}
		}
	}
	return ""
}

type uvControls struct {
	Misc     string `xml:"MiscControls"`
	Define   string `xml:"Define"`
	Undefine string `xml:"Undefine"`
	Include  string `xml:"IncludePath"`
}

type uvFile struct {
	Line    xmlLine
	Name    string     `xml:"FileName"`
	Type    string     `xml:"FileType"`
	Path    string     `xml:"FilePath"`
	InBuild string     `xml:"FileOption>CommonProperty>IncludeInBuild"`
	Cads    uvControls `xml:"FileOption>FileArmAds>Cads>VariousControls"`
}

func (f *uvFile) UnmarshalXML(d *xml.Decoder, start xml.StartElement) error {
	type plain uvFile
	f.Line = startLine(d)
	return d.DecodeElement((*plain)(f), &start)
}

type uvGroup struct {
	Name    string     `xml:"GroupName"`
	InBuild string     `xml:"GroupOption>CommonProperty>IncludeInBuild"`
	Cads    uvControls `xml:"GroupOption>GroupArmAds>Cads>VariousControls"`
	Files   []uvFile   `xml:"Files>File"`
}

type uvTarget struct {
	Line      xmlLine
	Name      string     `xml:"TargetName"`
	PCCUsed   string     `xml:"pCCUsed"`
	AC6       string     `xml:"uAC6"`
	Device    string     `xml:"TargetOption>TargetCommonOption>Device"`
	CPU       string     `xml:"TargetOption>TargetCommonOption>Cpu"`
	OutDir    string     `xml:"TargetOption>TargetCommonOption>OutputDirectory"`
	OutName   string     `xml:"TargetOption>TargetCommonOption>OutputName"`
	VP        string     `xml:"TargetOption>TargetArmAds>ArmAdsMisc>RvdsVP"`
	C99       string     `xml:"TargetOption>TargetArmAds>Cads>uC99"`
	V6Lang    string     `xml:"TargetOption>TargetArmAds>Cads>v6Lang"`
	Cads      uvControls `xml:"TargetOption>TargetArmAds>Cads>VariousControls"`
	UseLayout string     `xml:"TargetOption>TargetArmAds>LDads>umfTarg"`
	Scatter   string     `xml:"TargetOption>TargetArmAds>LDads>ScatterFile"`
	Libs      string     `xml:"TargetOption>TargetArmAds>LDads>IncludeLibs"`
	LibPath   string     `xml:"TargetOption>TargetArmAds>LDads>IncludeLibsPath"`
	Groups    []uvGroup  `xml:"Groups>Group"`
}

func (t *uvTarget) UnmarshalXML(d *xml.Decoder, start xml.StartElement) error {
	type plain uvTarget
	t.Line = startLine(d)
	return d.DecodeElement((*plain)(t), &start)
}

type uvProject struct {
	XMLName xml.Name
	Schema  string     `xml:"SchemaVersion"`
	Header  string     `xml:"Header"`
	Targets []uvTarget `xml:"Targets>Target"`
}

func readKeil(ctx context.Context, root, file string, o Options) (*Build, error) {
	data, err := fsutil.ReadText(filepath.Join(root, filepath.FromSlash(file)), fsutil.MaxInput)
	if err != nil {
		return nil, err
	}
	return parseKeil(file, data, root, o.Config)
}

// parseKeil reads a Keil project's text; file is its project-relative path.
func parseKeil(file string, data []byte, root, config string) (*Build, error) {
	var p uvProject
	if err := decodeXML(file, data, &p); err != nil {
		return nil, err
	}
	if p.XMLName.Local != "Project" || len(p.Targets) == 0 {
		return nil, fmt.Errorf("%s: not a Keil uVision project (no <Project><Targets><Target>)", file)
	}
	t := &p.Targets[0]
	if config != "" {
		t = nil
		var names []string
		for i := range p.Targets {
			names = append(names, p.Targets[i].Name)
			if p.Targets[i].Name == config {
				t = &p.Targets[i]
			}
		}
		if t == nil {
			return nil, fmt.Errorf("%s: no target %q; the project has %q", file, config, names)
		}
	}
	base := filepath.Dir(filepath.Join(root, filepath.FromSlash(file)))
	b := &Build{System: SysKeil, File: file, Config: t.Name, Device: strings.TrimSpace(t.Device)}
	if b.Device != "" {
		b.DeviceFrom = &Pos{File: file, Line: lineAfter(data, int(t.Line), "<Device>")}
	}
	b.Tool = "Keil uVision"
	if p.Schema != "" {
		b.Tool += " (project schema " + strings.TrimSpace(p.Schema) + ")"
	}
	compiler, desc := keilCompiler(t)
	b.Notes = append(b.Notes, "the project compiles with "+desc+"; lwipgen reads it but does not drive that compiler: the units carry the definitions, include paths and core gcc needs to parse the same code")
	target := keilTarget(t)
	var skipped, asm int
	windows := map[string]bool{} // distinct paths on a Windows drive
	for _, g := range t.Groups {
		for _, f := range g.Files {
			switch {
			case f.InBuild == "0", f.InBuild != "1" && g.InBuild == "0":
				continue // excluded from the target's build
			}
			lang := keilLang(f)
			if lang == LangASM {
				asm++
				continue
			}
			if lang == "" {
				continue
			}
			src, ok := winPath(f.Path)
			if !ok {
				windows[src] = true
				continue
			}
			argv := append([]string{compiler}, target...)
			if std := keilStd(t); std != "" {
				argv = append(argv, "-std="+std)
			}
			for _, c := range []uvControls{t.Cads, g.Cads, f.Cads} {
				argv = keilControls(argv, c, base, windows)
			}
			argv = append(argv, "-c", abs(base, src))
			u := ParseCompile(argv, base, root)
			if u == nil {
				skipped++
				continue
			}
			u.Lang = lang
			u.From = Pos{File: file, Line: int(f.Line)}
			b.Units = append(b.Units, *u)
		}
	}
	if asm > 0 {
		b.Notes = append(b.Notes, pluralf(asm, "%d assembler source is in armasm syntax, which gcc does not read: left out of the units", "%d assembler sources are in armasm syntax, which gcc does not read: left out of the units"))
	}
	if len(windows) > 0 {
		b.Notes = append(b.Notes, pluralf(len(windows), "%d path names a Windows drive (C:\\...): left out", "%d paths name a Windows drive (C:\\...): left out"))
	}
	b.Link = keilLink(t, base, file)
	if t.UseLayout == "1" {
		b.Notes = append(b.Notes, "the target links with the memory layout of its Target dialog: uVision writes the scatter file "+relOrAbs(root, b.Link.Scripts[0])+" when it builds")
	} else {
		checkLink(b, root)
	}
	return b, nil
}

var cpuTypeRe = regexp.MustCompile(`CPUTYPE\("([^"]+)"\)`)

// keilTarget is gcc's target flags for the target's core: CPUTYPE of its
// <Cpu> and, when the target uses the FPU (<RvdsVP> 2 single, 3 double
// precision), the FPU the core has and the hard-float ABI armcc uses then.
func keilTarget(t *uvTarget) []string {
	m := cpuTypeRe.FindStringSubmatch(t.CPU)
	if m == nil {
		return nil
	}
	cpu := strings.ToLower(m[1])
	cpu = strings.ReplaceAll(cpu, "+", "plus")
	out := []string{"-mcpu=" + cpu, "-mthumb"}
	if t.VP != "2" && t.VP != "3" {
		return out
	}
	fpu := ""
	switch {
	case cpu == "cortex-m4":
		fpu = "fpv4-sp-d16"
	case cpu == "cortex-m7" && t.VP == "3":
		fpu = "fpv5-d16"
	case cpu == "cortex-m7", cpu == "cortex-m33", cpu == "cortex-m35p":
		fpu = "fpv5-sp-d16"
	}
	if fpu != "" {
		out = append(out, "-mfpu="+fpu, "-mfloat-abi=hard")
	}
	return out
}

// keilStd is the C dialect: armclang's <v6Lang> (1 c90 ... 6 gnu11),
// armcc's <uC99>.
func keilStd(t *uvTarget) string {
	if t.AC6 == "1" {
		return map[string]string{"1": "c90", "2": "gnu90", "3": "c99", "4": "gnu99", "5": "c11", "6": "gnu11"}[t.V6Lang]
	}
	if t.C99 == "1" {
		return "c99"
	}
	return ""
}

// keilCompiler names the target's compiler, and describes it for the notes.
func keilCompiler(t *uvTarget) (string, string) {
	desc := ""
	if parts := strings.Split(t.PCCUsed, "::"); len(parts) == 3 {
		desc = " (" + strings.TrimPrefix(parts[2], `.\`) + " " + parts[1] + ")"
	}
	if t.AC6 == "1" || strings.Contains(strings.ToUpper(t.PCCUsed), "ARMCLANG") {
		return "armclang", "armclang" + desc
	}
	return "armcc", "armcc" + desc
}

// keilLang is a file's language by its <FileType> (1 C, 8 C++, 2
// assembler), else its extension.
func keilLang(f uvFile) Lang {
	switch strings.TrimSpace(f.Type) {
	case "1":
		return LangC
	case "8":
		return LangCXX
	case "2":
		return LangASM
	case "":
		return langOfFile(strings.ReplaceAll(f.Path, `\`, "/"))
	}
	return ""
}

var keilListSep = func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == '\r' }

// keilControls appends one <VariousControls>' definitions (comma or
// space separated), undefinitions, include paths (semicolon separated,
// relative to the project file) and the gcc-meaningful misc controls
// (-D, -U, -I, --preinclude / -include) to argv; it records the paths on a
// Windows drive it leaves out in windows.
func keilControls(argv []string, c uvControls, base string, windows map[string]bool) []string {
	for _, d := range strings.FieldsFunc(c.Define, keilListSep) {
		argv = append(argv, "-D"+d)
	}
	for _, d := range strings.FieldsFunc(c.Undefine, keilListSep) {
		argv = append(argv, "-U"+d)
	}
	for _, inc := range strings.Split(c.Include, ";") {
		if strings.TrimSpace(inc) == "" || strings.Contains(inc, "$") {
			continue
		}
		p, ok := winPath(inc)
		if !ok {
			windows[p] = true
			continue
		}
		argv = append(argv, "-I"+abs(base, p))
	}
	misc, _ := SplitCommand(strings.ReplaceAll(c.Misc, `\`, "/"))
	for i := 0; i < len(misc); i++ {
		a := misc[i]
		switch {
		case strings.HasPrefix(a, "--preinclude="):
			argv = append(argv, "-include", abs(base, filepath.FromSlash(strings.TrimPrefix(a, "--preinclude="))))
		case (a == "--preinclude" || a == "-include") && i+1 < len(misc):
			i++
			argv = append(argv, "-include", abs(base, filepath.FromSlash(misc[i])))
		case strings.HasPrefix(a, "-D") || strings.HasPrefix(a, "-U"):
			argv = append(argv, a)
		case strings.HasPrefix(a, "-I") && len(a) > 2:
			argv = append(argv, "-I"+abs(base, filepath.FromSlash(a[2:])))
		}
	}
	return argv
}

// keilLink is the target's link: its scatter file (the one uVision writes
// into the output directory when the target uses its dialog's memory
// layout), libraries and output (.axf).
func keilLink(t *uvTarget, base, file string) *Link {
	out, _ := winPath(t.OutDir)
	outDir := abs(base, out)
	l := &Link{Output: filepath.Join(outDir, strings.TrimSpace(t.OutName)+".axf"), From: Pos{File: file, Line: int(t.Line)}}
	if t.UseLayout == "1" || strings.TrimSpace(t.Scatter) == "" {
		l.Scripts = []string{filepath.Join(outDir, strings.TrimSpace(t.OutName)+".sct")}
	} else if p, ok := winPath(t.Scatter); ok {
		l.Scripts = []string{abs(base, p)}
	}
	for _, lib := range strings.FieldsFunc(t.Libs, func(r rune) bool { return r == ';' || r == ' ' }) {
		if p, ok := winPath(lib); ok {
			l.Libs = append(l.Libs, abs(base, p))
		}
	}
	for _, d := range strings.Split(t.LibPath, ";") {
		if p, ok := winPath(d); ok && strings.TrimSpace(d) != "" {
			l.LibDirs = append(l.LibDirs, abs(base, p))
		}
	}
	return l
}

// lineAfter is the line of the first text at or after line from (1-based)
// in data: where a value the XML decoder read under an element was
// written; from itself when the text is not found.
func lineAfter(data []byte, from int, text string) int {
	lines := strings.Split(string(data), "\n")
	for i := max(from-1, 0); i < len(lines); i++ {
		if strings.Contains(lines[i], text) {
			return i + 1
		}
	}
	return from
}
