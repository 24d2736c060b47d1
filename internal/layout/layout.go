// Package layout places the plan's memory objects (lwIP heap and pools, the
// Ethernet DMA descriptors and buffers) into chip memories, groups them into
// output sections with the attributes each needs, and solves the MPU regions
// (Cortex-M7) or translation-table sections (Cortex-A9) that make exactly the
// right sections non-cacheable. It is the single owner of section names,
// their alignment and their addresses: templates and the verifier read them
// from here.
package layout

import (
	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/mpu"
	"github.com/lwipgen/lwipgen/internal/plan"
)

// Layout is where everything goes.
type Layout struct {
	Board     *board.Board
	Sections  []Section
	MPU       []mpu.Region   // regions lwipgen programs (Cortex-M), in number order
	TLB       []mpu.TLBEntry // 1 MB section attributes (Cortex-A9)
	FirstFree int            // first MPU region number lwipgen used
	// Protection are the regions of a self-contained firmware (its flow
	// sets plan.Hooks.Protect; with an MPU): code read-only and executable, data
	// read-write and never executable. They sit below FirstFree.
	Protection []mpu.Region
	Carves     []Carve // the address ranges lwipgen owns, per memory
}

// Carve is the part of a chip memory that lwipgen's sections occupy.
type Carve struct {
	Memory     string
	Base, End  uint64
	Used       uint64 // bytes of objects in it (the rest is alignment padding)
	MemoryBase uint64
	MemoryEnd  uint64
}

// Section is one output section of lwip_sections.ld.
type Section struct {
	Name    string // output section name, e.g. ".lwip_nocache"
	Memory  string // chip memory it lives in
	Base    uint64 // planned address (fixed in the linker fragment)
	Size    uint64 // reserved bytes (objects + padding to the MPU region granularity)
	Align   uint64
	Attr    Attr // what the CPU sees there
	DMA     bool // holds objects the Ethernet DMA touches
	Objects []Placed
}

// Placed is one plan object inside a section.
type Placed struct {
	plan.Object
	Inputs []string // input-section selectors that must collect it
}

// End is the first address past the section.
func (s Section) End() uint64 { return s.Base + s.Size }

// Used is the sum of the object sizes (aligned) in the section.
func (s Section) Used() uint64 {
	var n uint64
	for _, o := range s.Objects {
		n = alignUp(n, uint64(o.Align)) + uint64(o.Size)
	}
	return n
}

// SectionOf returns the section holding the object with that name.
func (l *Layout) SectionOf(object string) (Section, Placed, bool) {
	for _, s := range l.Sections {
		for _, o := range s.Objects {
			if o.Name == object {
				return s, o, true
			}
		}
	}
	return Section{}, Placed{}, false
}

func alignUp(x, a uint64) uint64 {
	if a <= 1 {
		return x
	}
	return (x + a - 1) / a * a
}

// Spans are the address ranges whose attribute lwipgen must set: every
// device and non-cacheable section. The MPU/TLB solver covers exactly these,
// and the verifier checks the regions against them.
func (l *Layout) Spans() []mpu.Span {
	var spans []mpu.Span
	for _, s := range l.Sections {
		switch s.Attr {
		case AttrDevice:
			spans = append(spans, mpu.Span{Name: s.Name, Base: s.Base, Size: s.Size, Attr: mpu.Device})
		case AttrNonCacheable:
			spans = append(spans, mpu.Span{Name: s.Name, Base: s.Base, Size: s.Size, Attr: mpu.NormalNonCacheable})
		case AttrWriteThrough:
			spans = append(spans, mpu.Span{Name: s.Name, Base: s.Base, Size: s.Size, Attr: mpu.NormalWT})
		}
	}
	return spans
}
