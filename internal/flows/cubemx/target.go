package cubemx

import (
	"fmt"
	"github.com/lwipgen/lwipgen/internal/fsutil"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/plan"
	"github.com/lwipgen/lwipgen/internal/vendorkit"
)

// GlueTarget is what the project the glue goes into expects of it: the
// CubeMX generation style (whose lwip.c calls ethernet_link_thread or
// ethernet_link_check_state), the HAL's spelling of its types, whether the
// project has an ETH_IRQHandler, and the core-locking hooks its lwipopts.h
// maps lwIP macros to. ReadTarget reads it from a project; DefaultTarget is
// what lwipgen's own builds use.
type GlueTarget struct {
	Cube          Style          // "" when the project is not CubeMX's
	TxConfigType  string         // ETH_TxPacketConfigTypeDef, or ETH_TxPacketConfig (H7 HAL 1.11.0-1.11.2, F7 1.3.0, F4 1.8.0-1.8.2)
	ETHIRQHandler bool           // the glue defines ETH_IRQHandler (the project has none)
	CoreLockHooks []CoreLockHook // hooks the glue defines (the project's lwipopts.h uses them, nothing defines them)
	HAL           string         // the project's HAL driver version, for the generated comment ("" = unknown)
	// InPlace are the InPlace USER CODE blocks compiled at their point of
	// low_level_init (judgeInPlace); every other one is kept under #if 0.
	InPlace map[string]bool
	// PHYIO: the glue defines CubeMX's PHY IO functions (ETH_PHY_IO_ReadReg, ...), which CubeMX's own
	// ethernetif.c defines and the project's low_level_init USER CODE calls, when nothing else does.
	PHYIO bool
	// PHYIODecl: the glue declares them (CubeMX's ethernetif.c does, before low_level_init), for that
	// USER CODE, whoever defines them.
	PHYIODecl bool

	// candidates are the project's non-empty InPlace blocks, for judgeInPlace.
	candidates []string
}

// DefaultTarget is the target of a board built by lwipgen itself: a
// CubeMX-vendor board gets CubeMX's contract for its RTOS (CMSIS-RTOS v2 with
// FreeRTOS), the newest HAL spelling, and the project's ETH_IRQHandler.
func DefaultTarget(p *plan.Plan) GlueTarget {
	t := GlueTarget{TxConfigType: "ETH_TxPacketConfigTypeDef", ETHIRQHandler: true}
	if p != nil && p.Board != nil && p.Board.Vendor == "cubemx" {
		t.ETHIRQHandler = false
		t.Cube = BareMetal
		if p.Board.RTOS != "none" {
			t.Cube = RTOSv2
		}
	}
	return t
}

// glueContract is what the templates see of the CubeMX contract.
type glueContract struct {
	Style       Style
	RTOS        bool
	V1          bool
	Contract    Contract
	FileBlocks  map[string]bool // names of ethernetif.c blocks compiled at file scope
	KeptBlocks  []string        // names kept in the #if 0 section
	InPlace     map[string]bool // names compiled at their point of low_level_init
	HBlocks     []string
	SysNowBlock string
	// PostConfigOnLink: PHY_POST_CONFIG runs only when the link is up at boot (Contract.PostConfig).
	PostConfigOnLink bool
}

func newGlueContract(s Style, inPlace map[string]bool) *glueContract {
	if s == "" {
		return nil
	}
	c, _ := ContractOf(s)
	g := &glueContract{Style: s, RTOS: s.RTOS(), V1: s == RTOSv1, Contract: c, FileBlocks: map[string]bool{},
		InPlace: map[string]bool{}, HBlocks: EthernetifHBlocks, SysNowBlock: c.SysNowBlock,
		PostConfigOnLink: c.PostConfig == PostConfigLinkAtBoot}
	for _, b := range EthernetifCBlocks {
		switch {
		case b.Place == InPlace && inPlace[b.Name]:
			g.InPlace[b.Name] = true
		case b.Place == Kept || b.Place == InPlace:
			g.KeptBlocks = append(g.KeptBlocks, b.Name)
		}
	}
	for _, n := range BlocksAt(FileScope) {
		g.FileBlocks[n] = true
	}
	return g
}

var (
	itRe        = regexp.MustCompile(`^stm32[a-z0-9]+xx_it\.c$`)
	ethIRQDefRe = regexp.MustCompile(`(?m)^[ \t]*void[ \t]+ETH_IRQHandler[ \t]*\([ \t]*void[ \t]*\)[ \t\r\n]*\{`)
)

