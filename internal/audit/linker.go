package audit

import (
	"fmt"
	"github.com/lwipgen/lwipgen/internal/fsutil"
	"regexp"
	"strconv"
	"strings"

	"github.com/lwipgen/lwipgen/internal/cheader"
)

// What a GNU ld script says about where things go: its MEMORY regions, and
// the input sections it pins to fixed addresses (CubeMX puts the ETH DMA
// descriptors and RX buffers at `. = ABSOLUTE(0x30040000)` inside an output
// section).

type ldRegion struct {
	Name       string
	Base, Size uint64
	Line       int
}

type ldFixed struct {
	Section    string // input section, e.g. .RxDecripSection
	Base, End  uint64 // End = next fixed address in the same output section (0: unknown)
	Line       int
	OutSection string
}

type ldScript struct {
	Path    string
	Regions []ldRegion
	Fixed   []ldFixed
	// Placed lists the regions that receive linker-placed output sections
	// (not pinned to an address): the linker fills them from their start.
	Placed map[string][]string
}

var (
	reRegion  = regexp.MustCompile(`(?m)^\s*([A-Za-z_][A-Za-z0-9_]*)\s*(?:\([^)]*\))?\s*:\s*ORIGIN\s*=\s*([0-9A-Fa-fxX]+)\s*,\s*LENGTH\s*=\s*([0-9A-Fa-fxX]+)\s*([KkMm]?)`)
	reOutSec  = regexp.MustCompile(`(?m)^\s*(\.[A-Za-z0-9_.]+|/DISCARD/)\s*([0-9A-Fa-fxX]*)\s*(\(NOLOAD\))?\s*:`)
	reAbs     = regexp.MustCompile(`\.\s*=\s*(?:ABSOLUTE\s*\()?\s*(0[xX][0-9A-Fa-f]+)\s*\)?\s*;`)
	reInSec   = regexp.MustCompile(`\*\s*\(\s*(\.[A-Za-z0-9_.]+)`)
	reToRegon = regexp.MustCompile(`^\s*>\s*([A-Za-z_][A-Za-z0-9_]*)`)
)

func parseNum(s, unit string) uint64 {
	v, err := strconv.ParseUint(s, 0, 64)
	if err != nil {
		return 0
	}
	switch strings.ToUpper(unit) {
	case "K":
		v <<= 10
	case "M":
		v <<= 20
	}
	return v
}

func lineAt(s string, off int) int { return strings.Count(s[:off], "\n") + 1 }

func parseLinkerScript(path string) (*ldScript, error) {
	b, err := fsutil.ReadText(path, fsutil.MaxInput)
	if err != nil {
		return nil, err
	}
	text := cheader.StripComments(string(b))
	ld := &ldScript{Path: path, Placed: map[string][]string{}}
	for _, m := range reRegion.FindAllStringSubmatchIndex(text, -1) {
		g := func(i int) string { return text[m[2*i]:m[2*i+1]] }
		ld.Regions = append(ld.Regions, ldRegion{Name: g(1), Base: parseNum(g(2), ""), Size: parseNum(g(3), g(4)), Line: lineAt(text, m[0])})
	}
	for _, m := range reOutSec.FindAllStringSubmatchIndex(text, -1) {
		name := text[m[2]:m[3]]
		open := strings.Index(text[m[1]:], "{")
		if open < 0 {
			continue
		}
		start := m[1] + open
		depth, end := 0, -1
		for i := start; i < len(text); i++ {
			if text[i] == '{' {
				depth++
			} else if text[i] == '}' {
				depth--
				if depth == 0 {
					end = i
					break
				}
			}
		}
		if end < 0 {
			continue
		}
		body := text[start+1 : end]
		region := ""
		if r := reToRegon.FindStringSubmatch(text[end+1:]); r != nil {
			region = r[1]
		}
		var fixed []ldFixed
		if m[4] < m[5] { // `.name 0x30040000 (NOLOAD) :`
			fixed = append(fixed, ldFixed{Section: name, Base: parseNum(text[m[4]:m[5]], ""), Line: lineAt(text, m[0]), OutSection: name})
		}
		abs := reAbs.FindAllStringSubmatchIndex(body, -1)
		for i, am := range abs {
			addr := parseNum(body[am[2]:am[3]], "")
			next := len(body)
			if i+1 < len(abs) {
				next = abs[i+1][0]
			}
			for _, im := range reInSec.FindAllStringSubmatch(body[am[1]:next], -1) {
				fixed = append(fixed, ldFixed{Section: im[1], Base: addr, Line: lineAt(text, start+1+am[0]), OutSection: name})
			}
		}
		for i := range fixed {
			if i+1 < len(fixed) && fixed[i+1].Base > fixed[i].Base {
				fixed[i].End = fixed[i+1].Base
			}
		}
		ld.Fixed = append(ld.Fixed, fixed...)
		if len(fixed) == 0 && region != "" && name != "/DISCARD/" {
			ld.Placed[region] = append(ld.Placed[region], name)
		}
	}
	return ld, nil
}

