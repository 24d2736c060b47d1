package mpu

import "sort"

// iv is the half-open byte range [lo, hi).
type iv struct{ lo, hi uint64 }

// ivs is a set of bytes kept as sorted, disjoint, non-adjacent ranges.
type ivs []iv

// add returns s ∪ [x.lo, x.hi) (s is not modified).
func (s ivs) add(x iv) ivs {
	if x.lo >= x.hi {
		return s
	}
	out := make(ivs, 0, len(s)+1)
	i := 0
	for ; i < len(s) && s[i].hi < x.lo; i++ {
		out = append(out, s[i])
	}
	for ; i < len(s) && s[i].lo <= x.hi; i++ {
		x.lo, x.hi = min(x.lo, s[i].lo), max(x.hi, s[i].hi)
	}
	out = append(out, x)
	return append(out, s[i:]...)
}

func (s ivs) union(t ivs) ivs {
	for _, x := range t {
		s = s.add(x)
	}
	return s
}

// sub returns s \ t.
func (s ivs) sub(t ivs) ivs {
	var out ivs
	for _, x := range s {
		lo := x.lo
		for _, y := range t {
			if y.hi <= lo || y.lo >= x.hi {
				continue
			}
			if y.lo > lo {
				out = append(out, iv{lo, y.lo})
			}
			lo = max(lo, y.hi)
		}
		if lo < x.hi {
			out = append(out, iv{lo, x.hi})
		}
	}
	return out
}

func (s ivs) intersect(t ivs) ivs {
	var out ivs
	for _, x := range s {
		for _, y := range t {
			lo, hi := max(x.lo, y.lo), min(x.hi, y.hi)
			if lo < hi {
				out = append(out, iv{lo, hi})
			}
		}
	}
	return out
}

// covers reports whether [lo, hi) ⊆ s.
func (s ivs) covers(lo, hi uint64) bool {
	i := sort.Search(len(s), func(i int) bool { return s[i].hi > lo })
	return i < len(s) && s[i].lo <= lo && s[i].hi >= hi
}

// subset reports whether s ⊆ t.
func (s ivs) subset(t ivs) bool {
	for _, x := range s {
		if !t.covers(x.lo, x.hi) {
			return false
		}
	}
	return true
}

func (s ivs) size() uint64 {
	var n uint64
	for _, x := range s {
		n += x.hi - x.lo
	}
	return n
}
