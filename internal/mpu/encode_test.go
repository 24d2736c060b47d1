package mpu

import "testing"

// RASR/RBAR values computed by hand from ARMv7-M ARM B3.5.8/B3.5.9:
// ENABLE bit 0, SIZE 5:1, SRD 15:8, B 16, C 17, S 18, TEX 21:19, AP 26:24,
// XN 28; RBAR ADDR 31:5, VALID 4, REGION 3:0.
func TestRegisterEncoding(t *testing.T) {
	cases := []struct {
		name       string
		r          Region
		rbar, rasr uint32
	}{
		{
			// 1 KB Device: SIZE 9 -> 0x12|EN = 0x13; B 0x10000; S 0x40000;
			// AP FULL 3<<24. ST H743 example region 1 (§3a).
			"1KB device", Region{Number: 1, Base: 0x30000000, Size: 1024, Attr: Device, AP: "FULL"},
			0x30000011, 0x03050013,
		},
		{
			// 16 KB NC, XN: SIZE 13 -> 0x1B; TEX 1<<19 = 0x80000; XN 1<<28.
			"16KB NC XN", Region{Number: 2, Base: 0x30004000, Size: 16384, Attr: NormalNonCacheable, XN: true},
			0x30004012, 0x1308001B,
		},
		{
			// ST background: SIZE 31 -> 0x3F; SRD 0x87 -> 0x8700; S 0x40000;
			// AP NONE; XN.
			"4GB background", stBackground,
			0x00000010, 0x1004873F,
		},
		{
			// 128 KB NC, subregions 6 and 7 off: SIZE 16 -> 0x21; SRD 0xC000.
			"96KB of 128KB", Region{Number: 15, Base: 0x24000000, Size: 128 << 10, Attr: NormalNonCacheable, SRD: 0xC0, XN: true, AP: "FULL"},
			0x2400001F, 0x1308C021,
		},
		{
			// 256 B WBWA: SIZE 7 -> 0x0F; TEX1 C1 B1 = 0x80000|0x20000|0x10000.
			"256B WBWA", Region{Number: 3, Base: 0x20000100, Size: 256, Attr: NormalWBWA},
			0x20000113, 0x030B000F,
		},
		{
			// 32 B strongly ordered, privileged RW: SIZE 4 -> 0x09; S; AP 1.
			"32B SO", Region{Number: 4, Base: 0x20000020, Size: 32, Attr: StronglyOrdered, AP: "PRIV"},
			0x20000034, 0x01040009,
		},
		{
			// 64 B write-through, read-only: SIZE 5 -> 0x0B; C 0x20000; AP 6.
			"64B WT RO", Region{Number: 5, Base: 0x20000040, Size: 64, Attr: NormalWT, AP: "RO"},
			0x20000055, 0x0602000B,
		},
	}
	for _, c := range cases {
		if got := c.r.RBAR(); got != c.rbar {
			t.Errorf("%s: RBAR = 0x%08X, want 0x%08X", c.name, got, c.rbar)
		}
		if got := c.r.RASR(); got != c.rasr {
			t.Errorf("%s: RASR = 0x%08X, want 0x%08X", c.name, got, c.rasr)
		}
		d, err := Decode(c.rbar, c.rasr)
		if err != nil {
			t.Errorf("%s: Decode: %v", c.name, err)
			continue
		}
		ap := c.r.AP
		if ap == "" {
			ap = "FULL"
		}
		if d.Number != c.r.Number || d.Base != c.r.Base || d.Size != c.r.Size || d.Attr != c.r.Attr ||
			d.SRD != c.r.SRD || d.XN != c.r.XN || d.AP != ap {
			t.Errorf("%s: Decode = %+v, want %+v", c.name, d, c.r)
		}
	}
}

