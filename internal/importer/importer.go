// Package importer turns an existing lwIP configuration - a project's
// lwipopts.h or a CubeMX .ioc - into a board description (HCL) whose
// generated lwipopts.h has the same effective option values. The options
// become an options {} block; the Ethernet counts of a .ioc become
// ethernet {} values; and the file lists, as comments, what lwipgen would
// choose differently for the same board without those overrides, and why.
package importer

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/zclconf/go-cty/cty"

	"github.com/lwipgen/lwipgen/internal/audit"
	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/layout"
	"github.com/lwipgen/lwipgen/internal/lwip"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/plan"
	"github.com/lwipgen/lwipgen/internal/project"
)

// Options complete what the input does not say.
type Options struct {
	BoardName   string // default "imported"
	Chip        string // chip name (boards/chips); a .ioc names its MCU
	Vendor      string // default: the chip's first flow
	RTOS        string // default: from NO_SYS (none) or the .ioc's FREERTOS
	LwIPVersion string // default: the project's init.h, the .ioc's LWIP.Version, else 2.1.3
	PHY         string // default by chip family
	Interface   string // default rmii
	SpeedMbps   int    // default 100
	// Out is the file the HCL will be written to: every position in a
	// warning points into it ("<stdout>" when empty). A derived chip goes to
	// chips/ beside it.
	Out    string
	Source board.Source
}

// Result is the imported board.
type Result struct {
	HCL     []byte
	Board   *board.Board      // nil when the written board does not decode
	Plan    *plan.Plan        // the written board's plan (at the measured sizes, see Measured); nil when it does not plan
	Options map[string]string // the options {} block
	Input   map[string]string // the input's lwIP options as written (lwipopts.h #defines, .ioc LWIP.* keys)
	Notes   []string          // what was not carried over, and why
	Changes []string          // what lwipgen would choose differently without the overrides
	// Warnings are the findings of lwipgen's checks on the imported
	// configuration, each "file:line,col: ..." into Out. The project works as
	// it is, so they do not stop the import.
	Warnings []string
	// Chip is set when no chip file matched and one was derived from the
	// project's linker script: write ChipHCL to ChipFile for review.
	ChipFile string
	ChipHCL  []byte
	Inferred []string // what the derived chip inferred, and from what
	// Measured says what the cross compiler measured of the project's own lwIP
	// (struct pbuf, pool elements, struct mem against lwipgen's model; the
	// board is planned at those sizes when they differ); "" without one.
	Measured string
}

type input struct {
	defs           map[string]string // every #define / LWIP.* key
	where          map[string]string // where each came from ("LWIP/Target/lwipopts.h:57")
	chip           string
	rtos           string
	cmsis          string // FreeRTOS CMSIS-RTOS layer: v1, v2
	cmsisWhy       string
	rtosWhy        string // where in.rtos came from when not the .ioc's IP list
	rxDesc, txDesc int
	rxBufs         int
	heapPointer    string
	phy, iface     string
	isIOC          bool // the options are a .ioc's (only what differs from CubeMX's defaults)
	version        string
	versionWhy     string
	mpu            []mpuRegion
	name           string // what was read, for the header comment
	chipFrom       string // the file naming the MCU
}

var iocKeyRe = regexp.MustCompile(`^([A-Za-z0-9_]+)\.([A-Za-z0-9_.\-]+)=(.*)$`)

// IsIOC reports whether src looks like a CubeMX .ioc file.
func IsIOC(filename string, src []byte) bool {
	return strings.HasSuffix(strings.ToLower(filename), ".ioc") || bytes.HasPrefix(src, []byte("#MicroXplorer"))
}

func parseIOC(src []byte) (*input, error) {
	in := &input{defs: map[string]string{}, where: map[string]string{}, isIOC: true}
	ips := false
	line := 0
	for _, l := range strings.Split(string(src), "\n") { // no line-length limit
		line++
		l = strings.TrimSpace(l)
		m := iocKeyRe.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		ip, key, val := m[1], m[2], strings.TrimSpace(m[3])
		switch {
		case ip == "LWIP" && key != "IPParameters" && key != "Version" && !strings.HasPrefix(key, "BSP"):
			if key == "ETH_RX_BUFFER_CNT" {
				in.rxBufs, _ = strconv.Atoi(val)
				continue
			}
			in.defs[key] = val
			in.where[key] = fmt.Sprintf("line %d", line)
		case ip == "LWIP" && key == "Version":
			in.version, in.versionWhy = val, fmt.Sprintf("the .ioc's LWIP.Version=%s (line %d)", val, line)
		case strings.HasPrefix(ip, "VP_FREERTOS") && strings.Contains(ip, "CMSIS_V1") && key == "Mode":
			in.cmsis, in.cmsisWhy = "v1", fmt.Sprintf("%s.Mode (line %d)", ip, line)
		case strings.HasPrefix(ip, "VP_FREERTOS") && strings.Contains(ip, "CMSIS_V2") && key == "Mode":
			in.cmsis, in.cmsisWhy = "v2", fmt.Sprintf("%s.Mode (line %d)", ip, line)
		case ip == "ETH" && key == "ETH_RX_DESC_CNT":
			in.rxDesc, _ = strconv.Atoi(val)
		case ip == "ETH" && key == "ETH_TX_DESC_CNT":
			in.txDesc, _ = strconv.Atoi(val)
		case ip == "ETH" && key == "MediaInterface":
			if strings.Contains(val, "RMII") {
				in.iface = "rmii"
			} else if strings.Contains(val, "MII") {
				in.iface = "mii"
			}
		case ip == "ETH" && key == "PHY_Name":
			in.phy = strings.TrimSuffix(val, "_PHY_ADDRESS")
		case strings.HasPrefix(ip, "LWIP") && key == "BSP.component":
			if val == "LAN8742" {
				val = "LAN8742A"
			}
			in.phy = val
		case ip == "Mcu" && (key == "UserName" || key == "Name" && in.chip == ""):
			in.chip = val
		case ip == "Mcu" && strings.HasPrefix(key, "IP") && val == "FREERTOS":
			ips = true
		}
	}
	in.rtos = "none"
	if ips {
		in.rtos = "freertos"
	}
	in.mpu = iocMPU(src)
	return in, nil
}

