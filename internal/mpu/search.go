package mpu

import (
	"encoding/binary"
	"math/bits"
	"sort"
)

// The search works backwards ("peeling"), from the highest-numbered region
// down. Under PMSAv7 precedence (ARMv7-M ARM B3.5.3 "Overlapping regions":
// the highest-numbered region wins) an ordered region list R1 < … < Rk is
// correct iff Rk's enabled area lies inside bytes that want Rk's attribute,
// R(k-1)'s area lies inside bytes that want its attribute or are already
// settled by Rk, and so on, and the areas together cover every span byte.
// So a state is just the set D of settled ("don't care") bytes, and a step
// adds one region whose area ⊆ want(attr) ∪ D. Growing D never hurts, which
// gives the pruning rules used below:
//
//  1. Only the maximal subregion mask of a node matters (more area, bigger D).
//  2. Only nodes ≥ 256 B: a 32/64/128 B block is one subregion (or a run of
//     them) of its 256 B ancestor, whose maximal mask includes it.
//  3. A node whose maximal mask is full is dominated by its parent (which
//     then enables that whole child); the first ancestor that is not full has
//     a boundary of the allowed set inside it, so only ancestors of the
//     granules at allowed-set boundaries need to be tried.
//  4. A step whose gain (area \ D) is inside another step's gain is dropped.
//
// Breadth-first search over D then gives the minimum count; the tests check
// it against an unpruned brute force.

// maxStates bounds the exact search per component; past it the greedy
// answer (always valid, maybe not minimal) is used. Real layouts need a few
// hundred states.
const maxStates = 10000

// stroke is one region choice: the node [base, base+2^lg) with enabled
// eighths mask (bit i = eighth i enabled) and the area that gives.
type stroke struct {
	base uint64
	lg   uint
	mask uint8
	attr Attr
	area ivs
}

// want is the set of bytes that must end up with attr.
type want struct {
	attr Attr
	set  ivs
}

// nodeMask returns the eighths of node [base, base+size) inside allowed.
func nodeMask(base, size uint64, allowed ivs) uint8 {
	e := size / 8
	var mask uint8
	for i := uint64(0); i < 8; i++ {
		if lo := base + i*e; allowed.covers(lo, lo+e) {
			mask |= 1 << i
		}
	}
	return mask
}

// maskArea is the byte set of the enabled eighths of a node.
func maskArea(base, size uint64, mask uint8) ivs {
	e := size / 8
	var area ivs
	for i := uint64(0); i < 8; i++ {
		if mask&(1<<i) != 0 {
			area = area.add(iv{base + i*e, base + (i+1)*e})
		}
	}
	return area
}

// maxLevel is the largest node size (log2) worth trying for allowed: a node
// whose eighth is longer than the whole allowed range enables nothing.
func maxLevel(allowed ivs) uint {
	extent := allowed[len(allowed)-1].hi - allowed[0].lo
	lg := uint(bits.Len64(extent)) + 3
	return min(max(lg, 8), 32)
}

// candidates lists the undominated steps from state d.
func candidates(d ivs, wants []want) []stroke {
	var out []stroke
	for _, w := range wants {
		need := w.set.sub(d)
		if len(need) == 0 {
			continue
		}
		allowed := w.set.union(d)
		seen := map[uint64]bool{}
		top := maxLevel(allowed)
		for _, x := range allowed {
			for _, g := range [2]uint64{x.lo, x.hi - Granule} {
				for lg := uint(8); lg <= top; lg++ {
					size := uint64(1) << lg
					base := g &^ (size - 1)
					key := base | uint64(lg)
					if seen[key] {
						continue
					}
					seen[key] = true
					mask := nodeMask(base, size, allowed)
					if mask == 0 || (mask == 0xFF && lg < 32) {
						continue
					}
					area := maskArea(base, size, mask)
					if len(area.intersect(need)) == 0 {
						continue
					}
					out = append(out, stroke{base, lg, mask, w.attr, area})
				}
			}
		}
	}
	gains := make([]ivs, len(out))
	sizes := make([]uint64, len(out))
	for i, s := range out {
		gains[i] = s.area.sub(d)
		sizes[i] = gains[i].size()
	}
	keep := out[:0:0]
	for i := range out {
		dominated := false
		for j := range out {
			if i == j || sizes[j] < sizes[i] || !gains[i].subset(gains[j]) {
				continue
			}
			// Equal gains: keep the first (smallest node, generation order).
			if !gains[j].subset(gains[i]) || j < i {
				dominated = true
				break
			}
		}
		if !dominated {
			keep = append(keep, out[i])
		}
	}
	return keep
}

func stateKey(d ivs) string {
	b := make([]byte, 0, 16*len(d))
	for _, x := range d {
		b = binary.LittleEndian.AppendUint64(b, x.lo)
		b = binary.LittleEndian.AppendUint64(b, x.hi)
	}
	return string(b)
}

