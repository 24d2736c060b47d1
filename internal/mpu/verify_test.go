package mpu

import (
	"strings"
	"testing"
)

func hasProblem(ps []Problem, region int, span, text string) bool {
	for _, p := range ps {
		if p.Region == region && p.Span == span && strings.Contains(p.Msg, text) {
			return true
		}
	}
	return false
}

func TestEffectiveAttr(t *testing.T) {
	rs := []Region{
		stBackground,
		{Number: 1, Base: 0x30000000, Size: 32 * kb, Attr: NormalNonCacheable, SRD: 0x08},
		{Number: 2, Base: 0x30000000, Size: 256, Attr: Device},
	}
	for _, c := range []struct {
		addr   uint64
		attr   Attr
		number int
		ok     bool
	}{
		{0x60000000, StronglyOrdered, 0, true}, // background subregion 3 enabled
		{0x24000000, 0, -1, false},             // background subregion 1 disabled
		{0x30000000, Device, 2, true},          // overlap: 2 beats 1
		{0x300000FF, Device, 2, true},
		{0x30000100, NormalNonCacheable, 1, true},
		{0x30003000, 0, -1, false}, // region 1 subregion 3 disabled
		{0x30004000, NormalNonCacheable, 1, true},
		{0x30008000, 0, -1, false},
	} {
		a, n, ok := EffectiveAttr(rs, c.addr)
		if a != c.attr || n != c.number || ok != c.ok {
			t.Errorf("0x%08x: %v %d %v; want %v %d %v", c.addr, a, n, ok, c.attr, c.number, c.ok)
		}
	}
}

// ST's own H743 example MPU_Config (§3a) against our spans: its 1 KB Device
// region spills over the first 0x300 B of the RX pool, and nothing covers
// the rest of the pool.
func TestVerifyFindsSTDeviceSpill(t *testing.T) {
	spans := []Span{
		{"descriptors", 0x30000000, 0x100, Device},
		{"rx_pool", 0x30000100, 0x3180, NormalNonCacheable},
		{"heap", 0x30004000, 16 * kb, NormalNonCacheable},
	}
	st := []Region{
		stBackground,
		{Number: 1, Base: 0x30000000, Size: 1 * kb, Attr: Device, AP: "FULL"},
		{Number: 2, Base: 0x30004000, Size: 16 * kb, Attr: NormalNonCacheable, AP: "FULL"},
	}
	ps := Verify(st, spans, Limits{Regions: 16, FirstFree: 1, Background: &stBackground})
	if !hasProblem(ps, 1, "rx_pool", "[0x30000100, 0x30000400) gets device, want normal-noncacheable") {
		t.Errorf("spill not found: %v", ps)
	}
	if !hasProblem(ps, -1, "rx_pool", "[0x30000400, 0x30003280) is covered by no region") {
		t.Errorf("uncovered pool not found: %v", ps)
	}
	if len(ps) != 2 {
		t.Errorf("want exactly 2 problems, got %v", ps)
	}
}

func TestVerifyBrokenLayouts(t *testing.T) {
	spans := []Span{
		{"heap", 0x30020000, 128 * kb, NormalNonCacheable},
		{"descriptors", 0x30040000, 512, Device},
	}
	l := Limits{Regions: 8, FirstFree: 1}
	good := []Region{
		{Number: 1, Base: 0x30020000, Size: 128 * kb, Attr: NormalNonCacheable},
		{Number: 2, Base: 0x30040000, Size: 512, Attr: Device},
	}
	if ps := Verify(good, spans, l); len(ps) != 0 {
		t.Fatalf("good layout: %v", ps)
	}
	mod := func(f func(rs []Region) []Region) []Region {
		return f(append([]Region(nil), good...))
	}
	cases := []struct {
		name   string
		rs     []Region
		region int
		span   string
		text   string
	}{
		{"too big", mod(func(rs []Region) []Region { rs[0].Base, rs[0].Size = 0x30000000, 256*kb; return rs }),
			1, "", "outside every span"},
		{"misaligned", mod(func(rs []Region) []Region { rs[1].Base = 0x30040100; return rs }),
			2, "", "not aligned"},
		{"not pow2", mod(func(rs []Region) []Region { rs[1].Size = 768; return rs }),
			2, "", "not a power of two"},
		{"SRD on 128 B", mod(func(rs []Region) []Region {
			return append(rs, Region{Number: 3, Base: 0x30040000, Size: 128, Attr: Device, SRD: 1})
		}), 3, "", "subregions exist only from 256 B"},
		{"duplicate", mod(func(rs []Region) []Region { rs[1].Number = 1; return rs }),
			1, "", "used twice"},
		{"number range", mod(func(rs []Region) []Region { rs[1].Number = 8; return rs }),
			8, "", "outside 0..7"},
		{"wrong order", mod(func(rs []Region) []Region {
			// Device below a NC region that covers it: NC wins on the descriptors.
			rs[0] = Region{Number: 2, Base: 0x30020000, Size: 128 * kb, Attr: NormalNonCacheable}
			rs[1] = Region{Number: 1, Base: 0x30040000, Size: 512, Attr: Device}
			return append(rs, Region{Number: 3, Base: 0x30040000, Size: 512, Attr: NormalNonCacheable})
		}), 3, "descriptors", "gets normal-noncacheable, want device"},
		{"no access", mod(func(rs []Region) []Region { rs[1].AP = "NONE"; return rs }),
			2, "descriptors", "access NONE"},
		{"bad AP", mod(func(rs []Region) []Region { rs[1].AP = "rw"; return rs }),
			2, "", "unknown access permission"},
		{"missing", mod(func(rs []Region) []Region { return rs[:1] }),
			-1, "descriptors", "covered by no region"},
	}
	for _, c := range cases {
		ps := Verify(c.rs, spans, l)
		if !hasProblem(ps, c.region, c.span, c.text) {
			t.Errorf("%s: want region %d span %q %q; got %v", c.name, c.region, c.span, c.text, ps)
		}
	}
	// Background required but absent.
	lb := l
	lb.Background = &stBackground
	if ps := Verify(good, spans, lb); !hasProblem(ps, 0, "", "background region missing") {
		t.Errorf("missing background: %v", ps)
	}
	// Regions below FirstFree may cover anything.
	app := append([]Region{{Number: 0, Base: 0x08000000, Size: 2 << 20, Attr: NormalWT, AP: "RO"}}, good...)
	if ps := Verify(app, spans, l); len(ps) != 0 {
		t.Errorf("application region 0 flagged: %v", ps)
	}
}

// Verify decodes nothing itself, so the ELF verifier's path is
// Decode(RBAR, RASR) -> Verify; check it end to end on a solved layout.
func TestVerifyAfterRegisterRoundTrip(t *testing.T) {
	spans := []Span{
		{"descriptors", 0x30000000, 512, Device},
		{"heap", 0x30000200, 32*kb - 512, NormalNonCacheable},
		{"pool", 0x24000000, 96 * kb, NormalNonCacheable},
	}
	l := Limits{Regions: 8, FirstFree: 1, Background: &stBackground}
	rs := solveOK(t, spans, l)
	var back []Region
	for _, r := range rs {
		d, err := Decode(r.RBAR(), r.RASR())
		if err != nil {
			t.Fatal(err)
		}
		back = append(back, d)
	}
	if ps := Verify(back, spans, l); len(ps) != 0 {
		t.Errorf("%v", ps)
	}
}
