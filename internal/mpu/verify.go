package mpu

import (
	"fmt"
	"sort"
)

// Problem is one thing wrong with a region set. Region is the region number
// involved, or -1; Span the span name involved, or "".
type Problem struct {
	Region int
	Span   string
	Msg    string
}

func (p Problem) String() string {
	s := "mpu:"
	if p.Region >= 0 {
		s += fmt.Sprintf(" region %d:", p.Region)
	}
	if p.Span != "" {
		s += fmt.Sprintf(" span %q:", p.Span)
	}
	return s + " " + p.Msg
}

// checkRegion returns why r is not a legal PMSAv7 region, or "".
func checkRegion(r Region) string {
	switch {
	case r.Size < 32 || r.Size > addrLimit || r.Size&(r.Size-1) != 0:
		return fmt.Sprintf("size 0x%x is not a power of two from 32 B to 4 GB", r.Size)
	case r.Base&(r.Size-1) != 0:
		return fmt.Sprintf("base 0x%08x is not aligned to the region size 0x%x", r.Base, r.Size)
	case r.Base >= addrLimit:
		return fmt.Sprintf("base 0x%x is outside the 32-bit address space", r.Base)
	case r.Size < 256 && r.SRD != 0:
		return fmt.Sprintf("SRD 0x%02x on a %d-byte region: subregions exist only from 256 B (UNPREDICTABLE below)", r.SRD, r.Size)
	case r.SRD == 0xFF:
		return "all eight subregions disabled: the region has no effect"
	case !r.Attr.Valid():
		return fmt.Sprintf("invalid attribute %v", r.Attr)
	}
	if _, ok := apCode(r.AP); !ok {
		return fmt.Sprintf("unknown access permission %q (want FULL, PRIV, URO, PRO, RO or NONE)", r.AP)
	}
	return ""
}

// EffectiveAttr returns the attribute and number of the region that decides
// addr: the highest-numbered region with an enabled subregion containing it
// (ARMv7-M ARM B3.5.3). ok is false when no region covers addr, i.e. the
// default memory map (PRIVDEFENA) or a fault decides.
func EffectiveAttr(regions []Region, addr uint64) (attr Attr, number int, ok bool) {
	best := -1
	for i, r := range regions {
		if r.contains(addr) && (best < 0 || r.Number > regions[best].Number) {
			best = i
		}
	}
	if best < 0 {
		return 0, -1, false
	}
	return regions[best].Attr, regions[best].Number, true
}

// Verify checks a region set against the spans: each region is legal
// (power-of-two size ≥ 32 B, aligned base, SRD only from 256 B, number in
// 0..Regions-1, numbers unique), Background is present when set, every span
// byte ends up with its span's attribute and read/write access, and no byte
// outside the spans is decided by a region numbered FirstFree or above.
// An empty result means the set is correct.
func Verify(regions []Region, spans []Span, limits Limits) []Problem {
	var ps []Problem
	add := func(region int, span, format string, args ...any) {
		ps = append(ps, Problem{region, span, fmt.Sprintf(format, args...)})
	}
	numbers := map[int]bool{}
	for _, r := range regions {
		if limits.Regions > 0 && (r.Number < 0 || r.Number >= limits.Regions) {
			add(r.Number, "", "number outside 0..%d", limits.Regions-1)
		}
		if numbers[r.Number] {
			add(r.Number, "", "number used twice")
		}
		numbers[r.Number] = true
		if msg := checkRegion(r); msg != "" {
			add(r.Number, "", "%s", msg)
		}
	}
	if b := limits.Background; b != nil {
		found := false
		for _, r := range regions {
			found = found || (r.Number == b.Number && r.Base == b.Base && r.Size == b.Size && r.SRD == b.SRD && r.Attr == b.Attr)
		}
		if !found {
			add(b.Number, "", "background region missing or changed")
		}
	}
	for i, s := range spans {
		if !Representable(s.Base, s.Size) {
			add(-1, s.Name, "[0x%08x, +0x%x) is not on the 32-byte grid", s.Base, s.Size)
		}
		for _, t := range spans[i+1:] {
			if s.Attr != t.Attr && s.Base < t.end() && t.Base < s.end() {
				add(-1, s.Name, "overlaps span %q with a different attribute", t.Name)
			}
		}
	}
	// Between consecutive boundaries of regions, subregions and spans,
	// nothing changes; one probe per piece checks every byte.
	cuts := map[uint64]bool{0: true}
	for _, r := range regions {
		for _, x := range r.subregions() {
			cuts[x.lo], cuts[x.hi] = true, true
		}
	}
	for _, s := range spans {
		cuts[s.Base], cuts[s.end()] = true, true
	}
	points := make([]uint64, 0, len(cuts))
	for p := range cuts {
		if p < addrLimit {
			points = append(points, p)
		}
	}
	sort.Slice(points, func(i, j int) bool { return points[i] < points[j] })
	for i, p := range points {
		end := addrLimit
		if i+1 < len(points) {
			end = points[i+1]
		}
		attr, num, ok := EffectiveAttr(regions, p)
		var in *Span
		for j := range spans {
			if spans[j].Base <= p && p < spans[j].end() {
				in = &spans[j]
				break
			}
		}
		switch {
		case in != nil && !ok:
			add(-1, in.Name, "[0x%08x, 0x%08x) is covered by no region (default memory map, not %s)", p, end, in.Attr)
		case in != nil && attr != in.Attr:
			add(num, in.Name, "[0x%08x, 0x%08x) gets %s, want %s", p, end, attr, in.Attr)
		case in != nil:
			if ap := regionAP(regions, num); ap != "FULL" && ap != "" && ap != "PRIV" {
				add(num, in.Name, "[0x%08x, 0x%08x) gets access %s; lwIP and the DMA driver need read/write", p, end, ap)
			}
		case ok && num >= limits.FirstFree:
			add(num, "", "[0x%08x, 0x%08x) is outside every span but gets %s", p, end, attr)
		}
	}
	return ps
}

func regionAP(regions []Region, number int) string {
	for _, r := range regions {
		if r.Number == number {
			return r.AP
		}
	}
	return ""
}
