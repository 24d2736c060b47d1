package vitis

import (
	"fmt"
	"sort"
	"strings"

	"github.com/lwipgen/lwipgen/internal/layout"
	"github.com/lwipgen/lwipgen/internal/lwip"
	"github.com/lwipgen/lwipgen/internal/mpu"
	"github.com/lwipgen/lwipgen/internal/plan"
)

// Names of the Vitis-side section and its boundary symbols (lscript_lwip.ld
// defines them, lwipgen_tlb.c reads them).
const (
	NoCacheSection = ".lwipgen_nocache"
	NoCacheStart   = "__lwipgen_nocache_start"
	NoCacheEnd     = "__lwipgen_nocache_end"
	NoCacheInput   = ".lwipgen_nocache" // input section applications may use for their own DMA buffers
)

// NoCache is the plan for the non-cacheable region of a Vitis project: one
// NOLOAD output section, 1 MB-aligned and a whole number of MB (the A9
// translation table sets attributes per 1 MB section), marked Normal
// non-cacheable at start-up.
type NoCache struct {
	Section    string
	Region     string // MEMORY region of the Xilinx lscript.ld (ps7_ddr_0)
	Start, End string // boundary symbols
	Size       int64  // reserved bytes, a multiple of 1 MB
	Used       int64  // bytes of the objects (before alignment padding)
	Objects    []NoCacheObject
	Skipped    []NoCacheObject // layout objects the Xilinx adapter owns itself
	Attr       uint32          // xil_mmu.h value (0x11DE2)
	AttrMacro  string          // NORM_NONCACHE
	PlanBase   uint64          // where lwipgen's own layout placed it (for the TLB solver)
	TLB        []mpu.TLBEntry
}

// NoCacheObject is one array the section collects.
type NoCacheObject struct {
	Symbol string
	Input  string // input section (-fdata-sections name)
	Size   int64
	Why    string
}

// MB is the A9 section size.
const MB = mpu.SectionSize

// planNoCache picks the objects of lwipgen's layout that must not be cached
// (Attr noncacheable or device), keeps those lwIP itself allocates (the BSP
// builds lwIP, so they are in liblwip4.a / liblwip220.a with the sizes the
// BSP's lwipopts.h gives them), and leaves out the driver's descriptor
// rings: the Xilinx adapter has its own (emac_bd_space, see the template).
func planNoCache(p *plan.Plan, l *layout.Layout, ram *lwip.RAM) (*NoCache, error) {
	res := &NoCache{Section: NoCacheSection, Start: NoCacheStart, End: NoCacheEnd, Region: "ps7_ddr_0"}
	v, macro, err := mpu.XilinxAttr(mpu.NormalNonCacheable)
	if err != nil {
		return nil, err
	}
	res.Attr, res.AttrMacro = v, macro
	var planBase uint64
	if l != nil {
		for _, s := range l.Sections {
			nc := s.Attr == layout.AttrNonCacheable || s.Attr == layout.AttrDevice
			for _, o := range s.Objects {
				obj := NoCacheObject{Symbol: o.Symbol, Size: o.Size, Why: o.Why}
				if len(o.Inputs) > 0 {
					obj.Input = o.Inputs[0]
				} else {
					obj.Input = ".bss." + o.Symbol
				}
				if ram != nil {
					if n, ok := ram.Symbols[o.Symbol]; ok {
						obj.Size = n // the size the BSP's own lwipopts.h gives it
					}
				}
				switch {
				case !o.DMA:
					continue // CPU-only pools stay in the BSP's .bss
				case !nc:
					obj.Why = "stays cacheable (" + string(o.Coherency) + "): " + o.Why
					res.Skipped = append(res.Skipped, obj)
					continue
				case o.Owner != "lwip":
					obj.Why = "not used with the Xilinx adapter, which allocates its BD rings in its own 1 MB emac_bd_space and maps that itself"
					res.Skipped = append(res.Skipped, obj)
					continue
				}
				if planBase == 0 || s.Base < planBase {
					planBase = s.Base
				}
				if m, ok := p.Board.Chip.Memory(s.Memory); ok {
					if f := strings.Fields(m.Note); len(f) > 0 && strings.HasPrefix(f[0], "ps7_") {
						res.Region = f[0]
					}
				}
				res.Objects = append(res.Objects, obj)
			}
		}
	}
	sort.Slice(res.Objects, func(i, j int) bool { return res.Objects[i].Symbol < res.Objects[j].Symbol })
	for _, o := range res.Objects {
		res.Used = alignUp(res.Used, bspMemAlign) + o.Size
	}
	// Whole MB (the A9 sets attributes per 1 MB section). With no lwIP array
	// in it the region is not written at all (renderAll).
	res.Size = max(alignUp(res.Used, MB), MB)
	if planBase == 0 || planBase%MB != 0 {
		planBase = MB // any 1 MB boundary: the solver only checks the shape
	}
	res.PlanBase = planBase
	tlb, err := mpu.SolveTLB([]mpu.Span{{Name: res.Section, Base: planBase, Size: uint64(res.Size), Attr: mpu.NormalNonCacheable}})
	if err != nil {
		return nil, fmt.Errorf("vitis: %s: %v", res.Section, err)
	}
	res.TLB = tlb
	return res, nil
}

// MBs is the number of 1 MB translation-table sections the region covers.
func (n *NoCache) MBs() int64 { return n.Size / MB }