func (ld *ldScript) regionAt(addr uint64) (ldRegion, bool) {
	for _, r := range ld.Regions {
		if addr >= r.Base && addr < r.Base+r.Size {
			return r, true
		}
	}
	return ldRegion{}, false
}

var reDMASection = regexp.MustCompile(`(?i)decrip|descr|desc|dma|rx_?pool|tx_?pool|eth|enet|lwip`)

// heapFindings checks a heap placed by LWIP_RAM_HEAP_POINTER against the
// linker script: inside a memory, clear of the DMA descriptors and buffers
// the script pins, and not where the linker places other sections.
func heapFindings(a *auditor, script string) ([]Finding, error) {
	ld, err := parseLinkerScript(script)
	if err != nil {
		return nil, err
	}
	base, end, ok := a.heapRange()
	if !ok {
		return nil, nil
	}
	file, line := a.at("LWIP_RAM_HEAP_POINTER")
	var fs []Finding
	add := func(sev, id, msg, fix string) {
		fs = append(fs, Finding{File: file, Line: line, Severity: sev, ID: id, Option: "LWIP_RAM_HEAP_POINTER", Message: msg, Fix: fix, Source: "rule"})
	}
	heap := fmt.Sprintf("the lwIP heap at 0x%08X..0x%08X (LWIP_RAM_HEAP_POINTER + MEM_SIZE %d + 2 struct mem)", base, end, a.val("MEM_SIZE"))
	r, in := ld.regionAt(base)
	if !in {
		add(SevError, "audit.heap_outside_memory", fmt.Sprintf("%s is in no MEMORY region of %s", heap, ld.Path), "point LWIP_RAM_HEAP_POINTER into a RAM region the Ethernet DMA reaches")
		return fs, nil
	}
	if end > r.Base+r.Size {
		add(SevError, "audit.heap_past_memory", fmt.Sprintf("%s runs %d bytes past the end of %s (0x%08X, %s:%d)", heap, end-(r.Base+r.Size), r.Name, r.Base+r.Size, ld.Path, r.Line),
			"lower MEM_SIZE or move LWIP_RAM_HEAP_POINTER")
	}
	for _, f := range ld.Fixed {
		fend := f.End
		if fend == 0 {
			fend = f.Base + 1
		}
		if base < fend && f.Base < end {
			id, what := "audit.heap_overlaps_section", "section"
			if reDMASection.MatchString(f.Section) {
				id, what = "audit.heap_overlaps_dma", "Ethernet DMA section"
			}
			add(SevError, id, fmt.Sprintf("%s overlaps the %s %s pinned at 0x%08X by %s:%d: the heap and the DMA overwrite each other", heap, what, f.Section, f.Base, ld.Path, f.Line),
				fmt.Sprintf("move LWIP_RAM_HEAP_POINTER (or the section) so that 0x%08X..0x%08X stays clear, or let the linker place the heap (.bss.ram_heap)", f.Base, fend))
		}
	}
	if placed := ld.Placed[r.Name]; len(placed) > 0 {
		add(SevWarning, "audit.heap_unreserved", fmt.Sprintf("%s sits in %s, which the linker also fills from its start (%s), and no section reserves the heap's range: nothing stops the linker from placing data over it", heap, r.Name, strings.Join(placed, ", ")),
			"reserve the range in the linker script (a NOLOAD section at that address) or place the heap by section (.bss.ram_heap)")
	}
	return fs, nil
}