func parseLwipopts(src []byte) *input {
	in := &input{defs: map[string]string{}, where: map[string]string{}}
	for _, d := range audit.Parse(src) {
		in.defs[d.Name] = d.Value // a later #define wins, as in the preprocessor
		in.where[d.Name] = fmt.Sprintf("line %d", d.Line)
	}
	return in
}

// plainInt parses a decimal integer as lwipopts.h writes one (no leading
// zero: 010 is octal in C and stays an expression).
func plainInt(t string) (int64, bool) {
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || strings.HasPrefix(t, "0") && t != "0" || strings.HasPrefix(t, "+") {
		return 0, false
	}
	return n, true
}

// Import reads src (an lwipopts.h, or a .ioc when IsIOC) and returns the board.
// A .ioc at the top of a generated project (its build files or CubeMX's
// LWIP/Target/lwipopts.h beside it) is the project's: it is imported as
// ImportProject imports that folder, so both give the same board (the .ioc
// alone sizes what the project's lwipopts.h pins, and vendor then refused
// the board import --project of the same tree vendored).
func Import(src []byte, filename string, o Options) (*Result, error) {
	var in *input
	if IsIOC(filename, src) {
		if dir := filepath.Dir(filename); generatedProject(dir) {
			res, err := ImportProject(dir, o)
			if res != nil {
				res.Notes = append([]string{fmt.Sprintf("%s is the .ioc of the project in %s: imported as that project (what import --project %s gives)", filename, dir, dir)}, res.Notes...)
			}
			return res, err
		}
		var err error
		if in, err = parseIOC(src); err != nil {
			return nil, fmt.Errorf("%s: %v", filename, err)
		}
	} else {
		in = parseLwipopts(src)
	}
	in.name, in.chipFrom = filename, filename
	for k, w := range in.where {
		in.where[k] = filename + " " + w
	}
	return build(in, nil, o)
}

// ImportProject reads a CubeMX (or GD32) project: its .ioc for the MCU,
// RTOS flavour, Ethernet counts and MPU regions, its lwipopts.h for the
// options it really compiles with, main.c's MPU_Config() for the regions
// it programs, and the lwIP version of its own lwIP copy (init.h). A chip
// no chip file matches is derived from its linker script.
func ImportProject(dir string, o Options) (*Result, error) {
	p, err := findProject(dir)
	if err != nil {
		return nil, err
	}
	in := &input{defs: map[string]string{}, where: map[string]string{}}
	if b := p.read(p.ioc); b != nil {
		if in, err = parseIOC(b); err != nil {
			return nil, fmt.Errorf("%s: %v", p.ioc, err)
		}
		for k, w := range in.where {
			in.where[k] = p.ioc + " " + w
		}
		for i := range in.mpu {
			in.mpu[i].Where = p.ioc + " " + in.mpu[i].Where
		}
		in.chipFrom = p.ioc
		if in.cmsisWhy != "" {
			in.cmsisWhy = p.ioc + " " + in.cmsisWhy
		}
	}
	if b := p.read(p.lwipopts); b != nil {
		// the header CubeMX generated is what the project compiles: every option it sets
		lo := parseLwipopts(b)
		in.defs, in.where, in.isIOC = lo.defs, map[string]string{}, false
		for k, w := range lo.where {
			in.where[k] = p.lwipopts + ":" + strings.TrimPrefix(w, "line ")
		}
		// the port's cc.h is part of what lwIP compiles with: its lwIP options count where
		// lwipopts.h leaves them (GD's demos: LWIP_TIMEVAL_PRIVATE there)
		if cc := p.read(p.ccH); cc != nil {
			for _, d := range audit.Parse(cc) {
				if _, set := in.defs[d.Name]; !set && d.Name != "BYTE_ORDER" && (lwip.Known(lwip.V213, d.Name) || lwip.Known(lwip.V22x, d.Name)) {
					in.defs[d.Name] = d.Value
					in.where[d.Name] = fmt.Sprintf("%s:%d", p.ccH, d.Line)
				}
			}
		}
		if in.rtos == "" {
			if v, ok := in.defs["NO_SYS"]; ok && strings.TrimSpace(v) == "0" || in.defs["WITH_RTOS"] == "1" {
				in.rtos = "freertos"
			}
		}
	}
	if b := p.read(p.main); b != nil {
		in.mpu = mergeMPU(in.mpu, mainMPU(b, p.main))
	}
	if in.chip == "" {
		if mcu, where := p.buildMCU(); mcu != "" {
			if !strings.HasSuffix(where, "(its device)") {
				where += " (-D" + mcu + ")"
			}
			in.chip, in.chipFrom = mcu, where
		}
	}
	if tv, ok := p.lwipVersion(); ok {
		in.version, in.versionWhy = tv.String(), fmt.Sprintf("the project's lwIP, %s:%d (LWIP_VERSION_MAJOR/MINOR/REVISION)", tv.File, tv.Line)
	}
	if in.cmsis == "" && p.cmsis != "" {
		f, _ := p.model.Fact(project.KeyCMSIS)
		in.cmsis, in.cmsisWhy = p.cmsis, "the project's FreeRTOS CMSIS-RTOS layer ("+f.Why+")"
	}
	if in.cmsis != "" && in.rtos == "" {
		in.rtos = "freertos"
	}
	// the build is the truth about the RTOS: a FreeRTOS added by hand beside
	// CubeMX's code (yulee1982/stm32f767_freertos_lwip's freertos/) is not
	// among the .ioc's IPs, but the project compiles and runs it
	if f, ok := p.model.Fact(project.KeyRTOS); ok && f.Value == "freertos" && in.rtos != "freertos" {
		in.rtos, in.rtosWhy = "freertos", fmt.Sprintf("the project's build uses FreeRTOS (%s, %s)", f.Why, f.From)
		if p.ioc != "" {
			in.rtosWhy += ", though " + p.ioc + " does not list it"
		}
	}
	in.name = dir
	return build(in, p, o)
}

