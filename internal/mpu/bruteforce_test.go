package mpu

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// bruteMin is an independent minimum for spans inside one window of
// 32-byte granules (≤ 64 granules, window aligned to its size). It enumerates
// EVERY legal region shape inside the window (all sizes from 32 B, every
// non-zero SRD mask from 256 B) and searches breadth-first, peeling the
// highest-numbered region first: a region may be on top iff its area only
// holds bytes that want its attribute or that higher regions already settle
// (ARMv7-M precedence; see search.go). None of the solver's pruning (maximal
// masks, ≥256 B nodes, boundary ancestors, dominance, components) is used.
// Shapes larger than the window add nothing: their enabled eighths inside
// the window are unions of the window node's own eighths.
func bruteMin(window uint64, base uint64, spans []Span, limit int) int {
	n := window / Granule
	gran := func(lo, hi uint64) uint64 { // bitmask of granules [lo, hi)
		var m uint64
		for a := lo; a < hi; a += Granule {
			m |= 1 << ((a - base) / Granule)
		}
		return m
	}
	byAttr := map[Attr]uint64{}
	var u uint64
	for _, s := range spans {
		byAttr[s.Attr] |= gran(s.Base, s.end())
		u |= gran(s.Base, s.end())
	}
	var want []uint64
	for _, w := range byAttr {
		want = append(want, w)
	}
	var shapes []uint64
	for size := uint64(Granule); size <= window; size *= 2 {
		for nb := base; nb < base+window; nb += size {
			if size < 256 {
				shapes = append(shapes, gran(nb, nb+size))
				continue
			}
			for mask := 1; mask < 256; mask++ {
				var m uint64
				for i := uint64(0); i < 8; i++ {
					if mask&(1<<i) != 0 {
						m |= gran(nb+i*size/8, nb+(i+1)*size/8)
					}
				}
				shapes = append(shapes, m)
			}
		}
	}
	var useful []uint64 // shapes inside u: outside bytes may never be covered
	seenShape := map[uint64]bool{}
	for _, s := range shapes {
		if s&^u == 0 && !seenShape[s] {
			seenShape[s] = true
			useful = append(useful, s)
		}
	}
	frontier := []uint64{0}
	var seen func(uint64) bool // reports whether d was seen, marks it
	if n <= 16 {
		mark := make([]bool, 1<<n)
		seen = func(d uint64) bool { s := mark[d]; mark[d] = true; return s }
	} else {
		mark := map[uint64]bool{}
		seen = func(d uint64) bool { s := mark[d]; mark[d] = true; return s }
	}
	seen(0)
	for depth := 1; depth <= limit; depth++ {
		var next []uint64
		for _, d := range frontier {
			for _, w := range want {
				for _, s := range useful {
					if s&^(w|d) != 0 || s&^d == 0 {
						continue
					}
					nd := d | s
					if nd == u {
						return depth
					}
					if !seen(nd) {
						next = append(next, nd)
					}
				}
			}
		}
		frontier = next
	}
	return -1
}

// randomSpans draws 1..maxSpans non-overlapping spans on the 32-byte grid
// inside [base, base+window), with attributes from attrs.
func randomSpans(r *rand.Rand, base, window uint64, maxSpans int, attrs []Attr) []Span {
	n := window / Granule
	var spans []Span
	pos := uint64(r.IntN(int(n) / 2))
	for i := 0; i < 1+r.IntN(maxSpans) && pos < n; i++ {
		length := 1 + uint64(r.IntN(int(n-pos)))
		if length > n/2 && r.IntN(2) == 0 {
			length = 1 + length/3
		}
		spans = append(spans, Span{fmt.Sprint("s", i), base + pos*Granule, length * Granule, attrs[r.IntN(len(attrs))]})
		pos += length
		if r.IntN(2) == 0 {
			pos += uint64(r.IntN(4)) // sometimes adjacent, sometimes a gap
		}
	}
	return spans
}

func TestSolveMinimalAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	attrs := []Attr{Device, NormalNonCacheable, NormalWT}
	for _, tc := range []struct {
		window uint64
		cases  int
	}{{256, 300}, {512, 400}, {1024, 20}} {
		for c := 0; c < tc.cases; c++ {
			// Windows at varied bases: the solver must not depend on where.
			base := 0x20000000 + uint64(r.IntN(1<<16))*tc.window
			spans := randomSpans(r, base, tc.window, 3, attrs[:1+r.IntN(3)])
			l := Limits{Regions: 16}
			rs, err := Solve(spans, l)
			if err != nil {
				t.Fatalf("%v: %v", spans, err)
			}
			for _, p := range Verify(rs, spans, l) {
				t.Errorf("%v:\n%s%s", spans, dump(rs), p)
			}
			if min := bruteMin(tc.window, base, spans, len(rs)); min != len(rs) {
				t.Errorf("window %d %v: solver %d regions, brute force %d\n%s", tc.window, spans, len(rs), min, dump(rs))
			}
		}
	}
}

// Larger windows: no brute force, but every answer must verify, be no worse
// than greedy, and no worse than one region per aligned power-of-two block.
func TestSolveLargeWindowsVerify(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	attrs := []Attr{Device, NormalNonCacheable, NormalWBWA}
	for c := 0; c < 60; c++ {
		window := uint64(64 << 10)
		base := 0x30000000 + uint64(r.IntN(64))*window
		spans := randomSpans(r, base, window, 4, attrs)
		rs, err := Solve(spans, Limits{Regions: 16})
		if err != nil {
			// Many-region cases are legitimate errors; they must say so.
			if blocks(spans) <= 16 {
				t.Errorf("%v: %v", spans, err)
			}
			continue
		}
		for _, p := range Verify(rs, spans, Limits{Regions: 16}) {
			t.Errorf("%v:\n%s%s", spans, dump(rs), p)
		}
		if b := blocks(spans); len(rs) > b {
			t.Errorf("%v: %d regions, plain block decomposition needs %d", spans, len(rs), b)
		}
	}
}

// blocks counts the maximal aligned power-of-two blocks of each span: the
// region count without SRD or overlap.
func blocks(spans []Span) int {
	n := 0
	for _, s := range spans {
		for a, end := s.Base, s.end(); a < end; n++ {
			size := uint64(1) << bits.TrailingZeros64(a|1<<32)
			for a+size > end {
				size /= 2
			}
			a += size
		}
	}
	return n
}

// PadForMPU's promise: a section of the padded size at the returned
// alignment needs exactly one region, with no SRD below 256 B.
func TestPadForMPUGivesOneRegion(t *testing.T) {
	for _, size := range []uint64{1, 31, 32, 33, 100, 255, 256, 257, 1000, 0x4983, 96 << 10, 100 << 10, 131048, 1 << 20, 3<<20 + 5} {
		ps, align := PadForMPU(size)
		if ps < size || ps > align || align != MinimalAlignment(size) {
			t.Errorf("PadForMPU(%d) = %d, %d", size, ps, align)
		}
		base := uint64(0x60000000) // aligned to every align here
		rs := solveOK(t, []Span{{"s", base, ps, NormalNonCacheable}}, h7)
		if len(rs) != 1 {
			t.Errorf("PadForMPU(%d) = %d @%d: %d regions\n%s", size, ps, align, len(rs), dump(rs))
		}
	}
}

func TestAlignmentHelpers(t *testing.T) {
	for _, c := range []struct{ size, align, padded uint64 }{
		{0, 32, 0}, {1, 32, 32}, {32, 32, 32}, {33, 64, 64}, {100, 128, 128}, {200, 256, 224},
		{257, 512, 320}, {0x4983, 32 << 10, 20 << 10}, {96 << 10, 128 << 10, 96 << 10},
		{100 << 10, 128 << 10, 112 << 10}, {128 << 10, 128 << 10, 128 << 10},
	} {
		if got := MinimalAlignment(c.size); got != c.align {
			t.Errorf("MinimalAlignment(%d) = %d, want %d", c.size, got, c.align)
		}
		if p, a := PadForMPU(c.size); p != c.padded || a != c.align {
			t.Errorf("PadForMPU(%d) = %d, %d; want %d, %d", c.size, p, a, c.padded, c.align)
		}
	}
	for _, c := range []struct {
		base, size uint64
		ok         bool
	}{
		{0x30000000, 0x100, true}, {0x30000100, 0x4983, false}, {0x30000010, 0x20, false},
		{0x30000000, 0, false}, {0xFFFFFFE0, 0x20, true}, {0xFFFFFFE0, 0x40, false}, {0, 1 << 32, true},
	} {
		if got := Representable(c.base, c.size); got != c.ok {
			t.Errorf("Representable(0x%x, 0x%x) = %v", c.base, c.size, got)
		}
	}
}
