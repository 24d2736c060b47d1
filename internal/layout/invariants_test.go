package layout_test

import (
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/mpu"
)

// Coherency invariants, checked from the chip's data (cache line, memory
// cacheability) and the MPU regions' own attributes, not from the numbers the
// layout chose:
//   - an object the Ethernet DMA touches that the CPU sees through the D-cache
//     starts on a cache-line boundary (maintenance works on whole lines; a line
//     shared with a neighbour is corrupted by an invalidate);
//   - DMA descriptors are never cacheable: every byte of them is under an MPU
//     region that is Device or Normal non-cacheable.
func TestCoherencyInvariants(t *testing.T) {
	for _, name := range []string{"h743", "f767", "f407", "gd32f407", "mps2-an500", "zynq7035", "h743-rtthread"} {
		t.Run(name, func(t *testing.T) {
			p, l := planned(t, name)
			b := p.Board
			core := b.Chip.Core
			cachedBy := func(addr uint64) bool {
				mem, ok := b.Chip.MemoryAt(addr)
				if !ok || !core.DCache || !mem.Cacheable {
					return false
				}
				if attr, _, covered := mpu.EffectiveAttr(l.MPU, addr); covered {
					return attr == mpu.NormalWBWA || attr == mpu.NormalWT
				}
				for _, e := range l.TLB {
					if addr >= e.Base && addr < e.Base+e.Size {
						return e.Attr == mpu.NormalWBWA || e.Attr == mpu.NormalWT
					}
				}
				return true
			}
			descs := 0
			for _, s := range l.Sections {
				for _, o := range s.Objects {
					if !o.DMA {
						continue
					}
					if cachedBy(s.Base) && core.DCacheLine > 0 {
						line := uint64(core.DCacheLine)
						if uint64(o.Align)%line != 0 || s.Base%line != 0 {
							t.Errorf("%s is DMA-touched and cacheable but aligned to %d in %s at 0x%X: needs the %d-byte cache line",
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
