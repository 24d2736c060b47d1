package importer

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"github.com/lwipgen/lwipgen/internal/fsutil"
	"github.com/lwipgen/lwipgen/internal/mpu"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/lwipgen/lwipgen/internal/lwip"
	"github.com/lwipgen/lwipgen/internal/project"
)

// projectFiles are the files of a CubeMX or GD32 project import reads, each
// relative to the project directory ("" when the project has none), as the
// project model finds them: what the project's own build compiles.
type projectFiles struct {
	dir      string
	model    *project.Model
	ioc      string
	lwipopts string
	main     string
	initH    string // the init.h of the lwIP the build compiles
	linker   string
	cmsis    string // FreeRTOS CMSIS-RTOS layer the build compiles: "v1", "v2" or ""
	ccH      string // the lwIP port's arch/cc.h (it may set lwIP options too, e.g. LWIP_TIMEVAL_PRIVATE)
}

// findProject reads the project model of dir and takes from it the files
// import needs: the .ioc at the top, the lwipopts.h lwIP's opt.h includes,
// main.c, the lwIP tree's init.h, the linker script the build links, the
// CMSIS-RTOS layer it compiles and the cc.h lwIP's arch.h includes.
func findProject(dir string) (*projectFiles, error) {
	m, err := project.Open(context.Background(), dir, project.Options{})
	if err != nil {
		return nil, err
	}
	p := &projectFiles{dir: dir, model: m, lwipopts: m.Value(project.KeyLwipopts), cmsis: m.Value(project.KeyCMSIS)}
	for _, f := range m.Files.Match("*.ioc") {
		if !strings.Contains(f, "/") {
			p.ioc = f
			break
		}
	}
	if t := m.LwIPTree(); t != "" {
		p.initH = m.Rel(filepath.Join(t, "src", "include", "lwip", "init.h"))
	}
	if ld := m.Value(project.KeyLinkerScript); ld != "" && !filepath.IsAbs(ld) {
		p.linker = ld
	} else if m.Build == nil {
		// no build to ask: CubeMX's <MCU>_FLASH.ld at the top, else any script
		for _, f := range m.Files.Match("*.ld") {
			if strings.HasSuffix(strings.ToUpper(f), "_FLASH.LD") && !strings.Contains(f, "/") {
				p.linker = f
				break
			}
		}
		if p.linker == "" {
			for _, f := range m.Files.Match("*.ld") {
				if !strings.Contains(f, "lwipgen") {
					p.linker = f
					break
				}
			}
		}
	}
	for _, u := range m.Units() {
		if path.Base(u.Rel) == "main.c" {
			p.main = u.Rel
			break
		}
	}
	if p.main == "" && m.Build == nil {
		for _, want := range []string{"Core/Src/main.c", "Src/main.c"} {
			if m.Files.Has(want) {
				p.main = want
			}
		}
	}
	if u := m.LwIPUnit(); u != nil {
		if cc := project.Resolve(u, filepath.Join(m.LwIPTree(), "src", "include", "lwip"), "arch/cc.h"); cc != "" {
			p.ccH = m.Rel(cc)
		}
	} else if c := m.Files.Suffix("system/arch/cc.h"); len(c) > 0 {
		p.ccH = c[0]
	}
	if f, ok := m.Fact(project.KeyLwipVersion); ok && p.ioc == "" && p.lwipopts == "" {
		// no lwipopts.h to read, but the model knows the lwIP the project
		// links (a Xilinx BSP beside the application, not built yet): a
		// release lwipgen does not model is the answer, before anything else
		if _, err := lwip.ParseVersion(f.Value); err != nil {
			return nil, fmt.Errorf("%s: lwIP %s, %s (%s): %v", dir, f.Value, f.From, f.Why, err)
		}
	}
	if p.ioc == "" && p.lwipopts == "" {
		return nil, fmt.Errorf("%s: no CubeMX .ioc and no lwipopts.h: not a CubeMX or GD32 lwIP project (lwipgen inspect --project %s shows what its build compiles)", dir, dir)
	}
	return p, nil
}

func (p *projectFiles) read(rel string) []byte {
	if rel == "" {
		return nil
	}
	b, err := fsutil.ReadFile(filepath.Join(p.dir, rel), fsutil.MaxInput)
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

// buildMCU is the part the project's build is set up for (the project
// model: the device its IDE project names, a -D of its compile commands such
// as GD's -DGD32F407 or CubeMX's -DSTM32F407xx), and where it was written.
func (p *projectFiles) buildMCU() (string, string) {
	f, ok := p.model.Fact(project.KeyMCU)
	if !ok {
		return "", ""
	}
	if f.Why == "its device" {
		return f.Value, f.From.String() + " (its device)"
	}
	return strings.TrimSuffix(f.Value, "xx"), f.From.String()
}

// maxPrio is configMAX_PRIORITIES of the project's FreeRTOSConfig.h.
type maxPrio struct {
	n    int64
	from string // file:line
}

var configMaxPrioRe = regexp.MustCompile(`\bconfigMAX_PRIORITIES\b`)

// maxPriorities is the project model's configMAX_PRIORITIES, when it is a
// number (nil receiver: no project).
func (p *projectFiles) maxPriorities() (maxPrio, bool) {
	if p == nil || p.model == nil {
		return maxPrio{}, false
	}
	f, ok := p.model.Fact(project.KeyMaxPrio)
	if !ok {
		return maxPrio{}, false
	}
	n, err := strconv.ParseInt(f.Value, 10, 64)
	if err != nil || n < 1 {
		return maxPrio{}, false
	}
	return maxPrio{n: n, from: f.From.String()}, true
}
