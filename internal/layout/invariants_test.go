package layout_test

import (
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/flow"
	"github.com/lwipgen/lwipgen/internal/layout"
	"github.com/lwipgen/lwipgen/internal/mpu"
)

// Coherency invariants, checked from the chip's data (cache line, memory
// cacheability) and the MPU regions' own attributes, not from the numbers the
// layout chose:
//   - an object the Ethernet DMA touches that the CPU sees through a
//     write-back D-cache starts on a cache-line boundary (maintenance works on
//     whole lines; invalidating a line shared with a neighbour throws away the
//     neighbour's dirty data). Write-through memory has no dirty lines, so
//     there an invalidate cannot lose data and no alignment is needed;
//   - DMA descriptors are never cacheable: every byte of them is under an MPU
//     region that is Device or Normal non-cacheable.
func TestCoherencyInvariants(t *testing.T) {
	for _, name := range []string{"h743", "f767", "f407", "gd32f407", "mps2-an500", "zynq7035", "h743-rtthread"} {
		t.Run(name, func(t *testing.T) {
			p, l := planned(t, name)
			b := p.Board
			core := b.Chip.Core
			// cpuSees is the cache attribute the CPU reads and writes addr with:
			// the MPU region or TLB entry over it, else the memory's default map
			// (write-back on these cores); ok is false when it is not cached.
			cpuSees := func(addr uint64) (attr mpu.Attr, ok bool) {
				mem, in := b.Chip.MemoryAt(addr)
				if !in || !core.DCache || !mem.Cacheable {
					return 0, false
				}
				if attr, _, covered := mpu.EffectiveAttr(l.MPU, addr); covered {
					return attr, attr == mpu.NormalWBWA || attr == mpu.NormalWT
				}
				for _, e := range l.TLB {
					if addr >= e.Base && addr < e.Base+e.Size {
						return e.Attr, e.Attr == mpu.NormalWBWA || e.Attr == mpu.NormalWT
					}
				}
				return mpu.NormalWBWA, true
			}
			cachedBy := func(addr uint64) bool { _, ok := cpuSees(addr); return ok }
			writeBack := func(addr uint64) bool { a, ok := cpuSees(addr); return ok && a == mpu.NormalWBWA }
			descs := 0
			for _, s := range l.Sections {
				for _, o := range s.Objects {
					if !o.DMA {
						continue
					}
					if writeBack(s.Base) && core.DCacheLine > 0 {
						line := uint64(core.DCacheLine)
						if uint64(o.Align)%line != 0 || s.Base%line != 0 {
							t.Errorf("%s is DMA-touched and write-back cacheable but aligned to %d in %s at 0x%X: needs the %d-byte cache line",
								o.Name, o.Align, s.Name, s.Base, line)
						}
					}
					if strings.HasSuffix(o.Name, "_descriptors") && core.DCache {
						descs++
						for _, a := range []uint64{s.Base, s.Base + uint64(o.Size) - 1, s.End() - 1} {
							if cachedBy(a) {
								t.Errorf("descriptors %s: 0x%X in %s is cacheable", o.Name, a, s.Name)
							}
						}
					}
				}
			}
			if core.DCache && core.MPURegions > 0 && p.Driver.DescriptorSize > 0 && descs == 0 && p.Driver.RxDescriptors > 0 && name != "zynq7035" {
				t.Errorf("no descriptors checked on a cached chip")
			}
		})
	}
}

// Whatever alignment the plan asks for, a DMA object the CPU sees write-back
// cacheable gets at least the cache line: here the h743's zero-copy RX pool
// (cache maintenance by invalidation) is planned 4-byte aligned.
func TestCacheableDMAObjectGetsTheCacheLine(t *testing.T) {
	b, diags := board.Source{}.Load("h743")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	p, err := flow.Plan(b)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for i, o := range p.Objects {
		if o.DMA && (o.Coherency == "invalidate" || o.Coherency == "clean") {
			p.Objects[i].Align = 4
			n++
		}
	}
	if n == 0 {
		t.Fatal("h743 has no cache-maintained DMA object")
	}
	l, d := layout.Plan(p)
	if d.HasErrors() {
		t.Fatal(d)
	}
	line := int64(b.Chip.Core.DCacheLine)
	for _, s := range l.Sections {
		for _, o := range s.Objects {
			if o.DMA && (o.Coherency == "invalidate" || o.Coherency == "clean") && (o.Align%line != 0 || s.Base%uint64(line) != 0) {
				t.Errorf("%s in %s at 0x%X aligned to %d, not to the %d-byte cache line", o.Name, s.Name, s.Base, o.Align, line)
			}
		}
	}
}
