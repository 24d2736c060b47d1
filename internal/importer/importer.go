// Package importer turns an existing lwIP configuration - a project's
// lwipopts.h or a CubeMX .ioc - into a board description (HCL) whose
// generated lwipopts.h has the same effective option values. The options
// become an options {} block; the Ethernet counts of a .ioc become
// ethernet {} values; and the file lists, as comments, what lwipgen would
// choose differently for the same board without those overrides, and why.
package importer

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/cheader"
	"github.com/lwipgen/lwipgen/internal/layout"
	"github.com/lwipgen/lwipgen/internal/lwip"
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
	for _, d := range cheader.Defines(src) {
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
			for _, d := range cheader.Defines(cc) {
				// an empty #define (mjmokhtar/stm32f401xx-enc28j60-lwip's cc.h:
				// "#define LWIP_TIMEVAL_PRIVATE") only marks the name defined: no
				// value a board option can carry, and lwIP tests it with #ifndef
				if _, set := in.defs[d.Name]; !set && strings.TrimSpace(d.Value) != "" && d.Name != "BYTE_ORDER" && (lwip.Known(lwip.V213, d.Name) || lwip.Known(lwip.V22x, d.Name)) {
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
	} else if f, ok := p.model.Fact(project.KeyLwipVersion); ok {
		// lwIP prebuilt beside the project (a Xilinx SDK application: the
		// BSP's library and the headers in its include folder): the version
		// the model read from the init.h the application includes, before
		// any chip is asked for
		in.version, in.versionWhy = f.Value, fmt.Sprintf("the lwIP the project includes, %s (%s)", f.From, f.Why)
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

// build makes the board file of an import: the resolvers (resolve.go) decide
// each board value with its reason, then the steps (steps.go) measure the
// project's lwIP, pin its options, list what lwipgen would change and fit a
// board the project's configuration carries.
func build(in *input, proj *projectFiles, o Options) (*Result, error) {
	if o.BoardName == "" {
		o.BoardName = "imported"
	}
	outName := o.Out
	if outName == "" {
		outName = "<stdout>"
	}
	version, v, err := resolveVersion(in, o)
	if err != nil {
		return nil, err
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
	chipName, err := resolveChip(in, proj, o, chips, res)
	if err != nil {
		return nil, err
	}
	chip, ok := chips[chipName.Value]
	if !ok {
		return nil, fmt.Errorf("unknown chip %q", chipName.Value)
	}
	// an opt.h default the project's own lwIP changed is compiled like an lwipopts.h option
	addChangedOptDefaults(in, proj, v, version.Value)
	set, why, inCfg, err := importedOptions(in, proj, v, version.Value, res)
	if err != nil {
		return nil, err
	}
	ib := &imported{in: in, proj: proj, boardName: o.BoardName, version: version, chip: chipName, inCfg: inCfg, why: why, rxBufsPinned: true}
	ib.rtos = resolveRTOS(in, o, inCfg)
	ib.vendor = resolveVendor(in, proj, o, chip)
	ib.phy, ib.iface, ib.speed = resolveEthernet(in, o, chip)
	ib.region = resolveHeapRegion(in, chip)
	ib.mpuFirst = resolveMPUFirst(in, chip, res)
	ib.conns = decide(max(1, ib.val("MEMP_NUM_TCP_PCB", 5)-1), fmt.Sprintf("MEMP_NUM_TCP_PCB %d less the one spare PCB lwipgen keeps", ib.val("MEMP_NUM_TCP_PCB", 5)))
	dec := &decoder{outName: outName, chips: chips, options: o.Source.Options}
	if proj != nil {
		measure(ib, proj, set, dec, res)
	}
	// 1. lwipgen's own choice for this board, without the imported options
	_, p0, _, err := dec.decode(ib.hcl(nil, nil))
	if err != nil || p0 == nil {
		res.Notes = append(res.Notes, fmt.Sprintf("lwipgen cannot size this board on its own (%v): the values below are the project's", err))
	}
	// 2. pin every option lwipgen sets that the input leaves at lwIP's default
	opts := pinDefaults(ib, set, dec)
	// 3. what lwipgen would change, and why
	if p0 != nil {
		res.Changes = changes(ib, set, p0)
	}
	comments := headerComments(res, p0 != nil)
	// 4. a board the project's own configuration carries
	res.Options = fit(ib, proj, set, opts, chip, comments, dec, res)
	// 5. the findings on the imported board: warnings into the written file
	bd, p, diags, err := dec.decode(res.HCL)
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
