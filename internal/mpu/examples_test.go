package mpu

import (
	"errors"
	"strings"
	"testing"
)

const kb = 1024

// solveOK runs Solve, fails on error, and checks the result with Verify.
func solveOK(t *testing.T, spans []Span, l Limits) []Region {
	t.Helper()
	rs, err := Solve(spans, l)
	if err != nil {
		t.Fatalf("Solve: %v", err)
	}
	for _, p := range Verify(rs, spans, l) {
		t.Errorf("Verify: %s", p)
	}
	return rs
}

// wantRegions compares the fields that matter (not Covers/AP/XN).
func wantRegions(t *testing.T, got []Region, want []Region) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d regions, want %d:\n%s", len(got), len(want), dump(got))
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.Number != w.Number || g.Base != w.Base || g.Size != w.Size || g.Attr != w.Attr || g.SRD != w.SRD {
			t.Errorf("region[%d] = %v, want %v\nall:\n%s", i, g, w, dump(got))
		}
	}
}

func dump(rs []Region) string {
	var b strings.Builder
	for _, r := range rs {
		b.WriteString("  " + r.String() + "\n")
	}
	return b.String()
}

var h7 = Limits{Regions: 16, FirstFree: 1}

// ST's "Strongly ordered for not defined regions" background (stm32-cubemx.md
// §3a): 4 GB, no access, XN, SRD 0x87 leaves only 0x60000000-0xDFFFFFFF.
var stBackground = Region{Number: 0, Base: 0, Size: 1 << 32, Attr: StronglyOrdered, SRD: 0x87, XN: true, AP: "NONE"}

// STM32CubeH7 HEAD H743 example (§2f, §2g, §3a) with our rule that Device
// stops at the descriptors: descriptors 0x30000000..+0x100, RX pool 12 ×
// 1056 B (padded to 32 B: 0x3180) right after, heap 16 KB at 0x30004000.
func TestST_H743Example(t *testing.T) {
	spans := []Span{
		{"descriptors", 0x30000000, 0x100, Device},
		{"rx_pool", 0x30000100, 0x3180, NormalNonCacheable},
		{"heap", 0x30004000, 16 * kb, NormalNonCacheable},
	}
	l := h7
	l.Background = &stBackground
	rs := solveOK(t, spans, l)
	// Hand solution, 3 regions:
	//  1: 32 KB @0x30000000 NC, eighths of 4 KB; eighth 3 (0x3000-0x3FFF) holds
	//     the pool tail and the gap 0x3280-0x3FFF, so it is disabled (SRD 0x08).
	//     Eighth 0 also spans the descriptors; region 3 overrides them.
	//  2: 256 B @0x30000000 Device (higher number wins over region 1).
	//  3: 1 KB @0x30003000 NC, eighths of 128 B; 0x3000-0x327F = 5 eighths,
	//     SRD 0xE0. (2 and 3 do not overlap; address order numbers them.)
	wantRegions(t, rs, []Region{
		stBackground,
		{Number: 1, Base: 0x30000000, Size: 32 * kb, Attr: NormalNonCacheable, SRD: 0x08},
		{Number: 2, Base: 0x30000000, Size: 256, Attr: Device},
		{Number: 3, Base: 0x30003000, Size: 1 * kb, Attr: NormalNonCacheable, SRD: 0xE0},
	})
}

// hotspot H743 (§2f, §3b): heap 128 KB @0x30020000 NC, descriptors 512 B
// @0x30040000 Device: two plain regions, exactly ST's.
func TestHotspotH743(t *testing.T) {
	spans := []Span{
		{"heap", 0x30020000, 128 * kb, NormalNonCacheable},
		{"descriptors", 0x30040000, 512, Device},
	}
	rs := solveOK(t, spans, h7)
	wantRegions(t, rs, []Region{
		{Number: 1, Base: 0x30020000, Size: 128 * kb, Attr: NormalNonCacheable},
		{Number: 2, Base: 0x30040000, Size: 512, Attr: Device},
	})
	if got := rs[0].Covers; len(got) != 1 || got[0] != "heap" {
		t.Errorf("Covers = %v", got)
	}
}

// STM32CubeF7 HEAD F767 (§3c): 16 KB NC @0x20078000 + 1 KB Device
// @0x2007C000, 8 regions.
func TestF767Example(t *testing.T) {
	spans := []Span{
		{"heap", 0x20078000, 16 * kb, NormalNonCacheable},
		{"descriptors", 0x2007C000, 1 * kb, Device},
	}
	rs := solveOK(t, spans, Limits{Regions: 8, FirstFree: 1})
	wantRegions(t, rs, []Region{
		{Number: 1, Base: 0x20078000, Size: 16 * kb, Attr: NormalNonCacheable},
		{Number: 2, Base: 0x2007C000, Size: 1 * kb, Attr: Device},
	})
}

// H72x-style layout (§3b) without ST's overlap of spans: descriptors at the
// bottom of a 32 KB block, heap the rest. Overlap precedence makes it two
// regions; without it the heap alone would need three.
func TestOverlapBeatsDecomposition(t *testing.T) {
	spans := []Span{
		{"descriptors", 0x30000000, 512, Device},
		{"heap", 0x30000200, 32*kb - 512, NormalNonCacheable},
	}
	rs := solveOK(t, spans, h7)
	wantRegions(t, rs, []Region{
		{Number: 1, Base: 0x30000000, Size: 32 * kb, Attr: NormalNonCacheable},
		{Number: 2, Base: 0x30000000, Size: 512, Attr: Device},
	})
}

