// Package verify reads the linked ELF back (debug/elf) and proves the layout
// held: every planned object is where the plan put it, inside a region of the
// right type, aligned and sized as planned, nothing DMA-touched sits in
// CPU-only memory, no input section became an orphan, and the MPU regions are
// legal. Its results fill `placement`, `mpu`/`tlb` and `checks` of report.json.
package verify

import (
	"debug/elf"
	"fmt"
	"sort"
	"strings"

	"github.com/lwipgen/lwipgen/internal/elfsym"
	"github.com/lwipgen/lwipgen/internal/layout"
	"github.com/lwipgen/lwipgen/internal/mpu"
	"github.com/lwipgen/lwipgen/internal/plan"
)

// Placement is one row of report.json "placement".
type Placement struct {
	Symbol       string `json:"symbol"`
	Section      string `json:"section"`
	Region       string `json:"region"`
	Address      uint64 `json:"address"`
	Size         uint64 `json:"size"`
	Cacheable    bool   `json:"cacheable"`
	DMAReachable bool   `json:"dma_reachable"`
}

// MPURow is one row of report.json "mpu".
type MPURow struct {
	Number           int    `json:"number"`
	Base             uint64 `json:"base"`
	Size             uint64 `json:"size"`
	Type             string `json:"type"`
	SubregionDisable uint8  `json:"subregion_disable"`
	RBAR             uint32 `json:"rbar"`
	RASR             uint32 `json:"rasr"`
}

// Result is what the verifier found.
type Result struct {
	Placement []Placement      `json:"placement"`
	MPU       []MPURow         `json:"mpu"`
	Linked    map[string]int64 `json:"linked"` // sizes of the lwIP RAM symbols in the ELF
	Checks    []plan.Check     `json:"checks"`
}

// OK reports whether every check passed.
func (r *Result) OK() bool {
	for _, c := range r.Checks {
		if !c.OK {
			return false
		}
	}
	return true
}

type symbol struct {
	addr, size uint64
	section    string
}

// section is an output section of the linked image.
type section struct{ addr, size uint64 }

// image is what the checks read from a linked ELF: its output sections and
// its objects (plus the linker-script symbols that mark reserved ranges).
// Tests build one by hand to break one rule at a time.
type image struct {
	sections map[string]section
	syms     map[string]symbol
}

func (im image) section(name string) (section, bool) {
	s, ok := im.sections[name]
	return s, ok
}

