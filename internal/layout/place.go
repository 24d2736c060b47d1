package layout

import (
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/diag"
	"github.com/lwipgen/lwipgen/internal/mpu"
	"github.com/lwipgen/lwipgen/internal/plan"
)

// Output sections, by what the CPU must see there.
const (
	secDevice  = ".lwip_dma_desc" // DMA descriptors: Device (or Normal non-cacheable)
	secNoCache = ".lwip_nocache"  // DMA-read buffers without cache maintenance: Normal non-cacheable
	secDMA     = ".lwip_dma"      // DMA buffers with cache maintenance (or no cache): default attributes
	secRAM     = ".lwip_ram"      // CPU-only lwIP pools
)

// Plan places the plan's objects. Errors are HCL diagnostics on the attribute
// that chose the memory (memory.lwip_region / memory.dma_region). The steps:
// assign each object to an output section by coherency, size and order the
// sections, pack them (bottom-up, or at the memory's top), carve the memories
// and check the fixed heap, then the MPU.
func Plan(p *plan.Plan) (*Layout, hcl.Diagnostics) {
	b := p.Board
	l := &Layout{Board: b}
	var diags hcl.Diagnostics
	lwipMem, d := chooseMemory(p, b.Memory.LwIPRegion, "memory.lwip_region", true)
	diags = append(diags, d...)
	dmaMem := lwipMem
	if b.Memory.DMARegion != "" {
		dmaMem, d = chooseMemory(p, b.Memory.DMARegion, "memory.dma_region", true)
		diags = append(diags, d...)
	}
	if diags.HasErrors() {
		return nil, diags
	}
	byName, fixed, d := assignSections(p, lwipMem.Name, dmaMem.Name)
	diags = append(diags, d...)
	cursor := packBottomUp(l, sizeSections(byName, b.Chip.Core))
	start := placeAtTop(l, b, cursor)
	diags = append(diags, carve(l, b, cursor, start, lwipMem.Name)...)
	diags = append(diags, addFixed(l, b, fixed)...)
	sort.Slice(l.Carves, func(i, j int) bool { return l.Carves[i].Base < l.Carves[j].Base })
	if diags.HasErrors() {
		return nil, diags
	}
	if p.Protect {
		protection(l)
	}
	diags = append(diags, solveMPU(l, p)...)
	if diags.HasErrors() {
		return nil, diags
	}
	return l, diags
}

// assignSections puts each object without a fixed address into the output
// section its coherency needs (secDevice, secNoCache, secDMA, secRAM);
// objects at a fixed address (the heap at LWIP_RAM_HEAP_POINTER) get a
// section of their own, returned apart.
func assignSections(p *plan.Plan, lwipMem, dmaMem string) (map[string]*Section, []*Section, hcl.Diagnostics) {
	b := p.Board
	dcache := b.Chip.Core.DCache
	var diags hcl.Diagnostics
	byName := map[string]*Section{}
	get := func(name, mem string, attr Attr, dma bool) *Section {
		if s, ok := byName[name]; ok {
			return s
		}
		s := &Section{Name: name, Memory: mem, Attr: attr, DMA: dma, Align: 4}
		byName[name] = s
		return s
	}
	var fixed []*Section
	for _, o := range p.Objects {
		if o.Address != 0 {
			s, d := fixedSection(p, o)
			diags = append(diags, d...)
			if s != nil {
				fixed = append(fixed, s)
			}
			continue
		}
		sym, inputs := inputsFor(p.Inputs, o.Name, o.Symbol)
		o.Symbol = sym
		pl := Placed{Object: o, Inputs: inputs}
		var s *Section
		switch {
		case o.Coherency == plan.CoherencyDevice && dcache:
			s = get(secDevice, dmaMem, AttrDevice, true)
		case o.Coherency == plan.CoherencyNonCacheable && dcache:
			s = get(secNoCache, lwipMem, AttrNonCacheable, true)
		case o.Coherency == plan.CoherencyWriteThrough && dcache && o.DMA:
			s = get(secDMA, lwipMem, AttrWriteThrough, true)
		case o.Coherency == plan.CoherencyWriteThrough && dcache:
			s = get(secRAM, lwipMem, AttrWriteThrough, false)
		case o.DMA && o.Owner != "lwip":
			s = get(secDMA, dmaMem, AttrCacheable, true)
		case o.DMA:
			s = get(secDMA, lwipMem, AttrCacheable, true)
		default:
			s = get(secRAM, lwipMem, AttrCacheable, false)
		}
		if dcache && s.Attr == AttrCacheable {
			// keep the default attributes, but never let a cache line straddle two objects
			if a := uint64(b.Chip.Core.DCacheLine); o.DMA && a > uint64(pl.Align) {
				pl.Align = int64(a)
			}
		}
		if uint64(pl.Align) > s.Align {
			s.Align = uint64(pl.Align)
		}
		s.Objects = append(s.Objects, pl)
	}
	return byName, fixed, diags
}

