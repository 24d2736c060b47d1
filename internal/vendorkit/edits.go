package vendorkit

import (
	"fmt"
	"github.com/lwipgen/lwipgen/internal/fsutil"
	"github.com/lwipgen/lwipgen/internal/mpu"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/lwipgen/lwipgen/internal/cheader"
	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/layout"
	"github.com/lwipgen/lwipgen/internal/lwip"
)

var defineLineRe = regexp.MustCompile(`(?m)^#define[ \t]+([A-Za-z_][A-Za-z0-9_]*)\b`)

// sizing options decide how much RAM lwIP takes and where: a value the
// project sets for one of them, which lwipgen leaves at lwIP's default,
// would break the plan (and the ELF verification), so it is #undef'd.
func sizing(name string) bool {
	for _, pre := range []string{"MEMP_NUM_", "PBUF_POOL_", "CHECKSUM_GEN_", "CHECKSUM_CHECK_", "TCP_SND_", "MEM_"} {
		if strings.HasPrefix(name, pre) {
			return true
		}
	}
	switch name {
	case "LWIP_RAM_HEAP_POINTER", "MEMP_MEM_MALLOC", "TCP_MSS", "TCP_WND", "ARP_TABLE_SIZE", "IP_REASS_MAX_PBUFS",
		"LWIP_WND_SCALE", "TCP_RCV_SCALE", "MEMP_USE_CUSTOM_POOLS", "LWIP_STATS", "NO_SYS":
		return true
	}
	return false
}