// ReadTarget works out what the CubeMX project p expects of lwipgen's
// driver glue (Contract, the HAL's type names, its ETH_IRQHandler, the
// core-locking hooks its lwipopts.h uses); it refuses a project on the
// legacy ETH driver, one whose RTOS disagrees with the board, and USER CODE
// that has no place in lwipgen's ethernetif.c. Warnings name the USER CODE
// blocks that are kept but not compiled.
func ReadTarget(p *vendorkit.Project, g *flow.Generated) (GlueTarget, []string, error) {
	t := DefaultTarget(g.Plan)
	var warn []string
	read := func(rel string) string {
		if rel == "" {
			return ""
		}
		b, _ := fsutil.ReadFile(filepath.Join(p.Dir, filepath.FromSlash(rel)), fsutil.MaxInput)
		return string(b)
	}
	hal, err := ReadHAL(p.Dir, g.Board.Chip.Family, p.HALConf)
	if err != nil {
		return t, nil, err
	}
	if err := hal.LegacyError(); err != nil {
		return t, nil, err
	}
	t.TxConfigType, t.HAL = hal.TxConfigType, hal.Version
	if hal.Version == "" {
		warn = append(warn, fmt.Sprintf("no %sxx_hal.c with the HAL version macros in the project: the glue assumes the newest HAL ETH spelling (%s)", g.Board.Chip.Family, t.TxConfigType))
	}
	opts := read(p.Lwipopts)
	t.Cube = DetectStyle(opts, read(p.IOC))
	if t.Cube.RTOS() != (g.Board.RTOS != "none") {
		return t, nil, fmt.Errorf("%s: the project is generated %s, the board says rtos = %q: make them agree (board file, or CubeMX's FREERTOS middleware)", p.Lwipopts, t.Cube, g.Board.RTOS)
	}
	if t.Cube == RTOSv1 {
		// CMSIS-RTOS v1 priorities run osPriorityIdle (-3) .. osPriorityRealtime (+3): the RX task and the
		// tcpip thread get TCPIP_THREAD_PRIO - osPriorityIdle from the v1 wrapper, a FreeRTOS priority.
		if prio := g.Plan.Value("TCPIP_THREAD_PRIO"); prio > 3 || prio < -3 {
			return t, nil, fmt.Errorf("%s: the project runs FreeRTOS behind CMSIS-RTOS v1, whose priorities are osPriorityIdle (-3) .. osPriorityRealtime (+3), but the board's TCPIP_THREAD_PRIO is %d (a CMSIS-RTOS v2 / FreeRTOS priority): set options { TCPIP_THREAD_PRIO = 0 } (osPriorityNormal) in the board file", p.Lwipopts, prio)
		}
	}
	// The ETH interrupt needs a handler: the project's (stm32xxxx_it.c) or the glue's.
	t.ETHIRQHandler = true
	for _, it := range vendorkit.FindFiles(p.Dir, itRe) {
		if ethIRQDefRe.MatchString(StripComments(read(it))) {
			t.ETHIRQHandler = false
		}
	}
	// ethernetif.c as it is now: CubeMX's (or lwipgen's from the last run).
	eth := p.TargetDir + "/ethernetif.c"
	bodies := vendorkit.UserCodeBodies(read(eth))
	names := make([]string, 0, len(bodies))
	for name := range bodies {
		names = append(names, name)
	}
	sort.Strings(names)
	placed := placedSymbols(g.Layout)
	var fileScope strings.Builder
	var errs []string
	for _, name := range names {
		body := bodies[name]
		b, known := BlockOf(name)
		switch {
		case known && b.Place == FileScope:
			fileScope.WriteString(body + "\n")
			if _, found := supersedePlacements(body, placed); len(found) > 0 {
				warn = append(warn, fmt.Sprintf("%s: USER CODE block %q gives %s a section of its own; lwipgen places it (lwip_sections.ld), so the line is kept in the block inside an #if 0 (delete it when convenient)", eth, name, strings.Join(found, ", ")))
			}
		case known && b.Place == InPlace && strings.TrimSpace(body) != "":
			t.candidates = append(t.candidates, name) // judgeInPlace decides, and warns for what it keeps
		case known && b.Place == Kept && strings.TrimSpace(body) != "":
			warn = append(warn, fmt.Sprintf("%s: USER CODE block %q (%s) is kept in lwipgen's file but not compiled (#if 0 section): lwipgen's driver replaces the CubeMX function it belongs to; move what you need to a file-scope block (0, 1, 3, 4, 6 or 8)", eth, name, b.Where))
		case !known && strings.TrimSpace(body) != "":
			errs = append(errs, fmt.Sprintf("%s: USER CODE block %q is not one CubeMX writes in ethernetif.c, so lwipgen's replacement has no place for it: move its content into block 0, 1, 3, 4, 6 or 8 (or another file) and run lwipgen vendor again", eth, name))
		}
	}
	if len(errs) > 0 {
		return t, nil, fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	for _, name := range t.candidates {
		if strings.Contains(StripComments(bodies[name]), "ETH_PHY_IO_") {
			t.PHYIODecl = true
			t.PHYIO = !Defines(fileScope.String(), "ETH_PHY_IO_ReadReg") && !definedElsewhere(p, "ETH_PHY_IO_ReadReg")
		}
	}
	for _, h := range HooksUsed(opts) {
		if !Defines(fileScope.String(), h.Func) && !definedElsewhere(p, h.Func) {
			t.CoreLockHooks = append(t.CoreLockHooks, h)
		}
	}
	return t, warn, nil
}

// definedElsewhere reports whether a .c file of the project (outside the
// vendor libraries, lwipgen's folder and the ethernetif.c lwipgen replaces)
// defines function name.
func definedElsewhere(p *vendorkit.Project, name string) bool {
	for _, rel := range vendorkit.FindFiles(p.Dir, regexp.MustCompile(`\.c$`)) {
		if rel == p.TargetDir+"/ethernetif.c" || strings.HasPrefix(rel, p.OwnDir+"/") {
			continue
		}
		if b, err := fsutil.ReadFile(filepath.Join(p.Dir, filepath.FromSlash(rel)), fsutil.MaxInput); err == nil && Defines(string(b), name) {
			return true
		}
	}
	return false
}

// halConfOwned drops the compile definitions the project's hal_conf already
// makes: CubeMX's H7 stm32h7xx_hal_conf.h defines ETH_RX_DESC_CNT and
// ETH_TX_DESC_CNT unconditionally, so a -D of them is a "redefined" warning
// in every file (vendorkit refuses a hal_conf that disagrees with the plan).
func halConfOwned(defs []string) []string {
	var out []string
	for _, d := range defs {
		if !strings.HasPrefix(d, "ETH_RX_DESC_CNT=") && !strings.HasPrefix(d, "ETH_TX_DESC_CNT=") {
			out = append(out, d)
		}
	}
	return out
}
