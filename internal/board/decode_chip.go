package board

import (
	"fmt"
	"slices"
	"sort"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
)

// Chips is a set of chip definitions by name.
type Chips map[string]*Chip

// Names lists the chip names in order.
func (c Chips) Names() []string {
	var n []string
	for k := range c {
		n = append(n, k)
	}
	sort.Strings(n)
	return n
}

// decodeChip builds a Chip from its block, starting from base when the block
// names one (a board-local `chip` block overriding a catalog chip).
func decodeChip(blk *chipBlock, known Chips, ev *evaluator) *Chip {
	var c Chip
	if present(blk.Base) {
		name, ok := ev.str(blk.Base, "base")
		if ok {
			b, found := known[name]
			if !found {
				ev.errorf(blk.Base.Range(), "Unknown chip", "There is no chip %q to base %q on. Known chips: %s.%s",
					name, blk.Name, quoteList(known.Names()), didYouMean(name, known.Names()))
			} else {
				c = cloneChip(b)
			}
		}
	}
	c.Name = blk.Name
	c.DeclRange = blk.DeclRange
	if v, ok := ev.str(blk.Family, "family"); ok {
		c.Family = v
	}
	if v, ok := ev.str(blk.Vendor, "vendor"); ok {
		c.Vendor = v
	}
	if v, ok := ev.str(blk.Description, "description"); ok {
		c.Description = v
	}
	if v, ok := ev.value(blk.Flows); ok {
		var list []string
		if err := gohclDecodeStrings(v, &list); err != nil {
			ev.errorf(blk.Flows.Range(), "Wrong type", "flows must be a list of strings.")
		} else {
			for _, f := range list {
				if !contains(Vendors, f) {
					ev.errorf(blk.Flows.Range(), "Unknown vendor flow", "flows: %q is not one of %s.%s", f, quoteList(Vendors), didYouMean(f, Vendors))
				}
			}
			c.Flows = list
		}
	}
	if blk.Core != nil {
		decodeCore(blk.Core, &c.Core, ev)
	}
	clash := removeMemories(blk, &c, ev)
	for _, mb := range blk.Memories {
		if !clash[mb.Name] { // already reported
			decodeChipMemory(mb, &c, ev)
		}
	}
	for _, ref := range []struct {
		e    hcl.Expression
		what string
		dst  *string
	}{{blk.CodeMemory, "code_memory", &c.CodeMemory}, {blk.DataMemory, "data_memory", &c.DataMemory}} {
		if v, ok := ev.str(ref.e, ref.what); ok {
			if _, found := c.Memory(v); !found {
				ev.errorf(ref.e.Range(), "Unknown memory", "%s: chip %s has no memory %q; it has %s.%s",
					ref.what, c.Name, v, quoteList(c.MemoryNames()), didYouMean(v, c.MemoryNames()))
			} else {
				*ref.dst = v
			}
		}
	}
	if blk.Ethernet != nil {
		decodeChipEthernet(blk.Ethernet, &c.Ethernet, ev)
	}
	checkGrammar(ev, blk.Family, "family", c.Family, familyRe, "lower-case letters, digits and '_', starting with a letter, at most 32")
	checkGrammar(ev, blk.Vendor, "vendor", c.Vendor, macRe, "lower-case letters, digits, '_' and '-', at most 32")
	checkGrammar(ev, blk.Description, "description", c.Description, nil, "")
	if c.Core.CPU == "" {
		ev.errorf(blk.DeclRange, "Incomplete chip", "Chip %q has no core { cpu = ... } (and no base chip to take it from).", c.Name)
	}
	checkMemoryOverlap(&c, ev)
	return &c
}

// removeMemories applies remove_memories: each name must be a memory the
// base chip has, and not one the same block declares again (those are
// returned, reported).
func removeMemories(blk *chipBlock, c *Chip, ev *evaluator) map[string]bool {
	clash := map[string]bool{}
	v, ok := ev.value(blk.RemoveMemories)
	if !ok {
		return clash
	}
	r := blk.RemoveMemories.Range()
	var names []string
	if err := gohclDecodeStrings(v, &names); err != nil {
		ev.errorf(r, "Wrong type", "remove_memories must be a list of memory names.")
		return clash
	}
	if !present(blk.Base) {
		ev.errorf(r, "Nothing to remove", "remove_memories needs base: it removes memories chip %q would inherit, and it inherits none.", blk.Name)
		return clash
	}
	for _, n := range names {
		for _, mb := range blk.Memories {
			if mb.Name == n {
				ev.errorf(mb.DeclRange, "Memory removed and declared", "Memory %q is in remove_memories and declared again here; keep one of the two.", n)
				clash[n] = true
			}
		}
		kept := c.Memories[:0]
		found := false
		for _, m := range c.Memories {
			if m.Name == n {
				found = true
				continue
			}
			kept = append(kept, m)
		}
		if !found {
			ev.errorf(r, "Unknown memory", "remove_memories: chip %s has no memory %q; it has %s.%s", blk.Name, n, quoteList(c.MemoryNames()), didYouMean(n, c.MemoryNames()))
		}
		c.Memories = kept
	}
	return clash
}