// mergeMPU adds main.c's regions to the .ioc's (main.c is what runs).
func mergeMPU(ioc, main []mpuRegion) []mpuRegion {
	by := map[int]mpuRegion{}
	for _, r := range ioc {
		by[r.Number] = r
	}
	for _, r := range main {
		if old, ok := by[r.Number]; ok {
			r.Base, r.Size, r.Where = old.Base, old.Size, r.Where+", "+old.Where
		}
		by[r.Number] = r
	}
	var out []mpuRegion
	for _, r := range by {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Number < out[j].Number })
	return out
}

// CMSIS-RTOS priority names: cmsis_os2.h (osPriority_t, v2) and
// cmsis_os.h (osPriority, v1). ST's sys_arch.c casts lwIP's *_THREAD_PRIO to
// that type, so the number lwIP needs is the enum's value in the project's
// CMSIS layer.
var cmsisPrio = map[string][2]int64{ // name -> {v1, v2}
	"osPriorityIdle": {-3, 1}, "osPriorityLow": {-2, 8}, "osPriorityBelowNormal": {-1, 16}, "osPriorityNormal": {0, 24},
	"osPriorityAboveNormal": {1, 32}, "osPriorityHigh": {2, 40}, "osPriorityRealtime": {3, 48},
}

// threadOption explains (and for priorities, translates) an RTOS thread
// option of a CMSIS-RTOS project.
func threadOption(name, val, cmsis string) (string, string) {
	if cmsis == "" {
		return val, ""
	}
	layer := map[string]string{"v1": "CMSIS-RTOS v1 (cmsis_os.h)", "v2": "CMSIS-RTOS2 (cmsis_os2.h)"}[cmsis]
	switch {
	case strings.HasSuffix(name, "_THREAD_PRIO"):
		if p, ok := cmsisPrio[strings.TrimSpace(val)]; ok {
			n := p[1]
			if cmsis == "v1" {
				n = p[0]
			}
			return strconv.FormatInt(n, 10), fmt.Sprintf("%s in %s is %d", strings.TrimSpace(val), layer, n)
		}
		return val, "a " + layer + " priority, as ST's sys_arch.c passes it to the thread create call"
	case strings.HasSuffix(name, "_THREAD_STACKSIZE"):
		if cmsis == "v1" {
			return val, "in words: ST's CMSIS-RTOS v1 sys_arch.c puts it in osThreadDef, whose cmsis_os.c passes it to xTaskCreate (StackType_t units)"
		}
		return val, "in bytes: ST's CMSIS-RTOS2 sys_arch.c passes it as osThreadAttr_t.stack_size"
	}
	return val, ""
}

