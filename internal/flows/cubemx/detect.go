package cubemx

import (
	"bytes"
	"fmt"
	"path"
	"regexp"
	"strings"

	"github.com/lwipgen/lwipgen/internal/fsutil"
	"github.com/lwipgen/lwipgen/internal/project"
	"github.com/lwipgen/lwipgen/internal/vendorkit"
)

// What a CubeMX project tells the project model beyond its build: the .ioc
// that makes it one, the toolchain the .ioc generated for (which of several
// build files is the real build), and the MCU it names.
func init() {
	project.RegisterDetector(detector{})
	project.RegisterMCUDefine(mcuDefine) // CubeMX's -DSTM32H743xx
}

type detector struct{}

func (detector) Flow() string { return "cubemx" }

// Fact keys of this flow.
const (
	KeyIOC       = "cubemx.ioc"       // the project's .ioc
	KeyToolchain = "cubemx.toolchain" // ProjectManager.TargetToolchain
)

// topIOC is the .ioc at the project's top (CubeMX writes <name>.ioc there).
func topIOC(files *project.Files) string {
	for _, f := range files.Match("*.ioc") {
		if !strings.Contains(f, "/") {
			return f
		}
	}
	return ""
}

func (detector) Claim(root string, files *project.Files) (project.Fact, int, bool) {
	if ioc := topIOC(files); ioc != "" {
		return project.Fact{From: project.Pos{File: ioc}, Why: "a STM32CubeMX project file"}, 20, true
	}
	if files.Has("LWIP/Target/lwipopts.h") {
		return project.Fact{From: project.Pos{File: "LWIP/Target/lwipopts.h"}, Why: "CubeMX's LWIP/Target folder"}, 10, true
	}
	return project.Fact{}, 0, false
}

// ClaimFile claims a .ioc on its own (lwipgen import FILE.ioc, or the .ioc
// at the top of an imported project): the board it gives is a CubeMX one.
func (detector) ClaimFile(name string, head []byte) (string, bool) {
	return "a CubeMX project (.ioc)", strings.HasSuffix(strings.ToLower(name), ".ioc") || bytes.HasPrefix(head, []byte("#MicroXplorer"))
}

var (
	toolRe = regexp.MustCompile(`(?m)^ProjectManager\.TargetToolchain=(.*?)\r?$`)
	// Mcu.UserName is the part (STM32F407VGTx); Mcu.Name its family pattern (STM32F407V(E-G)Tx)
	iocMCURes = []*regexp.Regexp{regexp.MustCompile(`(?m)^Mcu\.UserName=(\S+?)\r?$`), regexp.MustCompile(`(?m)^Mcu\.Name=(\S+?)\r?$`)}
	mcuDefine = regexp.MustCompile(`^(STM32[FH][0-9]{3}[0-9A-Z]*?)(?:xx|XX)$`)
)

// toolchains maps the .ioc's TargetToolchain to the build it writes.
var toolchains = []struct {
	prefix string
	sys    project.System
}{
	{"STM32CubeIDE", project.SysCDT}, {"Makefile", project.SysMake}, {"CMake", project.SysCMake},
	{"MDK-ARM", project.SysKeil}, {"EWARM", project.SysIAR},
	// the Eclipse IDEs before STM32CubeIDE wrote CDT managed builds too
	{"SW4STM32", project.SysCDT}, {"TrueSTUDIO", project.SysCDT},
}

func readIOC(root, ioc string) []byte {
	b, _ := fsutil.ReadText(path.Join(root, ioc), fsutil.MaxInput)
	return b
}

func line(b []byte, off int) int { return 1 + bytes.Count(b[:off], []byte("\n")) }

func (detector) Prefer(root string, files *project.Files) (project.System, project.Fact) {
	ioc := topIOC(files)
	if ioc == "" {
		return "", project.Fact{}
	}
	b := readIOC(root, ioc)
	loc := toolRe.FindSubmatchIndex(b)
	if loc == nil {
		return "", project.Fact{}
	}
	tool := strings.TrimSpace(string(b[loc[2]:loc[3]]))
	for _, t := range toolchains {
		if strings.HasPrefix(tool, t.prefix) {
			return t.sys, project.Fact{From: project.Pos{File: ioc, Line: line(b, loc[0])}, Why: fmt.Sprintf("the .ioc names the toolchain %q (ProjectManager.TargetToolchain)", tool)}
		}
	}
	return "", project.Fact{}
}

func (d detector) Facts(m *project.Model) []project.Fact {
	var out []project.Fact
	ioc := topIOC(m.Files)
	if ioc != "" {
		out = append(out, project.Fact{Key: KeyIOC, Value: ioc, From: project.Pos{File: ioc}})
		b := readIOC(m.Root, ioc)
		if loc := toolRe.FindSubmatchIndex(b); loc != nil {
			out = append(out, project.Fact{Key: KeyToolchain, Value: strings.TrimSpace(string(b[loc[2]:loc[3]])), From: project.Pos{File: ioc, Line: line(b, loc[0])}})
		}
		for _, re := range iocMCURes {
			if loc := re.FindSubmatchIndex(b); loc != nil {
				out = append(out, project.Fact{Key: project.KeyMCU, Value: string(b[loc[2]:loc[3]]), From: project.Pos{File: ioc, Line: line(b, loc[0])}, Why: "the .ioc's MCU"})
				break
			}
		}
	}
	return out
}

// CubeMX projects as vendorkit writes into them: the three toolchains
// lwipgen adds its files to, the generator's USER CODE blocks, the HAL
// configuration header that owns the H7 descriptor counts.
func init() {
	vendorkit.RegisterLayout(vendorkit.Layout{
		Flow:     "cubemx",
		Describe: "a CubeMX project (a .ioc or LWIP/Target/lwipopts.h)",
		OwnDir:   "LWIP/lwipgen",
		Kinds: map[project.System]vendorkit.Kind{
			project.SysCDT: "cubemx-stm32cubeide", project.SysMake: "cubemx-makefile", project.SysCMake: "cubemx-cmake",
		},
		Refuse:     vendorkit.NoBuildFiles,
		NoLwipopts: "the build compiles no lwipopts.h; enable the LWIP middleware in CubeMX and generate code first",
		HALConf:    "stm32*xx_hal_conf.h",
		Generated:  true,
	})
}