// overrideHeader turns lwipgen's lwipopts.h into a header included at the
// end of the project's own: every value is #undef'd first, so lwipgen's
// wins over what CubeMX (or the user) wrote above.
func overrideHeader(gen, proj []byte, p *Project, g *flow.Generated) []byte {
	genSet := map[string]bool{}
	text := defineLineRe.ReplaceAllStringFunc(string(gen), func(m string) string {
		name := defineLineRe.FindStringSubmatch(m)[1]
		if name == "LWIPGEN_LWIPOPTS_H" {
			return m
		}
		genSet[name] = true
		return "#undef  " + name + "\n" + m
	})
	var undef, kept []string
	var extra strings.Builder
	seen := map[string]bool{}
	d := g.Plan.Driver
	for _, def := range cheader.Defines(proj) {
		if seen[def.Name] || genSet[def.Name] {
			continue
		}
		seen[def.Name] = true
		switch {
		case def.Name == "CHECKSUM_BY_HARDWARE":
			// CubeMX's ethernetif.c turns the MAC's checksum offload on or off with it
			fmt.Fprintf(&extra, "/* CubeMX's ethernetif.c configures the MAC's checksum offload from this; it must match CHECKSUM_GEN_* above */\n#undef  CHECKSUM_BY_HARDWARE\n#define CHECKSUM_BY_HARDWARE           %d\n", b2i(d.ChecksumHW))
		case def.Name == "ETH_RX_BUFFER_SIZE" && d.RxBufferSize > 0:
			fmt.Fprintf(&extra, "/* RX buffer length the plan sized the RX pool with */\n#undef  ETH_RX_BUFFER_SIZE\n#define ETH_RX_BUFFER_SIZE             %d\n", d.RxBufferSize)
		case !lwip.Known(g.Plan.Version, def.Name):
		case sizing(def.Name):
			undef = append(undef, def.Name+" (was "+def.Value+")")
			fmt.Fprintf(&extra, "#undef  %s\n", def.Name)
		default:
			kept = append(kept, def.Name+" "+def.Value)
		}
	}
	var tail strings.Builder
	if extra.Len() > 0 || len(kept) > 0 {
		fmt.Fprintf(&tail, "\n/* ---- The project's %s ---- */\n", p.Lwipopts)
		if len(undef) > 0 {
			fmt.Fprintf(&tail, "/* sizing options lwipgen leaves at lwIP's default; the project's values would change the planned RAM:\n *   %s */\n", strings.Join(undef, "\n *   "))
		}
		tail.WriteString(extra.String())
		if len(kept) > 0 {
			fmt.Fprintf(&tail, "/* feature options kept from the project (lwipgen does not size them):\n *   %s */\n", strings.Join(kept, "\n *   "))
		}
	}
	head := fmt.Sprintf("/*\n * lwipgen_lwipopts.h - included at the end of %s by lwipgen's block, so each value below\n * replaces the project's own. Written by lwipgen vendor for board %q; do not edit: change the board\n * file and run lwipgen vendor again.\n */\n", p.Lwipopts, g.Board.Name)
	if i := strings.LastIndex(text, "#endif"); i >= 0 {
		text = text[:i] + strings.TrimPrefix(tail.String(), "") + "\n" + text[i:]
	} else {
		text += tail.String()
	}
	return []byte(head + text)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// beforeLastEndif inserts before the include guard's #endif (GD32 headers
// have no USER CODE blocks).
func beforeLastEndif(text string) (int, error) {
	i := strings.LastIndex(text, "\n#endif")
	if i < 0 {
		if !strings.HasSuffix(text, "\n") {
			return 0, fmt.Errorf("no include guard #endif and no final newline")
		}
		return len(text), nil
	}
	return i + 1, nil
}

func editLwipopts(w *workspace, p *Project, g *flow.Generated, gen []byte) {
	proj, ok := w.read(p.Lwipopts)
	if !ok {
		w.errs = append(w.errs, fmt.Errorf("%s: missing", p.Lwipopts))
		return
	}
	own := p.OwnDir + "/lwipgen_lwipopts.h"
	warnKeptRAM(w, p, g, proj)
	if c, ok := lwipVersionCheck(p.Dir, p.Model, g); ok && !c.OK {
		// the build would compile an lwIP the plan was not made for
		w.errs = append(w.errs, fmt.Errorf("%s", c.Detail))
		return
	}
	w.owned(own, overrideHeader(gen, proj, p, g), false)
	body := fmt.Sprintf("/* lwIP options sized by lwipgen for board %q; they replace the values above */\n#include \"%s\"\n", g.Board.Name, relTo(p.Lwipopts, own))
	at := insertAt(beforeLastEndif)
	if p.Layout.Generated {
		at = insertAt(insideUserCode("1"))
	}
	w.block(p.Lwipopts, cStyle, "lwipopts", "", body, at)
}

// funcBody returns the body span of a C function definition `name(void)`.
func funcBody(text, name string) (span, bool) {
	re := regexp.MustCompile(`(?m)^[A-Za-z_][\w \t\*]*\b` + name + `\s*\(\s*void\s*\)\s*\{`)
	// found and matched in the code alone (same offsets): a brace in a
	// comment or a string neither starts nor ends the body
	code := cheader.CodeOnly(text)
	loc := re.FindStringIndex(code)
	if loc == nil {
		return span{}, false
	}
	depth := 0
	for i := loc[1] - 1; i < len(code); i++ {
		switch code[i] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return span{loc[1], i}, true
			}
		}
	}
	return span{}, false
}

var (
	ucInRe = regexp.MustCompile(`/\* USER CODE BEGIN ([^*]+?) \*/`)
)