// sizeSections orders each section's objects (largest alignment first),
// sizes the sections (MPU- and MMU-granular when not cacheable) and returns
// them by memory, then biggest alignment first: least padding between them.
func sizeSections(byName map[string]*Section, core board.Core) []*Section {
	var secs []*Section
	for _, s := range byName {
		sort.SliceStable(s.Objects, func(i, j int) bool {
			if s.Objects[i].Align != s.Objects[j].Align {
				return s.Objects[i].Align > s.Objects[j].Align
			}
			return s.Objects[i].Name < s.Objects[j].Name
		})
		s.Size = alignUp(s.Used(), 4)
		if s.Attr != AttrCacheable {
			// An MPU region is a power of two >= 32 B, aligned to its size, with 8
			// subregions from 256 B: reserve whole subregions so one region covers it.
			s.Size, s.Align = mpuGranule(s.Size, s.Align)
			if core.MMUSection > 0 {
				s.Size = alignUp(s.Size, core.MMUSection)
				s.Align = max(s.Align, core.MMUSection)
			}
		}
		secs = append(secs, s)
	}
	sort.Slice(secs, func(i, j int) bool {
		if secs[i].Memory != secs[j].Memory {
			return secs[i].Memory < secs[j].Memory
		}
		if secs[i].Align != secs[j].Align {
			return secs[i].Align > secs[j].Align
		}
		return secs[i].Name < secs[j].Name
	})
	return secs
}

// packBottomUp lays the sections from each memory's base upward into l and
// returns where each memory's sections end.
func packBottomUp(l *Layout, secs []*Section) map[string]uint64 {
	cursor := map[string]uint64{}
	for _, s := range secs {
		mem, _ := l.Board.Chip.Memory(s.Memory)
		c, ok := cursor[s.Memory]
		if !ok {
			c = mem.Base
		}
		s.Base = alignUp(c, s.Align)
		cursor[s.Memory] = s.End()
		l.Sections = append(l.Sections, *s)
	}
	return cursor
}

// placeAtTop moves the sections of a "top" memory (the chip memory's
// lwipgen_place, or the board's memory.lwip_placement, which wins) to end at
// the memory's last byte, so its lower part stays the application's (CubeMX
// F7: .data/.bss from DTCM upward; Zynq: .text from 0x00100000). Two packings
// are tried - the bottom-up layout moved up by a multiple of its largest
// alignment, and the sections laid downward from the top smallest alignment
// first - and the one that leaves more below is kept. It updates cursor and
// returns where each memory's sections start.
func placeAtTop(l *Layout, b *board.Board, cursor map[string]uint64) map[string]uint64 {
	start := map[string]uint64{}
	for name, end := range cursor {
		mem, _ := b.Chip.Memory(name)
		start[name] = mem.Base
		place := mem.Place
		if b.Memory.Placement != "" {
			place = b.Memory.Placement
		}
		if place != "top" || end > mem.End() {
			continue
		}
		var idx []int
		var maxAlign uint64 = 1
		for i, s := range l.Sections {
			if s.Memory == name {
				idx = append(idx, i)
				maxAlign = max(maxAlign, s.Align)
			}
		}
		shift := (mem.End() - end) / maxAlign * maxAlign
		down := map[int]uint64{}
		top := mem.End()
		for k := len(idx) - 1; k >= 0; k-- {
			s := l.Sections[idx[k]]
			if s.Size > top-mem.Base {
				top = 0
				break
			}
			top = (top - s.Size) / s.Align * s.Align
			down[idx[k]] = top
		}
		if top >= mem.Base && top > mem.Base+shift {
			for _, i := range idx {
				l.Sections[i].Base = down[i]
			}
			start[name], cursor[name] = top, mem.End()
			continue
		}
		for _, i := range idx {
			l.Sections[i].Base += shift
		}
		start[name], cursor[name] = mem.Base+shift, end+shift
	}
	return start
}