// ELF verifies the linked file at path against the layout and plan.
func ELF(path string, l *layout.Layout, p *plan.Plan) (*Result, error) {
	f, err := elf.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	all, err := elfsym.FromFile(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	im := image{sections: map[string]section{}, syms: map[string]symbol{}}
	for _, s := range f.Sections {
		if s.Name != "" {
			im.sections[s.Name] = section{addr: s.Addr, size: s.Size}
		}
	}
	for _, s := range all {
		if s.Section == "" || s.Section == "COMMON" {
			continue
		}
		// Objects, plus the linker-script symbols that mark reserved ranges.
		if s.Type != elf.STT_OBJECT && !(s.Type == elf.STT_NOTYPE && strings.HasPrefix(s.Name, "__lwipgen_")) {
			continue
		}
		im.syms[s.Name] = symbol{addr: s.Addr, size: s.Size, section: s.Section}
	}
	return check(im, l, p), nil
}

func check(im image, l *layout.Layout, p *plan.Plan) *Result {
	syms := im.syms
	r := &Result{Linked: map[string]int64{}}
	add := func(id string, ok bool, format string, args ...any) {
		r.Checks = append(r.Checks, plan.Check{ID: id, OK: ok, Detail: fmt.Sprintf(format, args...)})
	}
	chip := l.Board.Chip
	// Output sections at their planned addresses.
	for _, s := range l.Sections {
		es, ok := im.section(s.Name)
		if !ok {
			add("verify.section."+s.Name, false, "output section %s is missing from the ELF (was lwip_sections.ld included?)", s.Name)
			continue
		}
		add("verify.section."+s.Name, es.addr == s.Base && es.size <= s.Size,
			"%s at 0x%08X, %d B in the ELF; planned 0x%08X, at most %d B", s.Name, es.addr, es.size, s.Base, s.Size)
	}
	// Every planned object.
	for _, s := range l.Sections {
		for _, o := range s.Objects {
			sym, found := syms[o.Symbol]
			if !found {
				add("verify.present."+o.Name, false, "symbol %s (%s) is not in the ELF", o.Symbol, o.Name)
				continue
			}
			if o.Address != 0 {
				// A reserved range: the script's marker must sit at the pointer's address
				// and the section must hold the whole heap.
				es, ok := im.section(s.Name)
				sym.size = uint64(o.Size)
				add("verify.reserved."+o.Name, sym.addr == o.Address && ok && es.size >= uint64(o.Size),
					"%s reserved at 0x%08X (pointer 0x%08X), section %d B for %d B", o.Symbol, sym.addr, o.Address, es.size, o.Size)
			}
			mem, inMem := chip.MemoryAt(sym.addr)
			attr, num, covered := mpu.EffectiveAttr(l.MPU, sym.addr)
			cacheable := inMem && mem.Cacheable && chip.Core.DCache
			if covered && (attr == mpu.Device || attr == mpu.NormalNonCacheable || attr == mpu.StronglyOrdered) {
				cacheable = false
			}
			if covered && (attr == mpu.NormalWBWA || attr == mpu.NormalWT) {
				cacheable = true
			}
			r.Placement = append(r.Placement, Placement{Symbol: o.Symbol, Section: sym.section, Region: mem.Name,
				Address: sym.addr, Size: sym.size, Cacheable: cacheable, DMAReachable: inMem && mem.DMA})
			add("verify.placed."+o.Name, sym.section == s.Name && sym.addr >= s.Base && sym.addr+sym.size <= s.End(),
				"%s at 0x%08X (%d B) in ELF section %s; planned inside %s [0x%08X, 0x%08X)", o.Symbol, sym.addr, sym.size, sym.section, s.Name, s.Base, s.End())
			add("verify.size."+o.Name, int64(sym.size) == o.Size, "%s is %d B in the ELF, %d B planned", o.Symbol, sym.size, o.Size)
			add("verify.align."+o.Name, o.Align <= 1 || sym.addr%uint64(o.Align) == 0, "%s at 0x%08X, needs %d-byte alignment", o.Symbol, sym.addr, o.Align)
			if o.DMA {
				add("verify.dma_reach."+o.Name, inMem && mem.DMA, "%s (touched by the Ethernet DMA) is in %s, which the DMA %s reach",
					o.Symbol, mem.Name, map[bool]string{true: "can", false: "cannot"}[inMem && mem.DMA])
			}
			ok, want := attrOK(o.Coherency, cacheable, covered, attr, chip.Core.DCache)
			region := "no MPU region (default map)"
			if covered {
				region = fmt.Sprintf("MPU region %d (%s)", num, attr)
			}
			add("verify.attr."+o.Name, ok, "%s needs %s; it is under %s, cacheable=%v", o.Symbol, want, region, cacheable)
		}
	}
	// lwIP RAM as linked.
	var total int64
	for name := range p.RAM.Symbols {
		if s, ok := syms[name]; ok {
			r.Linked[name] = int64(s.size)
			total += int64(s.size)
		}
	}
	r.Linked["total"] = total
	// Orphans: an unmatched input section becomes an output section of the same name.
	// An empty one is a project's own statement of that name that lwipgen's
	// fragment (included before it) left with nothing (a CubeIDE F767 linker
	// script's `.Rx_PoolSection (NOLOAD) : { KEEP(*(.Rx_PoolSection)) }`).
	var orphans []string
	for _, s := range l.Sections {
		for _, o := range s.Objects {
			for _, in := range o.Inputs {
				if sec, ok := im.section(in); ok && sec.size > 0 {
					orphans = append(orphans, in)
				}
			}
		}
	}
	sort.Strings(orphans)
	add("verify.no_orphans", len(orphans) == 0, "orphaned input sections (GNU ld placed them by default, not where planned): %v", orphans)
	// MPU legality and coverage.
	spans := l.Spans()
	if len(l.MPU) > 0 || (len(spans) > 0 && len(l.TLB) == 0) {
		probs := mpu.Verify(l.MPU, spans, mpu.Limits{Regions: chip.Core.MPURegions, FirstFree: l.FirstFree})
		add("verify.mpu", len(probs) == 0, "%d MPU region(s) for %d span(s); problems: %v", len(l.MPU), len(spans), probs)
	}
	for _, m := range l.MPU {
		r.MPU = append(r.MPU, MPURow{Number: m.Number, Base: m.Base, Size: m.Size, Type: m.Attr.String(), SubregionDisable: m.SRD, RBAR: m.RBAR(), RASR: m.RASR()})
	}
	return r
}

// attrOK: what each coherency class allows.
func attrOK(coh plan.Coherency, cacheable, covered bool, attr mpu.Attr, dcache bool) (bool, string) {
	switch coh {
	case plan.CoherencyDevice:
		return !cacheable && covered && (attr == mpu.Device || attr == mpu.NormalNonCacheable || attr == mpu.StronglyOrdered),
			"Device or Normal non-cacheable memory"
	case plan.CoherencyNonCacheable:
		return !cacheable && (!dcache || (covered && attr == mpu.NormalNonCacheable)), "Normal non-cacheable memory (not Device: lwIP reads it unaligned)"
	case plan.CoherencyWriteThrough:
		return !dcache || (covered && (attr == mpu.NormalWT || attr == mpu.NormalNonCacheable)), "Normal write-through (or non-cacheable) memory: no dirty line a whole-cache invalidate could discard"
	case plan.CoherencyInvalidate, plan.CoherencyClean:
		return !covered || (attr != mpu.Device && attr != mpu.StronglyOrdered), "Normal memory (cacheable with maintenance, or non-cacheable), never Device"
	}
	return !covered || (attr != mpu.Device && attr != mpu.StronglyOrdered), "Normal memory"
}