// editMain calls lwipgen's MPU set-up from main.c.
func editMain(w *workspace, p *Project, g *flow.Generated) {
	if p.Main == "" || !p.Layout.Generated {
		w.warnf("no CubeMX main.c: call lwipgen_mpu_setup() (%s/lwipgen_mpu.h) yourself before the data cache is enabled and before the Ethernet DMA starts", p.OwnDir)
		return
	}
	b, _ := w.read(p.Main)
	text := string(b)
	programmed := mpu.ReadMPUConfig(b, p.Main)
	used := map[int]mpu.Programmed{}
	for _, r := range programmed {
		used[r.Number] = r
	}
	for _, r := range g.Layout.MPU {
		if q, ok := used[r.Number]; ok {
			w.errs = append(w.errs, fmt.Errorf("%s: MPU_Config() programs MPU region %d, which lwipgen uses for its %s region at 0x%08X; free it in CubeMX (Cortex_M7 > MPU) or set memory { mpu_first_region = N } in the board file above CubeMX's regions", q.NumberAt, r.Number, r.Attr, r.Base))
			return
		}
	}
	// On ARMv7-M the highest-numbered region containing an address gives its attributes: a project
	// region numbered above lwipgen's that covers part of its sections with another memory type
	// (the lwIP heap as cacheable) silently undoes lwipgen's region there.
	overrides := mpu.Overrides(programmed, g.Layout.MPU)
	for _, o := range overrides {
		w.errs = append(w.errs, fmt.Errorf("%s: MPU_Config() region %d (0x%08X, %d B, %s) is numbered above lwipgen's region %d (0x%08X, %d B, %s: %s) and overlaps it at 0x%08X-0x%08X: the higher-numbered region wins, so that memory gets region %d's attributes; give region %d a number below %d in CubeMX (Cortex_M7 > MPU), or set memory { mpu_first_region = %d } in the board file",
			o.Project.Where, o.Project.Number, o.Project.Base, o.Project.Size, o.Project.AttrText(), o.Own.Number, o.Own.Base, o.Own.Size, o.Own.Attr, strings.Join(o.Own.Covers, ", "), o.Lo, o.Hi-1, o.Project.Number, o.Project.Number, o.Own.Number, o.Project.Number+1))
	}
	if len(overrides) > 0 {
		return
	}
	own := p.OwnDir + "/lwipgen_mpu.h"
	if !w.block(p.Main, cStyle, "mpu-include", "", fmt.Sprintf("#include \"%s\"\n", relTo(p.Main, own)), insertAt(insideUserCode("Includes"))) {
		return
	}
	text = string(w.cur[p.Main])
	mpuBody, hasMPU := funcBody(text, "MPU_Config")
	if hasMPU {
		if m := ucInRe.FindStringSubmatch(text[mpuBody.Start:mpuBody.End]); m != nil {
			// a USER CODE block inside MPU_Config(): between HAL_MPU_Disable() and HAL_MPU_Enable()
			name := m[1]
			w.block(p.Main, cStyle, "mpu", indentOfUserCode(text, name),
				"/* lwIP and Ethernet DMA regions planned by lwipgen (numbers from LWIPGEN_MPU_FIRST_REGION) */\nlwipgen_mpu_regions();\n",
				insertAt(insideUserCode(name)))
			return
		}
	}
	// CubeMX's MPU_Config() has no USER CODE block: program lwipgen's regions in
	// USER CODE 1, before MPU_Config() and before the caches are enabled.
	uc, ok := userCode(text, "1")
	main, okMain := funcBody(text, "main")
	if !ok || !okMain || uc.Start < main.Start || uc.Start > main.End {
		w.errs = append(w.errs, fmt.Errorf("%s: no /* USER CODE BEGIN 1 */ block in main() to call lwipgen_mpu_setup() from", p.Main))
		return
	}
	for _, later := range []string{"MPU_Config();", "SCB_EnableDCache();", "HAL_Init();"} {
		if i := strings.Index(text[main.Start:main.End], later); i >= 0 && main.Start+i < uc.Start {
			w.errs = append(w.errs, fmt.Errorf("%s: %s runs before USER CODE 1; lwipgen's MPU regions must be set before the data cache is used", p.Main, later))
			return
		}
	}
	w.block(p.Main, cStyle, "mpu", indentOfUserCode(text, "1"),
		"/* lwIP and Ethernet DMA MPU regions planned by lwipgen: set before MPU_Config() (which keeps them:\n   it only adds its own region numbers) and before SCB_EnableDCache(), so no cache line of them exists yet */\nlwipgen_mpu_setup();\n",
		insertAt(insideUserCode("1")))
}

