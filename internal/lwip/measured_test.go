package lwip

import (
	"strings"
	"testing"
)

// Measured sizes replace the model's table where set (no compiler here: the
// values are the ones a PTP-patched struct pbuf compiles to, as
// pipeline.TestPatchedPbufProjectPlannedAtMeasuredSize measures them), and
// the finding names each difference and what it costs.
func TestMeasuredSizesReplaceModel(t *testing.T) {
	opts := map[string]string{"MEM_ALIGNMENT": "4", "MEM_SIZE": "8000", "PBUF_POOL_SIZE": "10", "PBUF_POOL_BUFSIZE": "1536", "MEMP_NUM_PBUF": "8", "NO_SYS": "1", "LWIP_NETCONN": "0", "LWIP_SOCKET": "0"}
	c, err := Resolve(V213, opts)
	if err != nil {
		t.Fatal(err)
	}
	stock, err := PredictRAM(c)
	if err != nil {
		t.Fatal(err)
	}
	pools, _ := c.PoolsOf()
	m := &Measured{Tree: "proj/lwip", Pbuf: 24, PbufAlign: 4, Pools: map[string]int64{}, Mem: 8}
	for _, p := range pools {
		m.Pools[p.Name] = p.ElemSize
	}
	if d, err := c.Differences(m); err != nil || len(d) != 1 || d[0] != (Difference{"sizeof(struct pbuf)", 16, 24}) {
		t.Fatalf("only struct pbuf differs, got %v %v", d, err)
	}
	m.Pools["PBUF_POOL"] += 8
	m.Pools["PBUF"] += 8
	m.Mem = 12
	diffs, err := c.Differences(m)
	if err != nil || len(diffs) != 4 {
		t.Fatalf("differences: %v %v", diffs, err)
	}
	c.Measured = m
	got, err := PredictRAM(c)
	if err != nil {
		t.Fatal(err)
	}
	for sym, grow := range map[string]int64{"memp_memory_PBUF_POOL_base": 80, "memp_memory_PBUF_base": 64, "ram_heap": 8} {
		if g := got.Symbols[sym] - stock.Symbols[sym]; g != grow {
			t.Errorf("%s grew %d B, want %d", sym, g, grow)
		}
	}
	f := c.Finding(m, diffs)
	for _, want := range []string{
		"sizeof(struct pbuf) is 24 B in the project's lwIP, 16 B in stock 2.1.3",
		"SIZEOF_STRUCT_MEM is 12 B in the project's lwIP, 8 B in stock 2.1.3",
		"memp_memory_PBUF_POOL_base +80 B", "ram_heap +8 B", "(+152 B in all)", "proj/lwip",
	} {
		if !strings.Contains(f, want) {
			t.Errorf("finding lacks %q: %s", want, f)
		}
	}
	for _, d := range diffs {
		if d.OneSided() {
			t.Errorf("%v is no one-sided difference", d)
		}
	}
	m.Pools["MYPOOL"] = 40
	delete(m.Pools, "PBUF")
	diffs, _ = c.Differences(m)
	var one []string
	for _, d := range diffs {
		if d.OneSided() {
			one = append(one, d.What)
		}
	}
	if strings.Join(one, ",") != "pool PBUF element,pool MYPOOL element" {
		t.Errorf("one-sided differences %v", one)
	}
	// the heap is derived back from ram_heap's size as mem.c declares it
	if got := c.MemFromHeap(align(8000, 4) + 2*12 + 3); got != 12 {
		t.Errorf("MemFromHeap = %d, want 12", got)
	}
}
