package mpu

import (
	"fmt"
	"sort"
)

// SectionSize is the granule of the Cortex-A9 first-level translation table
// as the Xilinx standalone BSP builds it (translation_table.S, one 1 MB
// section descriptor per entry; xilinx-vitis.md §4).
const SectionSize = 1 << 20

// Xilinx xil_mmu.h (Cortex-A9) section attribute values, as quoted in
// xilinx-vitis.md §3 ("A9 attribute values") and §4 (translation_table.S
// defaults). Decoded against the ARMv7-A short-descriptor section format:
// bits 1:0 = 0b10 section, B bit 2, C bit 3, domain 8:5 = 15, AP[1:0] 11:10 =
// 0b11 (full access), TEX 14:12, S bit 16.
const (
	XilNormNonCache  = 0x11DE2 // NORM_NONCACHE: TEX001 C0 B0 S1
	XilStrongOrdered = 0xC02   // STRONG_ORDERED: TEX000 C0 B0
	XilDeviceMemory  = 0xC06   // DEVICE_MEMORY: TEX000 C0 B1 (shared device)
	XilNormWTCache   = 0x16DEA // NORM_WT_CACHE: TEX110 C1 B0 S1
	XilNormWBCache   = 0x15DE6 // NORM_WB_CACHE: TEX101 C0 B1 S1 (DDR default)
)

var xilAttrs = []struct {
	attr  Attr
	value uint32
	macro string
}{
	{NormalNonCacheable, XilNormNonCache, "NORM_NONCACHE"},
	{StronglyOrdered, XilStrongOrdered, "STRONG_ORDERED"},
	{Device, XilDeviceMemory, "DEVICE_MEMORY"},
	{NormalWT, XilNormWTCache, "NORM_WT_CACHE"},
	{NormalWBWA, XilNormWBCache, "NORM_WB_CACHE"},
}

// XilinxAttr returns the xil_mmu.h value and macro name for a, as passed to
// Xil_SetTlbAttributes / Xil_MemMap.
func XilinxAttr(a Attr) (value uint32, macro string, err error) {
	for _, x := range xilAttrs {
		if x.attr == a {
			return x.value, x.macro, nil
		}
	}
	return 0, "", fmt.Errorf("mpu: no Xilinx A9 section attribute for %v", a)
}

// DecodeTLBDescriptor maps a section descriptor (or a bare attribute value)
// back to an Attr by its low 20 bits. Only the five xil_mmu.h values above
// are recognised.
func DecodeTLBDescriptor(d uint32) (Attr, error) {
	for _, x := range xilAttrs {
		if d&(SectionSize-1) == x.value {
			return x.attr, nil
		}
	}
	return 0, fmt.Errorf("mpu: section descriptor 0x%08x has attributes 0x%05x, not one of the xil_mmu.h values", d, d&(SectionSize-1))
}

// TLBEntry is a run of 1 MB sections with one attribute. Descriptor is the
// xil_mmu.h attribute value (the low 20 bits of each section descriptor; the
// generated code passes it to Xil_SetTlbAttributes for each MB, or to
// Xil_MemMap for the whole run). Covers names the spans inside.
type TLBEntry struct {
	Base, Size uint64
	Attr       Attr
	Descriptor uint32
	Covers     []string
}

// SectionDescriptors returns the full first-level descriptor of every 1 MB
// section of e (section base | attributes), as MMUTable holds them.
func (e TLBEntry) SectionDescriptors() []uint32 {
	var out []uint32
	for a := e.Base; a < e.Base+e.Size; a += SectionSize {
		out = append(out, uint32(a)|e.Descriptor)
	}
	return out
}

// SolveTLB maps spans to Cortex-A9 section attributes. Each span must start
// on a 1 MB boundary and be a whole number of MB, because one section
// descriptor sets the attribute of a whole MB; touching or overlapping spans
// of one attribute become one entry. Entries come back in address order.
func SolveTLB(spans []Span) ([]TLBEntry, error) {
	for _, s := range spans {
		if _, _, err := XilinxAttr(s.Attr); err != nil {
			return nil, fmt.Errorf("mpu: span %q: %w", s.Name, err)
		}
		if s.Size == 0 || s.Base >= addrLimit || s.Size > addrLimit-s.Base {
			return nil, fmt.Errorf("mpu: %w: span %s is empty or runs past 4 GB", ErrNotRepresentable, s)
		}
		if s.Base%SectionSize != 0 || s.Size%SectionSize != 0 {
			lo := s.Base &^ (SectionSize - 1)
			hi := (s.end() + SectionSize - 1) &^ (SectionSize - 1)
			return nil, fmt.Errorf("mpu: %w: span %s: the A9 translation table sets attributes per 1 MB section, so base and size "+
				"must be multiples of 0x100000; align the section to 0x100000 and pad it to %d MB, or widen it to [0x%08x, 0x%08x)",
				ErrNotRepresentable, s, (s.Size+SectionSize-1)/SectionSize, lo, hi)
		}
	}
	wants, err := prepare(spans)
	if err != nil {
		return nil, err
	}
	var out []TLBEntry
	for _, w := range wants {
		d, _, _ := XilinxAttr(w.attr)
		for _, x := range w.set {
			e := TLBEntry{Base: x.lo, Size: x.hi - x.lo, Attr: w.attr, Descriptor: d}
			e.Covers = covered(spans, stroke{attr: w.attr, area: ivs{x}})
			out = append(out, e)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Base < out[j].Base })
	return out, nil
}
