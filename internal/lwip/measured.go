package lwip

import (
	"fmt"
	"sort"
)

// Measured is what the cross compiler reports for one lwIP tree compiled
// with one lwipopts.h and one project's flags: the sizes the RAM model
// otherwise takes from its table of stock lwIP (data/struct_sizes.tsv). A
// project that patches lwIP's structs (cxnaive/H743VGTx_lwip adds PTP
// time_sec/time_nsec to struct pbuf) compiles pools the table cannot know;
// with Measured set on a Config, SizeOf("pbuf") and the pool elements are the
// compiler's values, so the heap and pools are planned at the size they link.
type Measured struct {
	Tree      string           // the lwIP tree measured (for the finding)
	Pbuf      int64            // sizeof(struct pbuf)
	PbufAlign int64            // __alignof__(struct pbuf)
	Pools     map[string]int64 // memp_std.h's element size per enabled pool, by pool name ("PBUF_POOL")
	// Mem is SIZEOF_STRUCT_MEM (struct mem aligned), which mem.c keeps to
	// itself: derived from the size of ram_heap as the project's mem.c
	// compiles (MemFromHeap); 0 = not measured (no ram_heap array).
	Mem int64
}

// MemFromHeap derives SIZEOF_STRUCT_MEM from the size of mem.c's ram_heap
// as compiled with c's lwipopts.h: ram_heap is
// MEM_SIZE_ALIGNED + 2*SIZEOF_STRUCT_MEM + MEM_ALIGNMENT-1 bytes.
func (c *Config) MemFromHeap(ramHeap int64) int64 {
	a := c.mustInt("MEM_ALIGNMENT")
	return (ramHeap - align(c.mustInt("MEM_SIZE"), a) - (a - 1)) / 2
}

// Difference is one value where the measured lwIP and the model disagree.
type Difference struct {
	What     string // "struct pbuf", "memp_memory_PBUF_POOL_base"
	Model    int64
	Measured int64
}

// Differences compares m with the model of c's lwIP release (c itself
// without measurements): struct pbuf, then each pool's element and array, in
// memp_std.h order. An empty result means the model is exact for this tree.
func (c *Config) Differences(m *Measured) ([]Difference, error) {
	stock := *c
	stock.Measured = nil
	var out []Difference
	if ps, err := stock.SizeOf("pbuf"); err != nil {
		return nil, err
	} else if ps != m.Pbuf {
		out = append(out, Difference{"sizeof(struct pbuf)", ps, m.Pbuf})
	}
	if m.Mem > 0 {
		ms, err := stock.SizeOf("mem")
		if err != nil {
			return nil, err
		}
		if a := align(ms, stock.mustInt("MEM_ALIGNMENT")); a != m.Mem {
			out = append(out, Difference{"SIZEOF_STRUCT_MEM", a, m.Mem})
		}
	}
	model, _ := stock.PoolsOf()
	seen := map[string]bool{}
	for _, p := range model {
		seen[p.Name] = true
		e, ok := m.Pools[p.Name]
		if !ok {
			out = append(out, Difference{"pool " + p.Name + " element", p.ElemSize, -1})
			continue
		}
		if e != p.ElemSize {
			out = append(out, Difference{"pool " + p.Name + " element", p.ElemSize, e})
		}
	}
	var extra []string
	for n := range m.Pools {
		if !seen[n] {
			extra = append(extra, n)
		}
	}
	sort.Strings(extra)
	for _, n := range extra {
		out = append(out, Difference{"pool " + n + " element", -1, m.Pools[n]})
	}
	return out, nil
}

// OneSided reports whether a difference is a pool only one side has: the
// plan cannot place what the model does not know, nor trust a pool the
// compiled lwIP does not declare.
func (d Difference) OneSided() bool { return d.Model < 0 || d.Measured < 0 }

// Finding says in one sentence what differs and what it costs: "struct pbuf
// is 24 B in the project's lwIP, 16 B in stock 2.1.2: pbuf pools grow by N B".
func (c *Config) Finding(m *Measured, diffs []Difference) string {
	if len(diffs) == 0 {
		return fmt.Sprintf("the lwIP in %s compiles struct pbuf (%d B, aligned %d) and every pool element at the sizes lwipgen's model of stock lwIP %s gives", m.Tree, m.Pbuf, m.PbufAlign, c.Version)
	}
	stock := *c
	stock.Measured = nil
	was, _ := PredictRAM(&stock)
	now, _ := PredictRAM(c)
	grow := map[string]int64{}
	for n, b := range was.Symbols {
		grow[n] -= b
	}
	for n, b := range now.Symbols {
		grow[n] += b
	}
	s := ""
	for i, d := range diffs {
		if i > 0 {
			s += "; "
		}
		switch {
		case d.Model < 0:
			s += fmt.Sprintf("%s is %d B in the project's lwIP, not in lwipgen's model of stock %s", d.What, d.Measured, c.Version)
		case d.Measured < 0:
			s += fmt.Sprintf("%s (%d B in stock %s) is not in the project's lwIP", d.What, d.Model, c.Version)
		default:
			s += fmt.Sprintf("%s is %d B in the project's lwIP, %d B in stock %s", d.What, d.Measured, d.Model, c.Version)
		}
	}
	var names []string
	for n, g := range grow {
		if g != 0 {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	var total int64
	for i, n := range names {
		if i == 0 {
			s += ": "
		} else {
			s += ", "
		}
		s += fmt.Sprintf("%s %+d B", n, grow[n])
		total += grow[n]
	}
	if len(names) > 0 {
		s += fmt.Sprintf(" (%+d B in all)", total)
	}
	return s + fmt.Sprintf("; measured with the cross compiler in %s (the project's lwIP headers, its include paths and definitions, the generated lwipopts.h) and planned at the measured sizes", m.Tree)
}
