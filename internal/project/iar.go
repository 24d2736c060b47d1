package project

import (
	"context"
	"encoding/xml"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/lwipgen/lwipgen/internal/fsutil"
)

// The IAR Embedded Workbench for Arm reader (.ewp). lwipgen does not drive
// iccarm: it reads the chosen configuration's compiler options (ICCARM
// CCDefines, CCIncludePath2 with $PROJ_DIR$, PreInclude), the device
// (General OGChipSelectEditMenu), the linker configuration (ILINK
// IlinkIcfFile) and output, and the C and C++ files of the project's
// groups with their per-configuration <excluded>, into units that carry
// what gcc needs to parse the same code. The shape follows
// STMicroelectronics/STM32CubeF4@3d6be4b
// Projects/STM32F429ZI-Nucleo/Applications/LwIP/LwIP_HTTP_Server_Netconn_RTOS/EWARM/Project.ewp
// (iso-8859-1, options repeated per configuration, nested groups) and
// CubeMX's EWARM/*.ewp.

func init() {
	registerReader(Reader{System: SysIAR, Present: iarPresent, Read: readIAR})
}

func iarPresent(root string) string {
	return firstGlob(root, "EWARM/*.ewp", "*.ewp")
}

type ewOption struct {
	Name   string   `xml:"name"`
	States []string `xml:"state"`
}

type ewSettings struct {
	Name    string     `xml:"name"`
	Options []ewOption `xml:"data>option"`
}

type ewConfig struct {
	Line     xmlLine
	Name     string       `xml:"name"`
	Settings []ewSettings `xml:"settings"`
}

func (c *ewConfig) UnmarshalXML(d *xml.Decoder, start xml.StartElement) error {
	type plain ewConfig
	c.Line = startLine(d)
	return d.DecodeElement((*plain)(c), &start)
}

type ewFile struct {
	Line     xmlLine
	Name     string   `xml:"name"`
	Excluded []string `xml:"excluded>configuration"`
}

func (f *ewFile) UnmarshalXML(d *xml.Decoder, start xml.StartElement) error {
	type plain ewFile
	f.Line = startLine(d)
	return d.DecodeElement((*plain)(f), &start)
}

type ewGroup struct {
	Name     string    `xml:"name"`
	Excluded []string  `xml:"excluded>configuration"`
	Groups   []ewGroup `xml:"group"`
	Files    []ewFile  `xml:"file"`
}

type ewProject struct {
	XMLName xml.Name
	Configs []ewConfig `xml:"configuration"`
	Groups  []ewGroup  `xml:"group"`
	Files   []ewFile   `xml:"file"`
}

// option is the states of option name in settings section (General,
// ICCARM, ILINK ...) of c; nil when absent.
func (c *ewConfig) option(section, name string) []string {
	for _, s := range c.Settings {
		if s.Name != section {
			continue
		}
		for _, o := range s.Options {
			if o.Name == name {
				return o.States
			}
		}
	}
	return nil
}

func (c *ewConfig) first(section, name string) string {
	if s := c.option(section, name); len(s) > 0 {
		return strings.TrimSpace(s[0])
	}
	return ""
}

func readIAR(ctx context.Context, root, file string, o Options) (*Build, error) {
	data, err := fsutil.ReadText(filepath.Join(root, filepath.FromSlash(file)), fsutil.MaxInput)
	if err != nil {
		return nil, err
	}
	return parseIAR(file, data, root, o.Config)
}

// iarVars expands the argument variables IAR writes in paths: $PROJ_DIR$
// (the .ewp's folder), $CONFIG_NAME$, $PROJ_FNAME$. A path with another
// ($TOOLKIT_DIR$, the IAR installation) is not on this machine: ok false.
func iarVars(p, projDir, config, fname string) (string, bool) {
	p = strings.NewReplacer("$PROJ_DIR$", projDir, "$CONFIG_NAME$", config, "$PROJ_FNAME$", fname).Replace(p)
	if strings.Contains(p, "$") {
		return p, false
	}
	w, ok := winPath(p)
	return abs(projDir, w), ok
}