func build(in *input, proj *projectFiles, o Options) (*Result, error) {
	if o.BoardName == "" {
		o.BoardName = "imported"
	}
	outName := o.Out
	if outName == "" {
		outName = "<stdout>"
	}
	verText, verWhy := o.LwIPVersion, "--lwip-version"
	if verText == "" && in.version != "" {
		verText, verWhy = in.version, in.versionWhy
	}
	if verText == "" {
		verText, verWhy = "2.1.3", "nothing says which lwIP the project has: lwipgen's default"
	}
	v, err := lwip.ParseVersion(verText)
	if err != nil {
		// say where the version came from (an STM32CubeH7 1.8 project carries lwIP 2.0.3)
		return nil, fmt.Errorf("%s: %v", verWhy, err)
	}
	if v != lwip.V22x {
		verText = string(v) // v2.1.2_Cube -> 2.1.2
	} else if !slices.Contains(board.LwIPVersions, verText) {
		// a 2.2 release (or git snapshot) newer than lwipgen's tables: say so
		// here, with where it was read, not as an undecodable board
		return nil, fmt.Errorf("%s: lwIP %s is not a release lwipgen models (%s); to plan it with the 2.2 line's newest lwipgen knows, import with --lwip-version %s and review what the project's lwIP changed", verWhy, verText, strings.Join(board.LwIPVersions, ", "), board.LwIPVersions[len(board.LwIPVersions)-1])
	}
	src := o.Source
	if o.Out != "" {
		src.Dirs = append([]string{filepath.Dir(o.Out)}, src.Dirs...)
	}
	chips, diags := src.Chips()
	if diags.HasErrors() {
		return nil, diags
	}
	res := &Result{Options: map[string]string{}, Input: map[string]string{}}
	chipName, chipWhy := o.Chip, "--chip"
	if chipName == "" && in.chip != "" {
		chipName = chips.ForMCU(in.chip) // the mapping audit uses too
		chipWhy = fmt.Sprintf("%s names the MCU %s; chip file %s matches it", in.chipFrom, in.chip, chipName)
		if chipName == "" {
			if proj == nil || proj.linker == "" {
				return nil, fmt.Errorf("%s: MCU %s is not a chip lwipgen knows; pass --chip, or import --project DIR so lwipgen can derive one from the project's linker script", in.name, in.chip)
			}
			d, err := deriveChip(in.chip, proj.linker, proj.read(proj.linker), chips)
			if err != nil {
				return nil, fmt.Errorf("%s: MCU %s is not a chip lwipgen knows and none could be derived: %v", in.name, in.chip, err)
			}
			res.ChipFile = filepath.Join(filepath.Dir(outOr(o.Out, "imported.hcl")), "chips", d.Name+".hcl")
			res.ChipHCL, res.Inferred = d.HCL, d.Inferred
			if dd := chips.Add(d.HCL, res.ChipFile); dd.HasErrors() {
				return nil, fmt.Errorf("the chip derived from %s does not decode: %v", proj.linker, dd)
			}
			chipName = d.Name
			chipWhy = fmt.Sprintf("%s names the MCU %s, which no chip file describes: derived from %s into %s (review it)", in.chipFrom, in.chip, proj.linker, res.ChipFile)
		}
	}
	if chipName == "" {
		return nil, fmt.Errorf("%s does not say which chip it is for; pass --chip (one of the boards/chips names)", in.name)
	}
	chip, ok := chips[chipName]
	if !ok {
		return nil, fmt.Errorf("unknown chip %q", chipName)
	}
	// an opt.h default the project's own lwIP changed is compiled like an lwipopts.h option
	addChangedOptDefaults(in, proj, v, verText)
	// the input's lwIP options, and what it leaves out
	set := map[string]string{}
	why := map[string]string{}
	var names []string
	for n := range in.defs {
		names = append(names, n)
	}
	sort.Strings(names)
	var onScale []string // thread priorities written relative to configMAX_PRIORITIES
	for _, n := range names {
		val := in.defs[n]
		switch {
		case n == "LWIP_RAM_HEAP_POINTER":
			in.heapPointer = val
			res.Notes = append(res.Notes, fmt.Sprintf("LWIP_RAM_HEAP_POINTER = %s (%s) is not carried over: lwipgen places the heap (ram_heap) with its linker fragment and sizes the MPU region for it; memory.lwip_region says where", val, in.where[n]))
		case !lwip.Known(v, n):
			if !strings.HasSuffix(n, "_H") && !strings.HasSuffix(n, "_H_") && !strings.HasSuffix(n, "_H__") {
				res.Notes = append(res.Notes, fmt.Sprintf("%s = %s (%s) is not an lwIP %s option (a vendor or project macro): not carried over", n, val, in.where[n], verText))
			}
		default:
			t, w := threadOption(n, val, in.cmsis)
			if mp, ok := proj.maxPriorities(); ok && strings.HasSuffix(n, "_THREAD_PRIO") && identRe.MatchString(t) {
				// GD's demo: TCPIP_THREAD_PRIO (configMAX_PRIORITIES - 2), a number on the kernel's scale
				if e := configMaxPrioRe.ReplaceAllString(t, "("+strconv.FormatInt(mp.n, 10)+")"); e != t {
					t, w = e, fmt.Sprintf("%s with configMAX_PRIORITIES %d (%s)", strings.TrimSpace(val), mp.n, mp.from)
					onScale = append(onScale, n)
				}
			}
			set[n] = t
			res.Input[n] = val
			why[n] = "from " + in.where[n]
			if w != "" {
				why[n] += ": " + w
			}
		}
	}
	inCfg, err := lwip.Resolve(v, set)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", in.name, err)
	}
	for _, n := range onScale {
		if x, ok := inCfg.Int(n); ok {
			set[n] = strconv.FormatInt(x, 10) // pinned as the number the kernel gets
		}
	}
	// options whose value names the project's own code (CubeMX's
	// `#define LOCK_TCPIP_CORE sys_lock_tcpip_core`) are hooks, not values:
	// they stay in the project's lwipopts.h, which the vendored header keeps
	for n := range set {
		inCfg.Int(n)
	}
	unknown := map[string]bool{}
	for _, u := range inCfg.Unknown() {
		unknown[u] = true
	}
	hooks := false
	for _, n := range sortedKeys(set) {
		if strings.ContainsAny(set[n], "\"'{};\\") { // a string or code, not a value an options {} entry may hold
			res.Notes = append(res.Notes, fmt.Sprintf("%s = %s (%s) is not a number or expression: kept in the project's lwipopts.h (the vendored header keeps it), not pinned", n, in.defs[n], in.where[n]))
			delete(set, n)
			delete(res.Input, n)
			hooks = true
			continue
		}
		for _, id := range identRe.FindAllString(set[n], -1) {
			if unknown[id] {
				res.Notes = append(res.Notes, fmt.Sprintf("%s = %s (%s) names the project's own code (%s): a hook, kept in the project's lwipopts.h (the vendored header keeps it), not pinned", n, in.defs[n], in.where[n], id))
				delete(set, n)
				delete(res.Input, n)
				delete(why, n)
				hooks = true
				break
			}
		}
	}
	if hooks {
		if inCfg, err = lwip.Resolve(v, set); err != nil {
			return nil, fmt.Errorf("%s: %v", in.name, err)
		}
	}
	rtos, rtosWhy := o.RTOS, "--rtos"
	if rtos == "" && in.rtos != "" {
		rtos, rtosWhy = in.rtos, in.name+" uses FreeRTOS"
		if in.rtos == "none" {
			rtosWhy = in.name + ": no RTOS (FREERTOS is not among the .ioc's IPs)"
		}
		if in.rtosWhy != "" {
			rtosWhy = in.rtosWhy
		}
		if in.cmsisWhy != "" {
			rtosWhy += " through " + map[string]string{"v1": "CMSIS-RTOS v1", "v2": "CMSIS-RTOS2"}[in.cmsis] + ": " + in.cmsisWhy
		}
	}
	if rtos == "" {
		rtos, rtosWhy = "freertos", "NO_SYS is 0 (lwIP's default): an RTOS"
		if n, _ := inCfg.Int("NO_SYS"); n != 0 {
			rtos, rtosWhy = "none", "NO_SYS 1: bare metal"
		}
	}
	vendor, vendorWhy := o.Vendor, "--vendor"
	if vendor == "" && len(chip.Flows) > 0 {
		vendor, vendorWhy = chip.Flows[0], "the chip's first flow"
		if in.isIOC || proj != nil && proj.ioc != "" {
			vendor, vendorWhy = "cubemx", "a CubeMX project (.ioc)"
		}
	}
	phy, phyWhy := o.PHY, "--phy"
	if phy == "" && in.phy != "" {
		phy, phyWhy = in.phy, "the .ioc's PHY component"
	}
	if phy == "" {
		phy = "LAN8742A"
		if g, ok := flow.GlueFor(chip.Ethernet.MAC); ok {
			phy = g.DefaultPHY() // the vendor's evaluation boards
		}
		phyWhy = "the PHY of the vendor's evaluation boards (nothing in the input names one)"
	}
	iface, ifaceWhy := o.Interface, "--interface"
	if iface == "" && in.iface != "" {
		iface, ifaceWhy = in.iface, "the .ioc's ETH.MediaInterface"
	}
	if iface == "" {
		iface, ifaceWhy = "rmii", "not in the input: RMII, as on ST's Nucleo and GD's eval boards"
	}
	speed, speedWhy := o.SpeedMbps, "--speed"
	if speed == 0 {
		speed, speedWhy = 100, "not in the input: 100 Mbit/s, what the 10/100 MACs and PHYs of these boards negotiate"
	}
	region, regionWhy := "", ""
	if in.heapPointer != "" {
		if a, err := strconv.ParseUint(strings.TrimRight(in.heapPointer, "uU"), 0, 64); err == nil {
			for _, m := range chip.Memories {
				if a >= m.Base && a < m.End() && m.Kind == "ram" {
					region, regionWhy = m.Name, fmt.Sprintf("LWIP_RAM_HEAP_POINTER %s (%s) is in %s", in.heapPointer, in.where["LWIP_RAM_HEAP_POINTER"], m.Name)
				}
			}
		}
	}
	mpuFirst, mpuWhy := 0, ""
	if chip.Core.MPURegions > 0 && len(in.mpu) > 0 {
		var taken []string
		for _, r := range in.mpu {
			t := fmt.Sprintf("region %d", r.Number)
			if r.Base != "" {
				t += fmt.Sprintf(" (%s, %s)", r.Base, r.Size)
			}
			taken = append(taken, t+" at "+r.Where)
			mpuFirst = max(mpuFirst, r.Number+1)
		}
		mpuWhy = "MPU_Config() programs " + strings.Join(taken, "; ") + ": lwipgen's regions come after them"
		if mpuFirst >= chip.Core.MPURegions {
			res.Warnings = append(res.Warnings, fmt.Sprintf("%s: the project's MPU_Config() uses MPU regions up to %d of the %d the %s has: none is left for lwipgen's", in.name, mpuFirst-1, chip.Core.MPURegions, chip.Name))
		}
	}
	val := func(name string, def int64) int64 {
		if n, ok := inCfg.Int(name); ok {
			return n
		}
		return def
	}
	conns := max(1, val("MEMP_NUM_TCP_PCB", 5)-1)
	connsWhy := fmt.Sprintf("MEMP_NUM_TCP_PCB %d less the one spare PCB lwipgen keeps", val("MEMP_NUM_TCP_PCB", 5))
	rxBufsPinned := true // false: the .ioc's RX pool size is left to lwipgen (step 4)
	write := func(opts map[string]string, comments []string) []byte {
		f := hclwrite.NewEmptyFile()
		root := f.Body()
		comment(root, append([]string{"Imported by lwipgen from " + in.name + ". Each value says where it came from."}, comments...)...)
		b := root.AppendNewBlock("board", []string{o.BoardName}).Body()
		attr(b, "chip", cty.StringVal(chipName), chipWhy)
		attr(b, "vendor", cty.StringVal(vendor), vendorWhy)
		attr(b, "rtos", cty.StringVal(rtos), rtosWhy)
		if rtos == "freertos" && in.cmsis != "" {
			attr(b, "rtos_api", cty.StringVal("cmsis_"+in.cmsis), "the project's CMSIS-RTOS layer: "+in.cmsisWhy)
		}
		if mp, ok := proj.maxPriorities(); ok && rtos == "freertos" {
			attr(b, "rtos_priorities", cty.NumberIntVal(mp.n), "configMAX_PRIORITIES of the project's FreeRTOSConfig.h, "+mp.from+": thread priorities are chosen below it")
		}
		attr(b, "lwip_version", cty.StringVal(verText), verWhy)
		b.AppendNewline()
		eth := b.AppendNewBlock("ethernet", nil).Body()
		attr(eth, "phy", cty.StringVal(phy), phyWhy)
		attr(eth, "interface", cty.StringVal(iface), ifaceWhy)
		attr(eth, "speed_mbps", cty.NumberIntVal(int64(speed)), speedWhy)
		if in.rxDesc > 0 {
			attr(eth, "rx_descriptors", cty.NumberIntVal(int64(in.rxDesc)), "the .ioc's ETH.ETH_RX_DESC_CNT")
		}
		if in.txDesc > 0 {
			attr(eth, "tx_descriptors", cty.NumberIntVal(int64(in.txDesc)), "the .ioc's ETH.ETH_TX_DESC_CNT")
		}
		switch {
		case in.rxBufs > 0 && rxBufsPinned:
			attr(eth, "rx_buffers", cty.NumberIntVal(int64(in.rxBufs)), "the .ioc's LWIP.ETH_RX_BUFFER_CNT")
		case in.rxBufs > 0:
			comment(eth, fmt.Sprintf("rx_buffers: not the .ioc's LWIP.ETH_RX_BUFFER_CNT %d: that is the pool of CubeMX's driver, which lwipgen's replaces;", in.rxBufs),
				fmt.Sprintf("lwipgen's keeps the %d RX descriptors armed, so %d buffers leave lwIP too few for the project's TCP_WND: lwipgen sizes the pool", in.rxDesc, in.rxBufs))
		}
		if val("CHECKSUM_GEN_IP", 1) == 0 && val("CHECKSUM_CHECK_TCP", 1) == 0 {
			attr(eth, "checksum_offload", cty.True, "CHECKSUM_GEN_IP and CHECKSUM_CHECK_TCP are 0: the MAC computes checksums")
		}
		b.AppendNewline()
		wl := b.AppendNewBlock("workload", nil).Body()
		comment(wl, "An lwipopts.h says nothing about the traffic: inferred from the pools (the inverse of lwipgen's PCB rules).")
		attr(wl, "profile", cty.StringVal("balanced"), "nothing in the input says whether throughput or latency matters more")
		attr(wl, "tcp_connections", cty.NumberIntVal(conns), connsWhy)
		attr(wl, "tcp_listeners", cty.NumberIntVal(val("MEMP_NUM_TCP_PCB_LISTEN", 8)), "MEMP_NUM_TCP_PCB_LISTEN")
		attr(wl, "udp_endpoints", cty.NumberIntVal(max(0, val("MEMP_NUM_UDP_PCB", 4)-b2i(val("LWIP_DHCP", 0) != 0)-b2i(val("LWIP_DNS", 0) != 0))), "MEMP_NUM_UDP_PCB less the PCBs of DHCP and DNS")
		attr(wl, "dhcp", cty.BoolVal(val("LWIP_DHCP", 0) != 0), "LWIP_DHCP")
		attr(wl, "dns", cty.BoolVal(val("LWIP_DNS", 0) != 0), "LWIP_DNS")
		if region != "" || mpuFirst > 0 {
			b.AppendNewline()
			mem := b.AppendNewBlock("memory", nil).Body()
			if region != "" {
				attr(mem, "lwip_region", cty.StringVal(region), regionWhy)
			}
			if mpuFirst > 0 {
				attr(mem, "mpu_first_region", cty.NumberIntVal(int64(mpuFirst)), mpuWhy)
			}
		}
		if len(opts) > 0 {
			b.AppendNewline()
			ob := b.AppendNewBlock("options", nil).Body()
			comment(ob, "The imported configuration, pinned: the generated lwipopts.h has these effective values.")
			var on []string
			for n := range opts {
				on = append(on, n)
			}
			sort.Strings(on)
			for _, n := range on {
				w := why[n]
				if w == "" {
					w = "lwIP's default (the project does not set it), kept: lwipgen would choose otherwise"
				}
				attr(ob, n, optionValue(opts[n]), w)
			}
		}
		return hclwrite.Format(f.Bytes())
	}
	// measured is the project's own lwIP as the cross compiler sees it (nil: no project lwIP, or
	// it measures equal to lwipgen's model): every plan below is made at its sizes, as vendor and
	// build --project will plan the board.
	var measured *lwip.Measured
	decode := func(src []byte) (*board.Board, *plan.Plan, hcl.Diagnostics, error) {
		bd, diags := board.DecodeBoard(src, outName, chips, o.Source.Options)
		if diags.HasErrors() {
			return nil, nil, diags, nil
		}
		f, err := flow.Of(bd)
		if err != nil {
			return bd, nil, diags, err
		}
		h := f.Plan(bd)
		h.Measured = measured
		p, err := plan.Build(bd, h)
		return bd, p, diags, err
	}
	if proj != nil {
		// measured once, with the project's own options pinned: the element sizes follow its
		// feature switches, which every board below keeps
		pinned := map[string]string{}
		for n, e := range set {
			pinned[n] = e
		}
		if bd, p, _, err := decode(write(pinned, nil)); err == nil && p != nil {
			m, merr := pipeline.ProjectLwIP(context.Background(), bd, p, proj.model)
			switch {
			case merr != nil:
				res.Notes = append(res.Notes, fmt.Sprintf("the project's lwIP was not measured (%s): the board is sized with lwipgen's model of stock lwIP %s", machineFree(merr.Error(), proj.dir), bd.LwIPVersion))
			case m != nil:
				diffs, derr := p.Config.Differences(m)
				switch {
				case derr != nil:
					res.Notes = append(res.Notes, fmt.Sprintf("the project's lwIP (%s) was measured, but: %s", m.Tree, machineFree(derr.Error(), proj.dir)))
				case len(diffs) > 0:
					measured = m
					p.Config.Measured = m // this plan is not kept: set for what the pools grow by
					res.Measured = p.Config.Finding(m, diffs)
					res.Notes = append(res.Notes, "sized at the project's lwIP as the cross compiler measured it, as vendor will plan it: "+res.Measured)
				default:
					res.Measured = p.Config.Finding(m, nil)
				}
			}
		}
	}
	// 1. lwipgen's own choice for this board, without the imported options
	_, p0, _, err := decode(write(nil, nil))
	if err != nil || p0 == nil {
		res.Notes = append(res.Notes, fmt.Sprintf("lwipgen cannot size this board on its own (%v): the values below are the project's", err))
	}
	// 2. pin every option lwipgen sets that the input leaves at lwIP's default
	opts := map[string]string{}
	for n, e := range set {
		opts[n] = e
	}
	// (a .ioc lists only what differs from CubeMX's own defaults, which are not lwIP's: there,
	// the options it does not list are left to lwipgen)
	for round := 0; round < 3 && !in.isIOC; round++ {
		_, p, _, err := decode(write(opts, nil))
		if err != nil || p == nil {
			break
		}
		added := false
		for _, s := range p.Settings {
			if _, ok := opts[s.Name]; ok {
				continue
			}
			if e, ok := inCfg.Expr(s.Name); ok {
				if n, ok := inCfg.Int(s.Name); ok {
					e = strconv.FormatInt(n, 10)
				}
				opts[s.Name] = e
				added = true
			}
		}
		if !added {
			break
		}
	}
	res.Options = opts
	// 3. what lwipgen would change, and why
	if p0 != nil {
		for _, s := range p0.Settings {
			want, _ := p0.Config.Int(s.Name)
			have, ok := inCfg.Int(s.Name)
			if ok && have == want {
				continue
			}
			if _, listed := set[s.Name]; in.isIOC && !listed {
				continue
			}
			yours := fmt.Sprint(have)
			if !ok {
				yours, _ = inCfg.Expr(s.Name)
			}
			if _, set := set[s.Name]; !set {
				yours += " (lwIP default)"
			}
			res.Changes = append(res.Changes, fmt.Sprintf("%s: %s -> %d: %s", s.Name, yours, want, s.Why))
		}
		for n := range set {
			if _, ok := p0.Setting(n); ok {
				continue
			}
			have, _ := inCfg.Int(n)
			if def, ok := p0.Config.Int(n); ok && def != have {
				res.Changes = append(res.Changes, fmt.Sprintf("%s: %d -> %d: lwipgen leaves it at lwIP's default", n, have, def))
			}
		}
	}
	sort.Strings(res.Changes)
	var comments []string
	if res.ChipFile != "" {
		comments = append(comments, "", "The chip was derived ("+res.ChipFile+"); inferred:")
		for _, i := range res.Inferred {
			comments = append(comments, "  "+i)
		}
	}
	for _, n := range res.Notes {
		comments = append(comments, "Note: "+n)
	}
	if len(res.Changes) > 0 {
		comments = append(comments, "", fmt.Sprintf("Without the options {} block lwipgen would change %d value(s) for this board:", len(res.Changes)))
		for _, c := range res.Changes {
			comments = append(comments, "  "+c)
		}
		comments = append(comments, "Delete an option below to let lwipgen size it.")
	} else if p0 != nil {
		comments = append(comments, "lwipgen's own sizing for this board gives the same values.")
	}
	res.HCL = write(opts, comments)
	// 4. a board the project's own configuration carries: an lwipopts.h does not say how many
	// connections send at once, and lwipgen's checks (heap for the send buffers, segments, pools)
	// would refuse the board with the PCB count; nor does LWIP_RAM_HEAP_POINTER's memory always hold
	// the pools and RX buffers too. Take the first memory (the heap pointer's, then the DMA-reachable
	// RAMs, largest first) and the most connections that plan and place.
	pcbs, pcbsWhy := conns, connsWhy
	regions := []string{region}
	var rams []board.Memory
	for _, m := range chip.Memories {
		if m.Kind == "ram" && m.DMA && m.Name != region {
			rams = append(rams, m)
		}
	}
	sort.SliceStable(rams, func(i, j int) bool { return rams[i].Size > rams[j].Size })
	for _, m := range rams {
		regions = append(regions, m.Name)
	}
	first, firstWhy := region, regionWhy
	fits := false
	// the pins of lwIP defaults the project does not set go first when they fail lwipgen's checks
	// (TCP_OOSEQ_MAX_PBUFS 0 = unlimited can take the RX buffers the ring needs): lwipgen sizes those
	own := map[string]string{}
	for n, e := range opts {
		if _, ok := set[n]; ok {
			own[n] = e
		}
	}
	optSets := []map[string]string{opts}
	if proj != nil { // an lwipopts.h alone is reproduced exactly; a project is made to vendor
		optSets = append(optSets, own)
	}
	// The .ioc's ETH_RX_BUFFER_CNT sizes CubeMX's own RX pool, which lets lwIP hold every buffer;
	// lwipgen's driver keeps rx_descriptors of them armed (plan.rx_reserve_holds), so a pool no
	// larger than the ring (CubeMX lets both be 32, e.g. an F767 iperf project) leaves the
	// project's window no buffer at all. A project's driver is lwipgen's after vendoring: when
	// nothing fits with the .ioc's count, lwipgen sizes the pool.
	type candidate struct {
		opts     map[string]string
		rxPinned bool
	}
	var cands []candidate
	for _, pinned := range []bool{true, false} {
		if !pinned && (proj == nil || in.rxBufs == 0) {
			continue
		}
		for _, o := range optSets {
			cands = append(cands, candidate{o, pinned})
		}
	}
	for _, cand := range cands {
		if fits {
			break
		}
		opts, rxBufsPinned = cand.opts, cand.rxPinned
		for _, r := range regions {
			region = r // "" first when no heap pointer says where: lwipgen chooses
			if r != first {
				regionWhy = "the largest DMA-reachable RAM that holds the project's heap, pools and RX buffers together"
				if first != "" {
					regionWhy = fmt.Sprintf("%s, but %s is too small for the heap, pools and RX buffers together: %s is the largest DMA-reachable RAM that holds them", firstWhy, first, r)
				}
			}
			for n := pcbs; n >= 1 && !fits; n-- {
				conns, connsWhy = n, pcbsWhy
				if n < pcbs {
					connsWhy = fmt.Sprintf("MEMP_NUM_TCP_PCB %d less one spare would be %d connections, but the project's buffers (MEM_SIZE, TCP_SND_BUF, MEMP_NUM_TCP_SEG) carry %d sending at once by lwipgen's checks", val("MEMP_NUM_TCP_PCB", 5), pcbs, n)
				}
				res.HCL = write(opts, comments)
				if _, p, _, err := decode(res.HCL); err == nil && p != nil && !p.Diagnostics().HasErrors() {
					if _, d := layout.Plan(p); !d.HasErrors() {
						fits = true
					}
				}
			}
			if fits {
				break
			}
		}
	}
	if !fits { // nothing passes: the project's own values, with the findings as warnings
		region, regionWhy, conns, connsWhy, opts, rxBufsPinned = first, firstWhy, pcbs, pcbsWhy, optSets[0], true
		res.HCL = write(opts, comments)
	}
	res.Options = opts
	// 5. the findings on the imported board: warnings into the written file
	bd, p, diags, err := decode(res.HCL)
	res.Board, res.Plan = bd, p
	res.Warnings = append(res.Warnings, diagLines(diags)...)
	switch {
	case bd == nil:
		return res, fmt.Errorf("the imported board does not decode: %v", diags)
	case err != nil:
		res.Warnings = append(res.Warnings, fmt.Sprintf("%s: lwipgen cannot plan the imported board: %v", outName, err))
	default:
		res.Warnings = append(res.Warnings, diagLines(p.Diagnostics())...)
		if _, d := layout.Plan(p); len(d) > 0 {
			res.Warnings = append(res.Warnings, diagLines(d)...)
		}
	}
	return res, nil
}