func cloneChip(b *Chip) Chip {
	c := *b
	c.Memories = append([]Memory(nil), b.Memories...)
	c.Ethernet.Interfaces = append([]string(nil), b.Ethernet.Interfaces...)
	c.Flows = append([]string(nil), b.Flows...)
	return c
}

func decodeCore(b *coreBlock, c *Core, ev *evaluator) {
	setStr(ev, b.CPU, "core.cpu", &c.CPU)
	setStr(ev, b.Arch, "core.arch", &c.Arch)
	setStr(ev, b.FPU, "core.fpu", &c.FPU)
	setStr(ev, b.FloatABI, "core.float_abi", &c.FloatABI)
	const word = "a GCC option value: lower-case letters, digits, '+', '.', '_' and '-', at most 32"
	checkGrammar(ev, b.CPU, "core.cpu", c.CPU, coreWordRe, word)
	if c.CPU != "" && present(b.CPU) && coreWordRe.MatchString(c.CPU) && !slices.Contains(CPUs, c.CPU) {
		ev.errorf(b.CPU.Range(), "Unknown core.cpu", "core.cpu %q is not an Arm core arm-none-eabi-gcc knows (-mcpu); use one of %s.%s",
			c.CPU, quoteList(CPUs), didYouMean(c.CPU, CPUs))
	}
	checkGrammar(ev, b.Arch, "core.arch", c.Arch, coreWordRe, word)
	checkGrammar(ev, b.FPU, "core.fpu", c.FPU, coreWordRe, word)
	checkGrammar(ev, b.FloatABI, "core.float_abi", c.FloatABI, coreWordRe, word)
	setBool(ev, b.Thumb, "core.thumb", &c.Thumb)
	setBool(ev, b.DCache, "core.dcache", &c.DCache)
	setInt(ev, b.DCacheLine, "core.dcache_line", 0, 256, &c.DCacheLine)
	setInt(ev, b.MPURegions, "core.mpu_regions", 0, 16, &c.MPURegions)
	if v, ok := ev.size(b.MMUSection, "core.mmu_section"); ok {
		c.MMUSection = v
	}
	if v, ok := ev.integer(b.ClockHz, "core.clock_hz", 1, 10_000_000_000); ok {
		c.ClockHz = v
	}
	setInt(ev, b.MemAlign, "core.mem_alignment", 1, 128, &c.MemAlign)
}

// addressSpace is the end of the 32-bit address space of every supported
// core (Cortex-M4/M7, Cortex-A9).
const addressSpace = 1 << 32

func decodeChipMemory(b *memoryBlock, c *Chip, ev *evaluator) {
	idx := -1
	for i, m := range c.Memories {
		if m.Name == b.Name {
			idx = i
		}
	}
	var m Memory
	if idx >= 0 {
		m = c.Memories[idx]
	} else {
		m = Memory{Name: b.Name, Kind: MemoryRAM}
	}
	m.DeclRange = b.DeclRange
	if why := ValidName(b.Name); why != "" {
		ev.errorf(b.DeclRange, "Invalid memory name", "memory name %q cannot be used: %s (it becomes a linker region and C identifier).", b.Name, why)
	}
	if v, ok := ev.str(b.Kind, "kind"); ok {
		if !contains(MemoryKinds, v) {
			ev.errorf(b.Kind.Range(), "Invalid memory kind", "kind must be one of %s, got %q.%s", quoteList(MemoryKinds), v, didYouMean(v, MemoryKinds))
		}
		m.Kind = MemoryKind(v)
	}
	if v, ok := ev.size(b.Base, "memory base"); ok {
		m.Base = v
	}
	if v, ok := ev.size(b.Size, "memory size"); ok {
		if v == 0 {
			ev.errorf(b.Size.Range(), "Invalid memory size", "Memory %q must have a non-zero size.", b.Name)
		}
		m.Size = v
	}
	setBool(ev, b.DMA, "dma", &m.DMA)
	setBool(ev, b.Cacheable, "cacheable", &m.Cacheable)
	setStr(ev, b.Note, "note", &m.Note)
	if v, ok := ev.str(b.Place, "lwipgen_place"); ok {
		if v != "base" && v != "top" {
			ev.errorf(b.Place.Range(), "Invalid lwipgen_place", "lwipgen_place must be \"base\" or \"top\", got %q.", v)
		}
		m.Place = v
	}
	if v, ok := ev.size(b.ClockRegister, "memory clock_register"); ok {
		m.ClockRegister = v
	}
	setInt(ev, b.ClockBit, "memory clock_bit", 0, 31, &m.ClockBit)
	if present(b.ClockRegister) != present(b.ClockBit) {
		ev.errorf(b.DeclRange, "Incomplete memory clock", "Memory %q: clock_register and clock_bit go together (the register address and the bit that enables the memory's clock).", b.Name)
	}
	if idx < 0 && (!present(b.Base) || !present(b.Size)) {
		ev.errorf(b.DeclRange, "Incomplete memory", "A new memory %q needs both base and size.", b.Name)
	}
	if m.Size > 0 && (m.Base+m.Size < m.Base || m.Base+m.Size > addressSpace) {
		r := b.DeclRange
		if present(b.Base) {
			r = b.Base.Range()
		}
		ev.errorf(r, "Memory outside the address space",
			"Memory %q at 0x%X with size 0x%X ends past 0x%X: every supported core has a 32-bit address space (a wrapped base would place objects at low addresses such as ITCM).", b.Name, m.Base, m.Size, addressSpace-1)
	}
	if idx >= 0 {
		c.Memories[idx] = m
	} else {
		c.Memories = append(c.Memories, m)
	}
}