// checkHALConf refuses an H7 hal_conf (which CubeMX regenerates, with
// unconditional ETH_*_DESC_CNT) that disagrees with the plan: the glue's
// #error would stop the build anyway, after the files were written.
func checkHALConf(w *workspace, p *Project, g *flow.Generated) {
	if p.HALConf == "" || !w.opts.HALConfDescCount {
		return
	}
	b, ok := w.read(p.HALConf)
	if !ok {
		return
	}
	for _, c := range []struct {
		name string
		want int
		key  string
	}{{"ETH_RX_DESC_CNT", g.Plan.Driver.RxDescriptors, "ETH.ETH_RX_DESC_CNT"}, {"ETH_TX_DESC_CNT", g.Plan.Driver.TxDescriptors, "ETH.ETH_TX_DESC_CNT"}} {
		m := regexp.MustCompile(`(?m)^#define[ \t]+` + c.name + `[ \t]+(\d+)U?`).FindSubmatch(b)
		if m == nil {
			continue
		}
		if n, _ := strconv.Atoi(string(m[1])); n != c.want {
			w.errs = append(w.errs, fmt.Errorf("%s defines %s %d, the plan needs %d: set it in CubeMX (ETH > Parameter Settings, .ioc key %s) and generate code, or set ethernet { %s = %d } in the board file; CubeMX writes it unconditionally, so a compile definition cannot override it", p.HALConf, c.name, n, c.want, c.key, map[string]string{"ETH_RX_DESC_CNT": "rx_descriptors", "ETH_TX_DESC_CNT": "tx_descriptors"}[c.name], n))
		}
	}
}

// ---- linker script ----

type ldStmt struct {
	Name       string
	Start, End int // whole lines: start of the header line .. after the closing brace's line
	Body       string
	Indent     string
}

var (
	ldCommentRe = regexp.MustCompile(`(?s)/\*.*?\*/`)
	ldAssignRe  = regexp.MustCompile(`\.\s*=\s*[^;]*;|[A-Za-z_][A-Za-z0-9_]*\s*=\s*[^;]*;|PROVIDE(_HIDDEN)?\s*\([^;]*;`)
)

// placesOnly reports whether an output section body places nothing but
// the input sections hit (and moves the location counter or defines
// symbols): removing or emptying it then loses nothing of the project's.
func placesOnly(body string, hit []string) bool {
	b := body
	if i := strings.IndexByte(b, '{'); i >= 0 {
		b = b[i+1:]
	}
	if i := strings.LastIndexByte(b, '}'); i >= 0 {
		b = b[:i]
	}
	b = ldCommentRe.ReplaceAllString(b, " ")
	for _, in := range hit {
		q := regexp.QuoteMeta(in)
		b = regexp.MustCompile(`KEEP\s*\(\s*[^()]*\(\s*`+q+`\s*\)\s*\)|[^\s()]*\(\s*`+q+`\s*\)`).ReplaceAllString(b, " ")
	}
	b = ldAssignRe.ReplaceAllString(b, " ")
	return strings.TrimSpace(strings.Trim(b, " \t\r\n;")) == ""
}

