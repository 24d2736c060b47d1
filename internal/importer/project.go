package importer

import (
	"bufio"
	"bytes"
	"fmt"
	"github.com/lwipgen/lwipgen/internal/mpu"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/lwipgen/lwipgen/internal/lwip"
	"github.com/lwipgen/lwipgen/internal/lwipsrc"
)

// projectFiles are the files of a CubeMX or GD32 project import reads, each
// relative to the project directory ("" when the project has none).
type projectFiles struct {
	dir      string
	ioc      string
	lwipopts string
	main     string
	initH    string // lwIP's src/include/lwip/init.h
	linker   string
	cmsis    string // FreeRTOS CMSIS-RTOS layer: "v1", "v2" or ""
	build    string // Makefile or CMakeLists.txt at the top
	ide      string // an STM32CubeIDE (.cproject), Keil (.uvprojx/.uvproj) or IAR (.ewp) project: the device it targets
	ccH      string // the lwIP port's arch/cc.h (it may set lwIP options too, e.g. LWIP_TIMEVAL_PRIVATE)
}

// findProject locates the files a CubeMX project (or a GD32 demo) keeps
// them in: <name>.ioc at the top, LWIP/Target/lwipopts.h, Core/Src/main.c,
// Middlewares/Third_Party/LwIP/src/include/lwip/init.h, <MCU>_FLASH.ld, and
// Middlewares/Third_Party/FreeRTOS/Source/CMSIS_RTOS{,_V2}. Elsewhere it
// takes the first match in path order, skipping build output.
func findProject(dir string) (*projectFiles, error) {
	st, err := os.Stat(dir)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("%s is not a directory", dir)
	}
	p := &projectFiles{dir: dir}
	var all []string
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		rel, _ := filepath.Rel(dir, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			switch d.Name() {
			case ".git", "Debug", "Release", "build", "lwipgen-backup":
				return filepath.SkipDir
			}
			if strings.HasSuffix(rel, "FreeRTOS/Source/CMSIS_RTOS_V2") {
				p.cmsis = "v2"
			} else if strings.HasSuffix(rel, "FreeRTOS/Source/CMSIS_RTOS") && p.cmsis == "" {
				p.cmsis = "v1"
			}
			return nil
		}
		all = append(all, rel)
		return nil
	})
	sort.Strings(all)
	pick := func(prefer []string, match func(string) bool) string {
		for _, want := range prefer {
			for _, f := range all {
				if f == want {
					return f
				}
			}
		}
		for _, f := range all {
			if match(f) {
				return f
			}
		}
		return ""
	}
	p.ioc = pick(nil, func(f string) bool { return !strings.Contains(f, "/") && strings.HasSuffix(f, ".ioc") })
	p.lwipopts = pick([]string{"LWIP/Target/lwipopts.h", "Core/Inc/lwipopts.h", "Inc/lwipopts.h"}, func(f string) bool { return filepath.Base(f) == "lwipopts.h" })
	p.main = pick([]string{"Core/Src/main.c", "Src/main.c"}, func(f string) bool { return filepath.Base(f) == "main.c" })
	p.initH = pick([]string{"Middlewares/Third_Party/LwIP/src/include/lwip/init.h"}, func(f string) bool { return strings.HasSuffix(f, "src/include/lwip/init.h") })
	if d := lwipsrc.InProject(dir); d != "" {
		// where the build takes lwIP from (the walk does not follow a linked src/)
		p.initH, _ = filepath.Rel(dir, filepath.Join(d, "src", "include", "lwip", "init.h"))
		p.initH = filepath.ToSlash(p.initH)
	}
	p.linker = pick(nil, func(f string) bool {
		return strings.HasSuffix(strings.ToUpper(f), "_FLASH.LD") && !strings.Contains(f, "/")
	})
	if p.linker == "" {
		p.linker = pick(nil, func(f string) bool { return strings.HasSuffix(f, ".ld") && !strings.Contains(f, "lwipgen") })
	}
	if ld := p.buildLinkerScript(); ld != "" {
		p.linker = ld
	}
	p.ccH = pick([]string{"Middlewares/Third_Party/LwIP/system/arch/cc.h"}, func(f string) bool {
		return strings.HasSuffix(f, "/arch/cc.h") && !strings.Contains(f, "/test/") && !strings.Contains(f, "/contrib/")
	})
	p.build = pick([]string{"Makefile", "CMakeLists.txt"}, func(string) bool { return false })
	p.ide = pick([]string{".cproject"}, func(f string) bool {
		return strings.HasSuffix(f, ".uvprojx") || strings.HasSuffix(f, ".uvproj") || strings.HasSuffix(f, ".ewp")
	})
	if p.ioc == "" && p.lwipopts == "" {
		return nil, fmt.Errorf("%s: no CubeMX .ioc and no lwipopts.h: not a CubeMX or GD32 lwIP project", dir)
	}
	return p, nil
}

func (p *projectFiles) read(rel string) []byte {
	if rel == "" {
		return nil
	}
	b, err := os.ReadFile(filepath.Join(p.dir, rel))
	if err != nil {
		return nil
	}
	return b
}

// lwipVersion reads the project's own lwIP version from its init.h.
func (p *projectFiles) lwipVersion() (lwip.TreeVersion, bool) {
	b := p.read(p.initH)
	if b == nil {
		return lwip.TreeVersion{}, false
	}
	tv, err := lwip.ParseInitH(b, p.initH)
	return tv, err == nil
}

// mpuRegion is one MPU region the application programs itself.
type mpuRegion struct {
	Number int
	Base   string
	Size   string
	Where  string // file:line or .ioc key it was read from
}