// greedy peels the step with the largest gain until all of u is settled.
// It always terminates: the 256 B node around any unsettled byte has that
// byte's 32 B subregion allowed.
func greedy(u ivs, wants []want) []stroke {
	var d ivs
	var peel []stroke
	for !u.subset(d) {
		cs := candidates(d, wants)
		best, bestGain := 0, uint64(0)
		for i, c := range cs {
			if g := c.area.sub(d).size(); g > bestGain {
				best, bestGain = i, g
			}
		}
		peel = append(peel, cs[best])
		d = d.union(cs[best].area)
	}
	return peel
}

// minimalPeel returns a shortest peel sequence (highest region first) for
// one component, or the greedy one when the search exceeds maxStates.
func minimalPeel(u ivs, wants []want) []stroke {
	upper := greedy(u, wants)
	lower := 0
	for _, w := range wants {
		if len(w.set) > 0 {
			lower++ // one region has one attribute
		}
	}
	if len(upper) <= lower {
		return upper
	}
	type state struct {
		d      ivs
		parent int
		step   stroke
	}
	states := []state{{parent: -1}}
	seen := map[string]bool{"": true}
	for head := 0; head < len(states); head++ {
		cur := states[head]
		depth := 0
		for p := head; states[p].parent >= 0; p = states[p].parent {
			depth++
		}
		if depth+1 >= len(upper) {
			break // BFS order: nothing shorter than upper is left
		}
		for _, c := range candidates(cur.d, wants) {
			nd := cur.d.union(c.area)
			k := stateKey(nd)
			if seen[k] {
				continue
			}
			seen[k] = true
			states = append(states, state{nd, head, c})
			if u.subset(nd) {
				var peel []stroke
				for p := len(states) - 1; p > 0; p = states[p].parent {
					peel = append([]stroke{states[p].step}, peel...)
				}
				return peel
			}
			if len(states) > maxStates {
				return upper
			}
		}
	}
	return upper
}

// forwardOrder turns a set of steps into region order (lowest number
// first). Any step whose area is allowed given what is already peeled can go
// on top; among those the one with the highest address (then the smaller
// area) is peeled first, so unconstrained regions come out in address order
// and a region that must override another gets the higher number.
func forwardOrder(steps []stroke, wants []want) []stroke {
	want := map[Attr]ivs{}
	for _, w := range wants {
		want[w.attr] = w.set
	}
	rest := append([]stroke(nil), steps...)
	var d ivs
	var peel []stroke
	for len(rest) > 0 {
		best := -1
		for i, s := range rest {
			if !s.area.subset(want[s.attr].union(d)) {
				continue
			}
			if best < 0 || s.area[0].lo > rest[best].area[0].lo ||
				(s.area[0].lo == rest[best].area[0].lo && s.area.size() < rest[best].area.size()) {
				best = i
			}
		}
		if best < 0 {
			panic("mpu: internal error: step set has no valid peel order")
		}
		peel = append(peel, rest[best])
		d = d.union(rest[best].area)
		rest = append(rest[:best], rest[best+1:]...)
	}
	for i, j := 0, len(peel)-1; i < j; i, j = i+1, j-1 {
		peel[i], peel[j] = peel[j], peel[i]
	}
	return peel
}

// shape returns the simplest node and SRD that enable exactly area: a single
// aligned power-of-two block becomes a plain region (any size ≥ 32 B);
// otherwise the node shrinks while the area fits in one half and the half
// still has subregions (≥ 256 B).
func shape(s stroke) (base, size uint64, srd uint8) {
	lo, hi := s.area[0].lo, s.area[len(s.area)-1].hi
	if n := hi - lo; len(s.area) == 1 && n&(n-1) == 0 && lo%n == 0 {
		return lo, n, 0
	}
	base, size = s.base, uint64(1)<<s.lg
shrink:
	for size/2 >= 256 {
		half := size / 2
		switch {
		case hi <= base+half:
		case lo >= base+half:
			base += half
		default:
			break shrink
		}
		size = half
	}
	return base, size, ^nodeMask(base, size, s.area)
}

// components splits u into groups of ranges that no single region can touch
// together, so each group is searched on its own. Two ranges can share a
// region only through a node that contains a boundary of u (argument 3
// above), so only ancestors of boundary granules are looked at.
func components(u ivs) []ivs {
	parent := make([]int, len(u))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		if parent[i] != i {
			parent[i] = find(parent[i])
		}
		return parent[i]
	}
	index := func(a uint64) int {
		return sort.Search(len(u), func(i int) bool { return u[i].hi > a })
	}
	for _, x := range u {
		for _, g := range [2]uint64{x.lo, x.hi - Granule} {
			for lg := uint(8); lg <= 32; lg++ {
				size := uint64(1) << lg
				base := g &^ (size - 1)
				area := maskArea(base, size, nodeMask(base, size, u))
				for _, a := range area {
					parent[find(index(a.lo))] = find(index(area[0].lo))
				}
			}
		}
	}
	groups := map[int]ivs{}
	var order []int
	for i, x := range u {
		r := find(i)
		if _, ok := groups[r]; !ok {
			order = append(order, r)
		}
		groups[r] = append(groups[r], x)
	}
	out := make([]ivs, 0, len(order))
	for _, r := range order {
		out = append(out, groups[r])
	}
	return out
}