// 96 KB needs one 128 KB region with two subregions (16 KB each) disabled.
func TestSRD96K(t *testing.T) {
	rs := solveOK(t, []Span{{"pool", 0x24000000, 96 * kb, NormalNonCacheable}}, h7)
	wantRegions(t, rs, []Region{{Number: 1, Base: 0x24000000, Size: 128 * kb, Attr: NormalNonCacheable, SRD: 0xC0}})
	// Same size ending at the top of the block: the low two are disabled.
	rs = solveOK(t, []Span{{"pool", 0x24008000, 96 * kb, NormalNonCacheable}}, h7)
	wantRegions(t, rs, []Region{{Number: 1, Base: 0x24000000, Size: 128 * kb, Attr: NormalNonCacheable, SRD: 0x03}})
}

// 8 KB straddling 0x20020000 (a 128 KB boundary): the smallest node holding
// both halves is 256 KB with 32 KB subregions, too coarse, so two 4 KB
// regions are the minimum.
func TestStraddlesPowerOfTwoBoundary(t *testing.T) {
	rs := solveOK(t, []Span{{"buf", 0x2001F000, 8 * kb, NormalNonCacheable}}, h7)
	wantRegions(t, rs, []Region{
		{Number: 1, Base: 0x2001F000, Size: 4 * kb, Attr: NormalNonCacheable},
		{Number: 2, Base: 0x20020000, Size: 4 * kb, Attr: NormalNonCacheable},
	})
}

// FirstFree moves the numbering; the application's regions below stay.
func TestFirstFreeOffset(t *testing.T) {
	spans := []Span{
		{"heap", 0x30020000, 128 * kb, NormalNonCacheable},
		{"descriptors", 0x30040000, 512, Device},
	}
	rs := solveOK(t, spans, Limits{Regions: 16, FirstFree: 5})
	if rs[0].Number != 5 || rs[1].Number != 6 {
		t.Fatalf("numbers %d, %d; want 5, 6", rs[0].Number, rs[1].Number)
	}
}

// Not enough regions: three far-apart spans of different attributes need 3,
// regions 6 and 7 of an 8-region MPU are 2.
func TestTooManyRegions(t *testing.T) {
	spans := []Span{
		{"descriptors", 0x20000000, 256, Device},
		{"heap", 0x20010000, 16 * kb, NormalNonCacheable},
		{"tx", 0x20020000, 1 * kb, NormalWT},
	}
	_, err := Solve(spans, Limits{Regions: 8, FirstFree: 6})
	if err == nil {
		t.Fatal("no error")
	}
	if !errors.Is(err, ErrTooManyRegions) {
		t.Errorf("not ErrTooManyRegions: %v", err)
	}
	msg := err.Error()
	for _, s := range []string{"need 3 regions", "only 2 are available", "numbers 6..7 of 8", `"descriptors"`, `"heap"`, `"tx"`, "16384 B", "PadForMPU"} {
		if !strings.Contains(msg, s) {
			t.Errorf("error lacks %q:\n%s", s, msg)
		}
	}
}

// QEMU 7.2 mps2-an500 reports 8 regions (qemu-and-toolchain.md §2): with
// region 0 taken, seven separate spans fit and an eighth does not.
func TestAN500EightRegions(t *testing.T) {
	l := Limits{Regions: 8, FirstFree: 1}
	var spans []Span
	for i := range 7 {
		spans = append(spans, Span{string(rune('a' + i)), 0x20000000 + uint64(i)<<20, 4 * kb, NormalNonCacheable})
	}
	rs := solveOK(t, spans, l)
	if len(rs) != 7 || rs[6].Number != 7 {
		t.Fatalf("got:\n%s", dump(rs))
	}
	spans = append(spans, Span{"h", 0x20700000, 4 * kb, NormalNonCacheable})
	if _, err := Solve(spans, l); err == nil || !strings.Contains(err.Error(), "need 8 regions but only 7") {
		t.Fatalf("err = %v", err)
	}
}

func TestNotRepresentable(t *testing.T) {
	_, err := Solve([]Span{{"pool", 0x30000100, 0x4983, NormalNonCacheable}}, h7)
	if !errors.Is(err, ErrNotRepresentable) {
		t.Fatal("no error")
	}
	// 0x4983 is the hotspot RX pool (12 × 1568 + 3, §2f): pad to 0x49A0 or,
	// for one region, 20 KB (5 of 8 × 4 KB subregions) aligned to 32 KB.
	for _, s := range []string{"multiples of 32", "[0x30000100, 0x30004aa0)", "size 20480 B aligned to 0x8000"} {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("error lacks %q:\n%v", s, err)
		}
	}
}

func TestConflictingSpans(t *testing.T) {
	_, err := Solve([]Span{
		{"a", 0x30000000, 1 * kb, Device},
		{"b", 0x30000200, 1 * kb, NormalNonCacheable},
	}, h7)
	if err == nil || !strings.Contains(err.Error(), "different attributes") {
		t.Fatalf("err = %v", err)
	}
}

func TestLimitsChecked(t *testing.T) {
	for _, l := range []Limits{
		{Regions: 0},
		{Regions: 17},
		{Regions: 8, FirstFree: 9},
		{Regions: 8, FirstFree: 0, Background: &stBackground},
	} {
		if _, err := Solve(nil, l); err == nil {
			t.Errorf("%+v: no error", l)
		}
	}
}

func TestSameAttrSpansMerge(t *testing.T) {
	rs := solveOK(t, []Span{
		{"rx_desc", 0x30040000, 0x60, Device},
		{"pad", 0x30040060, 0x20, Device},
		{"tx_desc", 0x30040080, 0x80, Device},
	}, h7)
	wantRegions(t, rs, []Region{{Number: 1, Base: 0x30040000, Size: 256, Attr: Device}})
	if len(rs[0].Covers) != 3 {
		t.Errorf("Covers = %v", rs[0].Covers)
	}
}