var identRe = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)

func sortedKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func outOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// diagLines formats diagnostics as "file:line,col: summary: detail".
func diagLines(ds hcl.Diagnostics) []string {
	var out []string
	for _, d := range ds {
		at := ""
		if d.Subject != nil {
			at = fmt.Sprintf("%s:%d,%d: ", d.Subject.Filename, d.Subject.Start.Line, d.Subject.Start.Column)
		}
		// one line each: a plan warning's detail is why, then the fix, on lines of their own
		out = append(out, at+d.Summary+": "+strings.ReplaceAll(d.Detail, "\n", " "))
	}
	return out
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// tmpPath is an absolute path under a temporary directory (the measuring compile's scratch files).
var tmpPath = regexp.MustCompile(regexp.QuoteMeta(filepath.ToSlash(os.TempDir())) + `/[^\s:'"]*/`)

// machineFree makes a compiler message fit the written board file, which must be the same on
// every machine: the first line only, paths inside the project relative to it, the scratch
// directory's paths reduced to the file name.
func machineFree(msg, projDir string) string {
	msg, _, _ = strings.Cut(msg, "\n")
	if projDir != "" {
		msg = strings.ReplaceAll(msg, filepath.ToSlash(filepath.Clean(projDir))+"/", "")
	}
	return tmpPath.ReplaceAllString(msg, "")
}

// generatedProject says whether dir holds a project CubeMX generated code
// into: a build file or CubeMX's LWIP/Target/lwipopts.h beside the .ioc.
func generatedProject(dir string) bool {
	for _, f := range []string{"Makefile", "CMakeLists.txt", ".cproject", "LWIP/Target/lwipopts.h"} {
		if st, err := os.Stat(filepath.Join(dir, filepath.FromSlash(f))); err == nil && st.Mode().IsRegular() {
			return true
		}
	}
	return false
}
