package mpu

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Errors Solve and SolveTLB wrap, for errors.Is.
var (
	// ErrNotRepresentable: a span's base or size is off the hardware grid
	// (32 B for the MPU, 1 MB for the A9 section table).
	ErrNotRepresentable = errors.New("span not representable")
	// ErrTooManyRegions: the spans need more MPU regions than are free.
	ErrTooManyRegions = errors.New("not enough MPU regions")
	// ErrConflict: two spans overlap with different attributes.
	ErrConflict = errors.New("spans overlap with different attributes")
	// ErrLimits: the Limits themselves are inconsistent.
	ErrLimits = errors.New("bad MPU limits")
)

// Limits describes the MPU lwipgen may program.
type Limits struct {
	// Regions is the number of regions the core implements (MPU_TYPE.DREGION):
	// 16 on the STM32H7 Cortex-M7, 8 on the F7 and on QEMU 7.2's mps2-an500.
	Regions int
	// FirstFree is the first region number lwipgen may use; lower numbers
	// belong to the application (and to Background) and lose on overlap.
	FirstFree int
	// Background, if set, is a fixed low-numbered region (e.g. ST's 4 GB
	// no-access region 0 with SRD 0x87) that Solve returns first, unchanged.
	Background *Region
}

func (l Limits) check() error {
	if l.Regions < 1 || l.Regions > 16 {
		return fmt.Errorf("mpu: %w: Regions = %d; an ARMv7-M MPU programmed through RBAR.REGION has 1..16 (8 or 16 on Cortex-M7)", ErrLimits, l.Regions)
	}
	if l.FirstFree < 0 || l.FirstFree > l.Regions {
		return fmt.Errorf("mpu: %w: FirstFree = %d is outside 0..%d", ErrLimits, l.FirstFree, l.Regions)
	}
	if b := l.Background; b != nil {
		if b.Number < 0 || b.Number >= l.FirstFree {
			return fmt.Errorf("mpu: %w: background region number %d must be below FirstFree (%d) so that lwipgen's regions override it", ErrLimits, b.Number, l.FirstFree)
		}
		if p := checkRegion(*b); p != "" {
			return fmt.Errorf("mpu: %w: background region: %s", ErrLimits, p)
		}
	}
	return nil
}

// Solve returns the fewest MPU regions, numbered from FirstFree, that give
// every span byte its span's attribute and leave every other byte to the
// lower-numbered regions and the default memory map. It uses subregion
// disable and overlap precedence where they save regions. When
// limits.Background is set it is the first element of the result.
//
// Spans of the same attribute may touch or overlap (they are merged); spans
// of different attributes may not overlap. The answer is minimal per group of
// spans that can share regions; for a group that would need a search of more
// than maxStates (10000) states, a valid greedy answer is used instead (only
// seen with ten or more regions on unpadded, 32-byte-ragged spans).
func Solve(spans []Span, limits Limits) ([]Region, error) {
	if err := limits.check(); err != nil {
		return nil, err
	}
	wants, err := prepare(spans)
	if err != nil {
		return nil, err
	}
	var u ivs
	for _, w := range wants {
		u = u.union(w.set)
	}
	type group struct {
		u     ivs
		steps []stroke
	}
	var groups []group
	total := 0
	for _, cu := range components(u) {
		var cw []want
		for _, w := range wants {
			if s := w.set.intersect(cu); len(s) > 0 {
				cw = append(cw, want{w.attr, s})
			}
		}
		steps := forwardOrder(minimalPeel(cu, cw), cw)
		groups = append(groups, group{cu, steps})
		total += len(steps)
	}
	if free := limits.Regions - limits.FirstFree; total > free {
		var b strings.Builder
		fmt.Fprintf(&b, "the spans need %d regions but only %d are available (numbers %d..%d of %d):",
			total, free, limits.FirstFree, limits.Regions-1, limits.Regions)
		for _, g := range groups {
			fmt.Fprintf(&b, "\n  %d for %s", len(g.steps), describeSpans(spans, g.u))
		}
		b.WriteString("\n  a span placed with PadForMPU(size) (size rounded to subregions, aligned to its region size) needs one region")
		return nil, fmt.Errorf("mpu: %w: %s", ErrTooManyRegions, b.String())
	}
	var out []Region
	if limits.Background != nil {
		out = append(out, *limits.Background)
	}
	n := limits.FirstFree
	for _, g := range groups {
		for _, s := range g.steps {
			base, size, srd := shape(s)
			out = append(out, Region{
				Number: n, Base: base, Size: size, Attr: s.attr, SRD: srd,
				Covers: covered(spans, s),
				// Spans hold data and DMA descriptors, never code: XN stops
				// instruction fetch (and speculation) from them.
				XN: true, AP: "FULL",
			})
			n++
		}
	}
	return out, nil
}

// prepare checks the spans and returns, per attribute, the bytes that want it.
func prepare(spans []Span) ([]want, error) {
	for _, s := range spans {
		if !s.Attr.Valid() {
			return nil, fmt.Errorf("mpu: span %q: invalid attribute %v", s.Name, s.Attr)
		}
		if !Representable(s.Base, s.Size) {
			return nil, notRepresentable(s)
		}
	}
	for i, a := range spans {
		for _, b := range spans[i+1:] {
			if a.Attr != b.Attr && a.Base < b.end() && b.Base < a.end() {
				return nil, fmt.Errorf("mpu: %w: %s and %s", ErrConflict, a, b)
			}
		}
	}
	var wants []want
	for _, a := range []Attr{StronglyOrdered, Device, NormalNonCacheable, NormalWBWA, NormalWT} {
		var set ivs
		for _, s := range spans {
			if s.Attr == a {
				set = set.add(iv{s.Base, s.end()})
			}
		}
		if len(set) > 0 {
			wants = append(wants, want{a, set})
		}
	}
	return wants, nil
}

func notRepresentable(s Span) error {
	if s.Size == 0 {
		return fmt.Errorf("mpu: %w: span %q at 0x%08x is empty", ErrNotRepresentable, s.Name, s.Base)
	}
	if s.Base >= addrLimit || s.Size > addrLimit-s.Base {
		return fmt.Errorf("mpu: %w: span %s runs past the 4 GB address space", ErrNotRepresentable, s)
	}
	lo := s.Base &^ (Granule - 1)
	hi := (s.end() + Granule - 1) &^ (Granule - 1)
	ps, pa := PadForMPU(s.Size)
	return fmt.Errorf("mpu: %w: span %s: base and size must be multiples of %d bytes (the ARMv7-M minimum region and subregion size); "+
		"pad the section to [0x%08x, 0x%08x) (%d B, 32-byte aligned), or for a single region place it with size %d B aligned to 0x%x (PadForMPU)",
		ErrNotRepresentable, s, Granule, lo, hi, hi-lo, ps, pa)
}

// covered names the spans of s's attribute that s's area touches.
func covered(spans []Span, s stroke) []string {
	var names []string
	for _, sp := range spans {
		if sp.Attr == s.attr && len(s.area.intersect(ivs{{sp.Base, sp.end()}})) > 0 {
			names = append(names, sp.Name)
		}
	}
	return names
}

func describeSpans(spans []Span, u ivs) string {
	var parts []string
	for _, sp := range spans {
		if len(u.intersect(ivs{{sp.Base, sp.end()}})) > 0 {
			parts = append(parts, sp.String())
		}
	}
	sort.Strings(parts)
	return strings.Join(parts, ", ")
}