// parseIAR reads an IAR project's text; file is its project-relative path.
func parseIAR(file string, data []byte, root, config string) (*Build, error) {
	var p ewProject
	if err := decodeXML(file, data, &p); err != nil {
		return nil, err
	}
	if p.XMLName.Local != "project" || len(p.Configs) == 0 {
		return nil, fmt.Errorf("%s: not an IAR Embedded Workbench project (no <project><configuration>)", file)
	}
	c := &p.Configs[0]
	if config != "" {
		c = nil
		var names []string
		for i := range p.Configs {
			names = append(names, p.Configs[i].Name)
			if p.Configs[i].Name == config {
				c = &p.Configs[i]
			}
		}
		if c == nil {
			return nil, fmt.Errorf("%s: no configuration %q; the project has %q", file, config, names)
		}
	}
	projDir := filepath.Dir(filepath.Join(root, filepath.FromSlash(file)))
	fname := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
	path := func(s string) (string, bool) { return iarVars(strings.TrimSpace(s), projDir, c.Name, fname) }
	b := &Build{System: SysIAR, File: file, Config: c.Name}
	// "STM32F429ZI\tST STM32F429ZI": the part, a tab, the vendor and part
	if dev, _, _ := strings.Cut(c.first("General", "OGChipSelectEditMenu"), "\t"); dev != "" {
		b.Device = strings.TrimSpace(dev)
		b.DeviceFrom = &Pos{File: file, Line: lineAfter(data, int(c.Line), "OGChipSelectEditMenu")}
	}
	b.Tool = "IAR Embedded Workbench"
	if v := c.first("General", "OGLastSavedByProductVersion"); v != "" {
		b.Tool += " " + v
	} else if v := c.first("General", "OGProductVersion"); v != "" {
		b.Tool += " " + v
	}
	b.Notes = append(b.Notes, "the project compiles with iccarm; lwipgen reads it but does not drive that compiler: the units carry the definitions and include paths gcc needs to parse the same code (the core is not read: IAR stores it as a number)")
	flags := []string{"iccarm"}
	if c.first("ICCARM", "IccCDialect") == "1" {
		flags = append(flags, "-std=c99")
	}
	var outside int
	for _, d := range c.option("ICCARM", "CCDefines") {
		if d = strings.TrimSpace(d); d != "" {
			flags = append(flags, "-D"+d)
		}
	}
	for _, inc := range c.option("ICCARM", "CCIncludePath2") {
		if strings.TrimSpace(inc) == "" {
			continue
		}
		if p, ok := path(inc); ok {
			flags = append(flags, "-I"+p)
		} else {
			outside++
		}
	}
	for _, pre := range append(c.option("ICCARM", "PreInclude"), c.option("ICCARM", "CCPreInclude")...) {
		if strings.TrimSpace(pre) == "" {
			continue
		}
		if p, ok := path(pre); ok {
			flags = append(flags, "-include", p)
		} else {
			outside++
		}
	}
	var asm int
	var walk func(files []ewFile, groups []ewGroup)
	walk = func(files []ewFile, groups []ewGroup) {
		for _, f := range files {
			if excludedIn(f.Excluded, c.Name) {
				continue
			}
			src, ok := path(f.Name)
			if !ok {
				outside++
				continue
			}
			switch langOfFile(src) {
			case LangASM:
				asm++
				continue
			case "":
				continue
			}
			u := ParseCompile(append(append([]string{}, flags...), "-c", src), projDir, root)
			if u == nil {
				continue
			}
			u.From = Pos{File: file, Line: int(f.Line)}
			b.Units = append(b.Units, *u)
		}
		for _, g := range groups {
			if !excludedIn(g.Excluded, c.Name) {
				walk(g.Files, g.Groups)
			}
		}
	}
	walk(p.Files, p.Groups)
	if asm > 0 {
		b.Notes = append(b.Notes, pluralf(asm, "%d assembler source is in IAR's assembler syntax, which gcc does not read: left out of the units", "%d assembler sources are in IAR's assembler syntax, which gcc does not read: left out of the units"))
	}
	if outside > 0 {
		b.Notes = append(b.Notes, pluralf(outside, "%d path is in the IAR installation ($TOOLKIT_DIR$) or another place not on this machine: left out", "%d paths are in the IAR installation ($TOOLKIT_DIR$) or other places not on this machine: left out"))
	}
	b.Link = &Link{From: Pos{File: file, Line: int(c.Line)}}
	if icf := c.first("ILINK", "IlinkIcfFile"); icf != "" {
		if p, ok := path(icf); ok {
			b.Link.Scripts = []string{p}
		} else {
			b.Notes = append(b.Notes, "the linker configuration "+icf+" is in the IAR installation: not read")
		}
	}
	if out := c.first("ILINK", "IlinkOutputFile"); out != "" {
		exe := c.first("General", "ExePath")
		if p, ok := path(filepath.Join(exe, out)); ok {
			b.Link.Output = p
		}
	}
	checkLink(b, root)
	return b, nil
}

// excludedIn says whether a file or group's <excluded> lists config.
func excludedIn(excluded []string, config string) bool {
	for _, e := range excluded {
		if strings.TrimSpace(e) == config {
			return true
		}
	}
	return false
}
