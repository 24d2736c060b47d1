package vendor

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/lwipgen/lwipgen/internal/cubemx"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/render"
)

var (
	itRe         = regexp.MustCompile(`^stm32[a-z0-9]+xx_it\.c$`)
	ethIRQDefRe  = regexp.MustCompile(`(?m)^[ \t]*void[ \t]+ETH_IRQHandler[ \t]*\([ \t]*void[ \t]*\)[ \t\r\n]*\{`)
	stm32Family  = map[string]bool{"stm32h7": true, "stm32f7": true, "stm32f4": true}
	skipForHooks = map[string]bool{"Drivers": true, "Middlewares": true}
)

// readTarget works out what the CubeMX project p expects of lwipgen's
// driver glue (cubemx.Contract, the HAL's type names, its ETH_IRQHandler, the
// core-locking hooks its lwipopts.h uses) and refuses a project on the
// legacy ETH driver. Non-CubeMX projects get the board's default.
func readTarget(w *workspace, p *Project, g *pipeline.Generated) (render.GlueTarget, error) {
	t := render.DefaultTarget(g.Plan)
	fam := g.Board.Chip.Family
	if p.Kind == GD32 || !stm32Family[fam] {
		return t, nil
	}
	hal, err := cubemx.ReadHAL(p.Dir, fam, p.HALConf)
	if err != nil {
		return t, err
	}
	if err := hal.LegacyError(); err != nil {
		return t, err
	}
	t.TxConfigType, t.HAL = hal.TxConfigType, hal.Version
	if hal.Version == "" {
		w.warnf("no %sxx_hal.c with the HAL version macros in the project: the glue assumes the newest HAL ETH spelling (%s)", fam, t.TxConfigType)
	}
	opts, _ := w.read(p.Lwipopts)
	var ioc []byte
	if p.IOC != "" {
		ioc, _ = w.read(p.IOC)
	}
	t.Cube = cubemx.DetectStyle(string(opts), string(ioc))
	if t.Cube.RTOS() != (g.Board.RTOS != "none") {
		return t, fmt.Errorf("%s: the project is generated %s, the board says rtos = %q: make them agree (board file, or CubeMX's FREERTOS middleware)", p.Lwipopts, t.Cube, g.Board.RTOS)
	}
	if t.Cube == cubemx.RTOSv1 {
		// CMSIS-RTOS v1 priorities run osPriorityIdle (-3) .. osPriorityRealtime (+3): the RX task and the
		// tcpip thread get TCPIP_THREAD_PRIO - osPriorityIdle from the v1 wrapper, a FreeRTOS priority.
		if prio := g.Plan.Value("TCPIP_THREAD_PRIO"); prio > 3 || prio < -3 {
			return t, fmt.Errorf("%s: the project runs FreeRTOS behind CMSIS-RTOS v1, whose priorities are osPriorityIdle (-3) .. osPriorityRealtime (+3), but the board's TCPIP_THREAD_PRIO is %d (a CMSIS-RTOS v2 / FreeRTOS priority): set options { TCPIP_THREAD_PRIO = 0 } (osPriorityNormal) in the board file", p.Lwipopts, prio)
		}
	}
	// The ETH interrupt needs a handler: the project's (stm32xxxx_it.c) or the glue's.
	t.ETHIRQHandler = true
	for _, it := range find(p.Dir, itRe) {
		if b, ok := w.read(it); ok && ethIRQDefRe.MatchString(cubemx.StripComments(string(b))) {
			t.ETHIRQHandler = false
		}
	}
	// ethernetif.c as it is now: CubeMX's (or lwipgen's from the last run).
	eth, _ := w.read(p.TargetDir + "/ethernetif.c")
	bodies := userCodeBodies(string(eth))
	names := make([]string, 0, len(bodies))
	for name := range bodies {
		names = append(names, name)
	}
	sort.Strings(names)
	var fileScope strings.Builder
	for _, name := range names {
		body := bodies[name]
		b, known := cubemx.BlockOf(name)
		switch {
		case known && b.Place == cubemx.FileScope:
			fileScope.WriteString(body + "\n")
		case known && b.Place == cubemx.Kept && strings.TrimSpace(body) != "":
			w.warnf("%s: USER CODE block %q (%s) is kept in lwipgen's file but not compiled (#if 0 section): lwipgen's driver replaces the CubeMX function it belongs to; move what you need to a file-scope block (0, 1, 3, 4, 6 or 8)", p.TargetDir+"/ethernetif.c", name, b.Where)
		case !known && strings.TrimSpace(body) != "":
			w.errs = append(w.errs, fmt.Errorf("%s: USER CODE block %q is not one CubeMX writes in ethernetif.c, so lwipgen's replacement has no place for it: move its content into block 0, 1, 3, 4, 6 or 8 (or another file) and run lwipgen vendor again", p.TargetDir+"/ethernetif.c", name))
		}
	}
	for _, h := range cubemx.HooksUsed(string(opts)) {
		if !cubemx.Defines(fileScope.String(), h.Func) && !definedElsewhere(p, h.Func) {
			t.CoreLockHooks = append(t.CoreLockHooks, h)
		}
	}
	return t, nil
}

// definedElsewhere reports whether a .c file of the project (outside the
// vendor libraries, lwipgen's folder and the ethernetif.c lwipgen replaces)
// defines function name.
func definedElsewhere(p *Project, name string) bool {
	found := false
	filepath.WalkDir(p.Dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || found {
			return nil
		}
		rel, _ := filepath.Rel(p.Dir, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel != "." && (skipForHooks[d.Name()] || skipDirs[d.Name()] || strings.HasPrefix(d.Name(), ".") || rel == p.OwnDir) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".c") || rel == p.TargetDir+"/ethernetif.c" {
			return nil
		}
		if b, err := os.ReadFile(path); err == nil && cubemx.Defines(string(b), name) {
			found = true
		}
		return nil
	})
	return found
}

// halConfOwned drops the compile definitions the project's hal_conf already
// makes: CubeMX's H7 stm32h7xx_hal_conf.h defines ETH_RX_DESC_CNT and
// ETH_TX_DESC_CNT unconditionally, so a -D of them is a "redefined" warning
// in every file (checkHALConf refuses a hal_conf that disagrees with the plan).
func halConfOwned(g *pipeline.Generated, defs []string) []string {
	if g.Board.Chip.Family != "stm32h7" {
		return defs
	}
	var out []string
	for _, d := range defs {
		if !strings.HasPrefix(d, "ETH_RX_DESC_CNT=") && !strings.HasPrefix(d, "ETH_TX_DESC_CNT=") {
			out = append(out, d)
		}
	}
	return out
}