var (
	iocMPURe = regexp.MustCompile(`^CORTEX_M7\.(Enable|BaseAddress|Size)_?S?-Cortex_Memory_Protection_Unit_Region(\d+)_Settings(?:_S)?$`)
)

// iocMPU lists the regions the .ioc enables (CORTEX_M7.Enable_S-..._RegionN_Settings_S
// = MPU_REGION_ENABLE). The .ioc lists only what differs from CubeMX's
// defaults, so region 0 (CubeMX's background region, enabled by default) is
// there only in main.c.
func iocMPU(src []byte) []mpuRegion {
	byNum := map[int]*mpuRegion{}
	sc := bufio.NewScanner(bytes.NewReader(src))
	line := 0
	for sc.Scan() {
		line++
		k, v, ok := strings.Cut(strings.TrimSpace(sc.Text()), "=")
		if !ok {
			continue
		}
		m := iocMPURe.FindStringSubmatch(k)
		if m == nil {
			continue
		}
		n, _ := strconv.Atoi(m[2])
		r := byNum[n]
		if r == nil {
			r = &mpuRegion{Number: -1}
			byNum[n] = r
		}
		switch m[1] {
		case "Enable":
			if v == "MPU_REGION_ENABLE" {
				r.Number, r.Where = n, fmt.Sprintf("line %d (%s)", line, k)
			}
		case "BaseAddress":
			r.Base = v
		case "Size":
			r.Size = strings.TrimPrefix(v, "MPU_REGION_SIZE_")
		}
	}
	var out []mpuRegion
	for _, r := range byNum {
		if r.Number >= 0 {
			out = append(out, *r)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Number < out[j].Number })
	return out
}

// mainMPU lists the region numbers MPU_Config() in main.c programs (the
// shared reader, mpu.ReadMPUConfig), each once, where its number is set.
func mainMPU(src []byte, file string) []mpuRegion {
	var out []mpuRegion
	seen := map[int]bool{}
	for _, r := range mpu.ReadMPUConfig(src, file) {
		if seen[r.Number] {
			continue
		}
		seen[r.Number] = true
		out = append(out, mpuRegion{Number: r.Number, Where: r.NumberAt})
	}
	return out
}

var mcuDefRe = regexp.MustCompile(`-D\s*((?:GD32|STM32)[FH][0-9]{3}[A-Za-z0-9]*)\b`)

// buildMCU reads the part a project without a .ioc is built for from its
// build's compile definitions (a GD32 demo's Makefile: -DGD32F407; CubeMX's
// Makefile: -DSTM32F407xx), and where it was written.
// ideDeviceRe is the device a Keil project (<Device>GD32F450IK</Device>) or
// an IAR one (<state>GigaDevice GD32F450IK</state>) is built for: GD's
// firmware-library ENET demos carry only these (Examples/ENET/*/MDK-ARM).
// An STM32CubeIDE project names it in its target_mcu option (a dual-core
// H745's CM7/.cproject, whose .ioc is one folder up, as in
// levil664/STM32H745ZI-Q-Webserver).
var ideDeviceRe = regexp.MustCompile(`<Device>\s*((?:GD32|STM32)[FH][0-9]{3}[A-Za-z0-9]*)\s*</Device>|<state>\s*(?:GigaDevice|ST)\s+((?:GD32|STM32)[FH][0-9]{3}[A-Za-z0-9]*)|option\.target_mcu"[^>]*?value="((?:GD32|STM32)[FH][0-9]{3}[A-Za-z0-9]*)"`)

func (p *projectFiles) buildMCU() (string, string) {
	b := p.read(p.build)
	loc := mcuDefRe.FindSubmatchIndex(b)
	if loc == nil {
		ide := p.read(p.ide)
		m := ideDeviceRe.FindSubmatchIndex(ide)
		if m == nil {
			return "", ""
		}
		g := 2
		for g < len(m)-2 && m[g] < 0 {
			g += 2
		}
		return string(ide[m[g]:m[g+1]]), fmt.Sprintf("%s:%d (its device)", p.ide, 1+bytes.Count(ide[:m[0]], []byte("\n")))
	}
	line := 1 + bytes.Count(b[:loc[0]], []byte("\n"))
	return strings.TrimSuffix(string(b[loc[2]:loc[3]]), "xx"), fmt.Sprintf("%s:%d", p.build, line)
}

var (
	mkLdscriptRe    = regexp.MustCompile(`(?m)^LDSCRIPT[ \t]*[:?]?=[ \t]*([^\s$]+\.ld)[ \t\r]*$`)
	cmakeLdscriptRe = regexp.MustCompile(`-T\s*\\?"?(?:\$\{CMAKE_SOURCE_DIR\}/)?([^"$}\s\\]+\.ld)`)
)

// buildLinkerScript is the script the project's own build links with, when
// its Makefile (LDSCRIPT) or CubeMX's cmake/gcc-arm-none-eabi.cmake (-T)
// names one that is there: a project may carry several
// (atk-sheep/XIP_EXTRAM_LWIP@2fe92b4 links STM32F767IGTx_QSPIFLASH_EXTSDRAM.ld
// beside STM32F767IGTx_FLASH.ld, which import used to derive the chip from).
func (p *projectFiles) buildLinkerScript() string {
	for _, c := range []struct {
		file string
		re   *regexp.Regexp
	}{{"Makefile", mkLdscriptRe}, {"cmake/gcc-arm-none-eabi.cmake", cmakeLdscriptRe}} {
		if m := c.re.FindSubmatch(p.read(c.file)); m != nil {
			if rel := filepath.ToSlash(filepath.Clean(string(m[1]))); !strings.HasPrefix(rel, "../") && !filepath.IsAbs(rel) {
				if _, err := os.Stat(filepath.Join(p.dir, rel)); err == nil {
					return rel
				}
			}
		}
	}
	return ""
}