// ldSections lists the output section statements at the top level of SECTIONS {}.
func ldSections(text string) ([]ldStmt, error) {
	i := indexWord(text, "SECTIONS")
	if i < 0 {
		return nil, fmt.Errorf("1:1: no SECTIONS command")
	}
	open := strings.IndexByte(text[i:], '{')
	if open < 0 {
		return nil, fmt.Errorf("1:1: SECTIONS without {")
	}
	pos := i + open + 1
	var out []ldStmt
	stmt := -1
	for pos < len(text) {
		c := text[pos]
		switch {
		case strings.HasPrefix(text[pos:], "/*"):
			e := strings.Index(text[pos+2:], "*/")
			if e < 0 {
				l, c := fsutil.Position([]byte(text), pos)
				return nil, fmt.Errorf("%d:%d: unterminated /* comment", l, c)
			}
			pos += e + 4
			continue
		case c == '}' && stmt < 0:
			return out, nil
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
		case stmt < 0:
			stmt = pos
			if strings.HasPrefix(text[pos:], "INCLUDE") {
				nl := strings.IndexByte(text[pos:], '\n')
				if nl < 0 {
					return out, nil
				}
				pos += nl
				stmt = -1
			}
			continue
		case c == ';':
			stmt = -1
		case c == '{':
			header := text[stmt:pos]
			depth := 0
			j := pos
			for ; j < len(text); j++ {
				if text[j] == '{' {
					depth++
				} else if text[j] == '}' {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			if j >= len(text) {
				l, c := fsutil.Position([]byte(text), pos)
				return nil, fmt.Errorf("%d:%d: this { is never closed", l, c)
			}
			end := strings.IndexByte(text[j:], '\n')
			if end < 0 {
				end = len(text)
			} else {
				end += j + 1
			}
			ls := strings.LastIndexByte(text[:stmt], '\n') + 1
			if strings.Contains(header, ":") {
				name := strings.Fields(strings.SplitN(header, ":", 2)[0])
				if len(name) > 0 {
					out = append(out, ldStmt{Name: name[0], Start: ls, End: end, Body: text[pos:j], Indent: text[ls:stmt]})
				}
			}
			pos = end
			stmt = -1
			continue
		}
		pos++
	}
	return out, nil
}

func indexWord(text, w string) int {
	re := regexp.MustCompile(`(?m)^\s*` + w + `\b`)
	loc := re.FindStringIndex(text)
	if loc == nil {
		return -1
	}
	return loc[0] + strings.Index(text[loc[0]:loc[1]], w)
}

var (
	memLineRe = regexp.MustCompile(`(?m)^([ \t]*)([A-Za-z_][\w]*)[ \t]*(\([^)]*\))?[ \t]*:[ \t]*ORIGIN[ \t]*=[ \t]*([0-9A-Fa-fxX]+[KkMm]?)[ \t]*,[ \t]*LENGTH[ \t]*=[ \t]*([0-9A-Fa-fxX]+[KkMm]?)[ \t]*\r?$`)
	wasRe     = regexp.MustCompile(`was: (.*) \*/`)
	bssSelRe  = regexp.MustCompile(`\*\(\s*\.bss\b|\*\(\s*COMMON\s*\)`)
)

func ldNum(s string) (uint64, bool) {
	mul := uint64(1)
	switch s[len(s)-1] {
	case 'K', 'k':
		mul, s = 1024, s[:len(s)-1]
	case 'M', 'm':
		mul, s = 1024*1024, s[:len(s)-1]
	}
	v, err := strconv.ParseUint(s, 0, 64)
	return v * mul, err == nil
}

// editLinker edits the project's linker script in three steps: MEMORY
// regions give up lwipgen's carves, hand-written placements of the same input
// sections are reported (or removed), and lwip_sections.ld is included before
// the first statement that would take its input sections.
func editLinker(w *workspace, p *Project, g *flow.Generated) {
	rel := p.LinkerScript
	b, ok := w.read(rel)
	if !ok {
		w.errs = append(w.errs, fmt.Errorf("%s: missing", rel))
		return
	}
	text := string(b)
	for _, m := range memoryLines(text) {
		giveUpCarves(w, rel, m, g.Layout.Carves)
	}
	text = string(w.cur[rel])
	isConflict := conflictTest(g)
	if !placeConflicts(w, rel, text, isConflict) {
		return
	}
	includeSections(w, p, rel, isConflict)
}

// memLine is a MEMORY line of the linker script: the region's name, the line
// as the project wrote it and its indent.
type memLine struct {
	name, line, indent string
}

// memoryLines are the script's MEMORY lines by region name. A region lwipgen
// already cut is read from its block's "was:" line: the cut line inside the
// block is lwipgen's own output (taking it as the original made a board
// switch look like a hand edit).
func memoryLines(text string) []memLine {
	var mems []memLine
	var cut [][2]int
	for _, m := range regexp.MustCompile(`lwipgen BEGIN memory-(\w+) `).FindAllStringSubmatch(text, -1) {
		if bl, found, _ := findBlock(text, cStyle, "memory-"+m[1]); found {
			cut = append(cut, [2]int{bl.Whole.Start, bl.Whole.End})
		}
	}
	for _, loc := range memLineRe.FindAllStringSubmatchIndex(text, -1) {
		inBlock := false
		for _, c := range cut {
			inBlock = inBlock || loc[0] >= c[0] && loc[0] < c[1]
		}
		if !inBlock {
			m := text[loc[0]:loc[1]]
			mems = append(mems, memLine{text[loc[4]:loc[5]], m, text[loc[2]:loc[3]]})
		}
	}
	for _, m := range regexp.MustCompile(`lwipgen BEGIN memory-(\w+) `).FindAllStringSubmatch(text, -1) {
		if bl, found, _ := findBlock(text, cStyle, "memory-"+m[1]); found {
			if wm := wasRe.FindStringSubmatch(bl.Body); wm != nil {
				ls := text[bl.Whole.Start:]
				mems = append(mems, memLine{m[1], wm[1], ls[:len(ls)-len(strings.TrimLeft(ls, " \t"))]})
			}
		}
	}
	sort.SliceStable(mems, func(i, j int) bool { return mems[i].name < mems[j].name })
	return mems
}

// giveUpCarves makes a MEMORY region that overlaps lwipgen's carves give
// those bytes up (in an lwipgen block that keeps the original line); a carve
// inside the region keeps the larger part, with a warning.
func giveUpCarves(w *workspace, rel string, m memLine, carves []layout.Carve) {
	sm := memLineRe.FindStringSubmatch(m.line)
	if sm == nil {
		return
	}
	origin, ok1 := ldNum(sm[4])
	length, ok2 := ldNum(sm[5])
	if !ok1 || !ok2 {
		return
	}
	end := origin + length
	lo, hi := uint64(0), uint64(0)
	for _, c := range carves {
		if c.Base < end && c.End > origin {
			if lo == hi {
				lo, hi = c.Base, c.End
			} else {
				lo, hi = min(lo, c.Base), max(hi, c.End)
			}
		}
	}
	if lo == hi {
		return
	}
	nOrigin, nEnd := origin, end
	switch {
	case lo <= origin && hi >= end:
		nOrigin, nEnd = hi, hi
	case lo <= origin:
		nOrigin = hi
	case hi >= end:
		nEnd = lo
	case lo-origin >= end-hi:
		nEnd = lo
		w.warnf("%s: lwipgen's memory 0x%08X..0x%08X sits inside %s; %s keeps only the part below it", rel, lo, hi, m.name, m.name)
	default:
		nOrigin = hi
		w.warnf("%s: lwipgen's memory 0x%08X..0x%08X sits inside %s; %s keeps only the part above it", rel, lo, hi, m.name, m.name)
	}
	orig := strings.TrimSpace(m.line)
	body := fmt.Sprintf("/* was: %s */\n/* lwipgen's lwip_sections.ld owns 0x%08X..0x%08X: this region gives those bytes up */\n%s%s : ORIGIN = 0x%08X, LENGTH = %d\n",
		orig, lo, hi, sm[2], map[bool]string{true: " " + sm[3], false: ""}[sm[3] != ""], nOrigin, nEnd-nOrigin)
	line := m.line
	w.block(rel, cStyle, "memory-"+m.name, m.indent, body, func(t string) (int, int, error) {
		i := strings.Index(t, line)
		if i < 0 {
			return 0, 0, fmt.Errorf("MEMORY line of %s not found", m.name)
		}
		e := i + len(line)
		if e < len(t) && t[e] == '\n' {
			e++
		}
		return i, e, nil
	})
}

// conflictTest says which of lwipgen's input sections an output statement
// that is not lwipgen's places by hand.
func conflictTest(g *flow.Generated) func(ldStmt) []string {
	ours := map[string]bool{}
	var inputs []string
	for _, s := range g.Layout.Sections {
		ours[s.Name] = true
		for _, o := range s.Objects {
			inputs = append(inputs, o.Inputs...)
		}
	}
	return func(s ldStmt) []string {
		if ours[s.Name] {
			return nil
		}
		var hit []string
		for _, in := range inputs {
			if regexp.MustCompile(`\(\s*` + regexp.QuoteMeta(in) + `\s*\)`).MatchString(s.Body) {
				hit = append(hit, in)
			}
		}
		return hit
	}
}

// placeConflicts reports the hand-written placements of lwipgen's input
// sections, or with --remove-conflicts replaces each with a note lwipgen
// vendor --undo reverts; false when the script does not parse.
func placeConflicts(w *workspace, rel, text string, isConflict func(ldStmt) []string) bool {
	secs, err := ldSections(text)
	if err != nil {
		w.errs = append(w.errs, fmt.Errorf("%s:%v", rel, err)) // ldSections errors start with line:col
		return false
	}
	var conflicts []ldStmt
	for _, s := range secs {
		if hit := isConflict(s); len(hit) > 0 {
			if !placesOnly(s.Body, hit) {
				// an output section that also collects the project's own input sections (ST's
				// H723 example names .Rx_PoolSection inside .bss): only that input line is void;
				// removing the statement would drop .bss
				line := strings.Count(text[:s.Start], "\n") + 1
				w.warnf("%s:%d: output section %s also names %s; lwip_sections.ld is included before it, so that input line matches nothing now (delete it when convenient); %s itself is kept, --remove-conflicts or not", rel, line, s.Name, strings.Join(hit, ", "), s.Name)
				continue
			}
			if w.opts.RemoveConflicts {
				conflicts = append(conflicts, s)
			} else {
				line := strings.Count(text[:s.Start], "\n") + 1
				w.warnf("%s:%d: output section %s places %s by hand; lwip_sections.ld is included before it, so lwipgen's placement wins and %s stays empty (its fixed addresses can still collide); rerun with --remove-conflicts to remove it", rel, line, s.Name, strings.Join(hit, ", "), s.Name)
			}
		}
	}
	removedNote := func(name string) string {
		return fmt.Sprintf("/* %s was removed by lwipgen vendor --remove-conflicts: it placed lwIP / Ethernet DMA input\n   sections by hand, which lwip_sections.ld now places. lwipgen vendor --undo brings it back. */\n", name)
	}
	for k := len(conflicts) - 1; k >= 0; k-- {
		s := conflicts[k]
		w.block(rel, cStyle, "removed"+s.Name, s.Indent, removedNote(s.Name), func(string) (int, int, error) { return s.Start, s.End, nil })
	}
	text = string(w.cur[rel])
	for _, m := range regexp.MustCompile(`lwipgen BEGIN removed(\.[\w.]+) `).FindAllStringSubmatch(text, -1) {
		if bl, found, _ := findBlock(text, cStyle, "removed"+m[1]); found {
			indent := text[bl.Whole.Start : bl.Whole.Start+len(text[bl.Whole.Start:])-len(strings.TrimLeft(text[bl.Whole.Start:], " \t"))]
			w.block(rel, cStyle, "removed"+m[1], indent, removedNote(m[1]), nil)
		}
	}
	return true
}

// includeSections includes lwip_sections.ld before the first output
// statement that would take its input sections (GNU ld gives an input
// section to the first statement that matches it).
func includeSections(w *workspace, p *Project, rel string, isConflict func(ldStmt) []string) {
	text := string(w.cur[rel])
	secs, _ := ldSections(text)
	target := -1
	for k, s := range secs {
		if bssSelRe.MatchString(s.Body) || len(isConflict(s)) > 0 {
			target = k
			break
		}
	}
	if target < 0 {
		w.errs = append(w.errs, fmt.Errorf("%s: no output section collects *(.bss*) or *(COMMON); add `INCLUDE lwip_sections.ld` inside SECTIONS yourself", rel))
		return
	}
	s := secs[target]
	w.block(rel, cStyle, "sections", s.Indent,
		fmt.Sprintf("/* lwIP heap, pools and Ethernet DMA memory at the addresses lwipgen planned (%s/lwip_sections.ld,\n   found through -L%s). Before %s: GNU ld gives an input section to the first statement that matches it. */\nINCLUDE lwip_sections.ld\n", p.OwnDir, p.OwnDir, s.Name),
		func(string) (int, int, error) { return s.Start, s.Start, nil })
}