func TestAttrBits(t *testing.T) {
	// CMSIS ARM_MPU_ACCESS_* / ARMv7-M ARM TEX,C,B,S table.
	want := map[Attr][4]uint32{
		StronglyOrdered:    {0, 0, 0, 1},
		Device:             {0, 0, 1, 1},
		NormalNonCacheable: {1, 0, 0, 0},
		NormalWBWA:         {1, 1, 1, 0},
		NormalWT:           {0, 1, 0, 0},
	}
	for a, w := range want {
		if got := [4]uint32{a.TEX(), a.C(), a.B(), a.S()}; got != w {
			t.Errorf("%v: TEX,C,B,S = %v, want %v", a, got, w)
		}
		p, err := ParseAttr(a.String())
		if err != nil || p != a {
			t.Errorf("ParseAttr(%q) = %v, %v", a.String(), p, err)
		}
	}
	if _, err := ParseAttr("cached"); err == nil {
		t.Error("ParseAttr(cached): no error")
	}
	if Attr(0).Valid() {
		t.Error("zero Attr is valid")
	}
}

// The TEX=1BB form CMSIS ARM_MPU_ACCESS_NORMAL writes decodes to the same
// types; ARM_MPU_ACCESS_DEVICE(0) (TEX010, non-shared device) is not ours.
func TestDecodeCMSISNormalForm(t *testing.T) {
	const size1K = 9<<1 | 1
	cases := []struct {
		tex, c, b uint32
		want      Attr
		ok        bool
	}{
		{4, 0, 0, NormalNonCacheable, true}, // NORMAL(NOCACHE, NOCACHE)
		{5, 0, 1, NormalWBWA, true},         // NORMAL(WB_WRA, WB_WRA)
		{6, 1, 0, NormalWT, true},           // NORMAL(WT_NWA, WT_NWA)
		{5, 0, 0, 0, false},                 // outer WB, inner NC: mixed
		{2, 0, 0, 0, false},                 // DEVICE(0)
		{0, 1, 1, 0, false},                 // WB no write-allocate
	}
	for _, c := range cases {
		v := uint32(size1K) | c.tex<<19 | c.c<<17 | c.b<<16 | 3<<24
		r, _, err := DecodeRASR(v)
		if (err == nil) != c.ok || (c.ok && r.Attr != c.want) {
			t.Errorf("TEX%03b C%d B%d: %v, %v", c.tex, c.c, c.b, r.Attr, err)
		}
	}
}

func TestDecodeRejects(t *testing.T) {
	if _, _, err := DecodeRASR(3<<1 | 1); err == nil {
		t.Error("SIZE 3 (16 B) accepted")
	}
	if _, _, err := DecodeRASR(9<<1 | 1 | 4<<24); err == nil {
		t.Error("reserved AP 4 accepted")
	}
	if _, err := Decode(0x30000001, 0x03050013); err == nil {
		t.Error("RBAR without VALID accepted")
	}
	if _, err := Decode(0x30000011, 0x03050012); err == nil {
		t.Error("disabled region accepted")
	}
	if _, err := Decode(0x30000211, 0x03050013); err == nil {
		t.Error("1 KB region at 0x30000200 accepted")
	}
}

// FuzzDecodeRASR: decoding never panics, and whatever decodes re-encodes to
// a value that decodes to the same region.
func FuzzDecodeRASR(f *testing.F) {
	for _, v := range []uint32{0x03050013, 0x1308001B, 0x1004873F, 0x1308C021, 0, 0xFFFFFFFF} {
		f.Add(v)
	}
	f.Fuzz(func(t *testing.T, v uint32) {
		r, _, err := DecodeRASR(v)
		if err != nil {
			return
		}
		again, enabled, err := DecodeRASR(r.RASR())
		if err != nil || !enabled || again.Size != r.Size || again.Attr != r.Attr || again.SRD != r.SRD ||
			again.XN != r.XN || again.AP != r.AP {
			t.Fatalf("0x%08X -> %+v -> 0x%08X -> %+v, %v", v, r, r.RASR(), again, err)
		}
	})
}