// carve records what lwipgen takes of each memory, with an error on the
// attribute that chose a memory the sections overflow.
func carve(l *Layout, b *board.Board, cursor, start map[string]uint64, lwipMem string) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for name, end := range cursor {
		mem, _ := b.Chip.Memory(name)
		c := Carve{Memory: name, Base: start[name], End: end, MemoryBase: mem.Base, MemoryEnd: mem.End()}
		for _, s := range l.Sections {
			if s.Memory == name {
				c.Used += s.Used()
			}
		}
		l.Carves = append(l.Carves, c)
		if end > mem.End() {
			path := "memory.lwip_region"
			if name != lwipMem {
				path = "memory.dma_region"
			}
			diags = append(diags, diag.At(b.RangeOf(path), "Memory overflow",
				"lwIP and Ethernet objects need %d B (0x%X..0x%X with alignment) but %s is %d B: move them to a larger memory or lower the workload",
				end-mem.Base, mem.Base, end, name, mem.Size))
		}
	}
	return diags
}

// addFixed adds the fixed-address sections, with an error where one overlaps
// a section lwipgen placed.
func addFixed(l *Layout, b *board.Board, fixed []*Section) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, s := range fixed {
		for _, o := range l.Sections {
			if s.Base < o.End() && o.Base < s.End() {
				diags = append(diags, diag.At(b.RangeOf("options.LWIP_RAM_HEAP_POINTER"), "Heap overlaps lwipgen's sections",
					"the %d B heap at 0x%08X overlaps %s [0x%08X, 0x%08X)", s.Size, s.Base, o.Name, o.Base, o.End()))
			}
		}
		l.Sections = append(l.Sections, *s)
	}
	return diags
}

// mpuGranule pads a non-cacheable section so that one MPU region (with
// subregion disable) covers it exactly: region size = next power of two,
// section size = whole eighths of it.
func mpuGranule(size, align uint64) (uint64, uint64) {
	region := uint64(32)
	for region < size {
		region <<= 1
	}
	if region >= 256 {
		sub := region / 8
		size = alignUp(size, sub)
	} else {
		size = region
	}
	return size, max(align, region)
}

// chooseMemory resolves the memory for lwIP objects: the board's choice, or
// the smallest DMA-reachable RAM that holds everything.
func chooseMemory(p *plan.Plan, name, path string, needDMA bool) (board.Memory, hcl.Diagnostics) {
	b := p.Board
	chip := b.Chip
	if name != "" {
		m, _ := chip.Memory(name)
		if needDMA && !m.DMA && anyDMA(p) {
			var ok []string
			for _, c := range chip.Memories {
				if c.DMA && c.Kind == board.MemoryRAM {
					ok = append(ok, c.Name)
				}
			}
			return m, hcl.Diagnostics{diag.At(b.RangeOf(path), "Memory not reachable by the Ethernet DMA",
				"%s = %q: the %s Ethernet DMA of %s cannot reach %s (0x%08X, %s); lwIP's heap (TX payloads) and the DMA descriptors and RX buffers must be in DMA-reachable RAM: %s",
				path, name, chip.Ethernet.MAC, chip.Name, name, m.Base, strings.TrimSpace(m.Note), strings.Join(ok, ", "))}
		}
		return m, nil
	}
	need := uint64(p.PlacedBytes())
	var best *board.Memory
	for i := range chip.Memories {
		m := &chip.Memories[i]
		if m.Kind != board.MemoryRAM || (needDMA && !m.DMA) || m.Size < need*5/4 {
			continue
		}
		if best == nil || m.Size < best.Size {
			best = m
		}
	}
	if best == nil {
		return board.Memory{}, hcl.Diagnostics{diag.At(b.DeclRange, "No memory fits",
			"no DMA-reachable RAM of %s holds the %d B lwIP and Ethernet need; lower the workload", chip.Name, need)}
	}
	return *best, nil
}

func anyDMA(p *plan.Plan) bool {
	for _, o := range p.Objects {
		if o.DMA {
			return true
		}
	}
	return false
}