func checkMemoryOverlap(c *Chip, ev *evaluator) {
	for i, a := range c.Memories {
		for _, b := range c.Memories[i+1:] {
			if a.Base < b.End() && b.Base < a.End() && a.Size > 0 && b.Size > 0 {
				at, other := b, a
				// A chip that overrides its base reports on the memory it declares, not on
				// the base chip's file (which the user did not write).
				if b.DeclRange.Filename != c.DeclRange.Filename && a.DeclRange.Filename == c.DeclRange.Filename {
					at, other = a, b
				}
				ev.errorf(at.DeclRange, "Overlapping memories", "Memory %q [0x%08X, 0x%08X) overlaps %q [0x%08X, 0x%08X).",
					at.Name, at.Base, at.End(), other.Name, other.Base, other.End())
			}
		}
	}
}

func decodeChipEthernet(b *chipEthBlock, e *ChipEthernet, ev *evaluator) {
	setStr(ev, b.MAC, "ethernet.mac", &e.MAC)
	checkGrammar(ev, b.MAC, "ethernet.mac", e.MAC, macRe, "lower-case letters, digits, '_' and '-', at most 32")
	setInt(ev, b.DescriptorSize, "ethernet.descriptor_size", 0, 256, &e.DescriptorSize)
	setInt(ev, b.DescriptorAlign, "ethernet.descriptor_align", 0, 4096, &e.DescriptorAlign)
	setInt(ev, b.MaxSpeedMbps, "ethernet.max_speed_mbps", 10, 10000, &e.MaxSpeedMbps)
	setBool(ev, b.ChecksumOffload, "ethernet.checksum_offload", &e.ChecksumOffload)
	setInt(ev, b.RxFIFOBytes, "ethernet.rx_fifo_bytes", 0, 1<<24, &e.RxFIFOBytes)
	setInt(ev, b.DefaultRxDesc, "ethernet.default_rx_descriptors", 0, 4096, &e.DefaultRxDesc)
	setInt(ev, b.DefaultTxDesc, "ethernet.default_tx_descriptors", 0, 4096, &e.DefaultTxDesc)
	setInt(ev, b.MaxRxBufferLen, "ethernet.max_rx_buffer_len", 0, 1<<16, &e.MaxRxBufferLen)
	if v, ok := ev.value(b.Interfaces); ok {
		var list []string
		if err := gohclDecodeStrings(v, &list); err != nil {
			ev.errorf(b.Interfaces.Range(), "Wrong type", "ethernet.interfaces must be a list of strings.")
		} else {
			e.Interfaces = list
		}
	}
}

func gohclDecodeStrings(v cty.Value, out *[]string) error {
	if !(v.Type().IsListType() || v.Type().IsTupleType()) {
		return fmt.Errorf("not a list")
	}
	for it := v.ElementIterator(); it.Next(); {
		_, ev := it.Element()
		if ev.Type() != cty.String || ev.IsNull() {
			return fmt.Errorf("not a string")
		}
		*out = append(*out, ev.AsString())
	}
	return nil
}

func setStr(ev *evaluator, e hcl.Expression, what string, dst *string) {
	if v, ok := ev.str(e, what); ok {
		*dst = v
	}
}

func setBool(ev *evaluator, e hcl.Expression, what string, dst *bool) {
	if v, ok := ev.boolean(e, what); ok {
		*dst = v
	}
}

func setInt(ev *evaluator, e hcl.Expression, what string, lo, hi int64, dst *int) {
	if v, ok := ev.integer(e, what, lo, hi); ok {
		*dst = int(v)
	}
}