// solveMPU turns the non-cacheable sections into MPU regions (Cortex-M) or
// 1 MB translation-table sections (Cortex-A9).
func solveMPU(l *Layout, p *plan.Plan) hcl.Diagnostics {
	b := p.Board
	spans := l.Spans()
	l.FirstFree = max(b.Memory.MPUFirstRegion, len(l.Protection))
	if len(spans) == 0 {
		return nil
	}
	if b.Chip.Core.MMUSection > 0 {
		for i := range spans {
			if spans[i].Attr == mpu.Device {
				spans[i].Attr = mpu.NormalNonCacheable // lwIP reads these unaligned: never Device on the A9
			}
		}
		tlb, err := mpu.SolveTLB(spans)
		if err != nil {
			return hcl.Diagnostics{diag.At(b.DeclRange, "Translation table", "%v", err)}
		}
		l.TLB = tlb
		return nil
	}
	regions, err := mpu.Solve(spans, mpu.Limits{Regions: b.Chip.Core.MPURegions, FirstFree: l.FirstFree})
	if err != nil {
		return hcl.Diagnostics{diag.At(b.RangeOf("memory.mpu_first_region"), "MPU regions", "%v", err)}
	}
	l.MPU = regions
	return nil
}

// protection gives a standalone firmware an MPU map worth enabling: its code
// memory read-only (a stray write faults instead of corrupting code) and its
// data memory execute-never. Only whole power-of-two, size-aligned memories
// qualify; otherwise there is no protection map and nothing changes.
func protection(l *Layout) {
	b := l.Board
	if b.Chip.Core.MPURegions < 3 || b.Chip.Core.MMUSection > 0 {
		return
	}
	code, ok1 := b.Chip.Memory(b.Chip.CodeMemory)
	data, ok2 := b.Chip.Memory(b.Chip.DataMemory)
	if !ok1 || !ok2 || !mpu.Representable(code.Base, code.Size) || !mpu.Representable(data.Base, data.Size) ||
		code.Size&(code.Size-1) != 0 || data.Size&(data.Size-1) != 0 || code.Base%code.Size != 0 || data.Base%data.Size != 0 {
		return
	}
	l.Protection = []mpu.Region{
		{Number: 0, Base: code.Base, Size: code.Size, Attr: mpu.NormalWT, AP: "RO", Covers: []string{code.Name + " (code, read-only)"}},
		{Number: 1, Base: data.Base, Size: data.Size, Attr: mpu.NormalWBWA, AP: "FULL", XN: true, Covers: []string{data.Name + " (data, execute-never)"}},
	}
}

// fixedSection reserves the range a raw pointer uses (LWIP_RAM_HEAP_POINTER):
// its own NOLOAD section at that address, so the linker reports anything
// else placed there, and the MPU covers it like any other section.
func fixedSection(p *plan.Plan, o plan.Object) (*Section, hcl.Diagnostics) {
	b := p.Board
	rng := b.RangeOf("options.LWIP_RAM_HEAP_POINTER")
	mem, ok := b.Chip.MemoryAt(o.Address)
	if !ok || o.Address+uint64(o.Size) > mem.End() {
		return nil, hcl.Diagnostics{diag.At(rng, "Heap outside the chip's memories",
			"LWIP_RAM_HEAP_POINTER 0x%08X + %d B is not inside one memory of %s", o.Address, o.Size, b.Chip.Name)}
	}
	if o.DMA && !mem.DMA {
		return nil, hcl.Diagnostics{diag.At(rng, "Memory not reachable by the Ethernet DMA",
			"LWIP_RAM_HEAP_POINTER 0x%08X is in %s, which the %s Ethernet DMA of %s cannot reach; TX payloads in the heap would never be sent",
			o.Address, mem.Name, b.Chip.Ethernet.MAC, b.Chip.Name)}
	}
	attr := AttrCacheable
	size := uint64(o.Size)
	align := uint64(o.Align)
	if o.Coherency == plan.CoherencyNonCacheable {
		attr = AttrNonCacheable
		size, align = mpuGranule(alignUp(size, 4), align)
		if o.Address%align != 0 {
			return nil, hcl.Diagnostics{diag.At(rng, "Heap pointer not MPU-aligned",
				"a non-cacheable heap of %d B needs an MPU region of %d B aligned to its size; 0x%08X is not (use an address that is a multiple of 0x%X)", o.Size, align, o.Address, align)}
		}
	}
	return &Section{Name: ".lwip_heap_reserved", Memory: mem.Name, Base: o.Address, Size: size, Align: align, Attr: attr, DMA: o.DMA,
		Objects: []Placed{{Object: o}}}, nil
}
