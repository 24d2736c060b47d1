package mpu

import (
	"errors"
	"strings"
	"testing"
)

const mb = 1 << 20

func TestSolveTLBZynq(t *testing.T) {
	// xemacps BD space (1 MB, DEVICE_MEMORY as the adapter sets it) and a
	// 2 MB NORM_NONCACHE lwIP section in DDR (xilinx-vitis.md §3, §4).
	es, err := SolveTLB([]Span{
		{"lwip_uncached", 0x00300000, 2 * mb, NormalNonCacheable},
		{"emac_bd_space", 0x00200000, 1 * mb, Device},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 2 {
		t.Fatalf("%+v", es)
	}
	if e := es[0]; e.Base != 0x00200000 || e.Size != mb || e.Attr != Device || e.Descriptor != 0xC06 || e.Covers[0] != "emac_bd_space" {
		t.Errorf("entry 0 = %+v", e)
	}
	if e := es[1]; e.Base != 0x00300000 || e.Size != 2*mb || e.Descriptor != 0x11DE2 {
		t.Errorf("entry 1 = %+v", e)
	}
	got := es[1].SectionDescriptors()
	if len(got) != 2 || got[0] != 0x00311DE2 || got[1] != 0x00411DE2 {
		t.Errorf("descriptors %#x", got)
	}
	for _, d := range got {
		if a, err := DecodeTLBDescriptor(d); err != nil || a != NormalNonCacheable {
			t.Errorf("decode %#x: %v %v", d, a, err)
		}
	}
}

func TestXilinxValues(t *testing.T) {
	// xil_mmu.h values quoted in xilinx-vitis.md §3.
	for a, want := range map[Attr]uint32{
		NormalNonCacheable: 0x11DE2, StronglyOrdered: 0xC02, Device: 0xC06, NormalWT: 0x16DEA, NormalWBWA: 0x15DE6,
	} {
		v, _, err := XilinxAttr(a)
		if err != nil || v != want {
			t.Errorf("%v: 0x%X, %v; want 0x%X", a, v, err, want)
		}
		// The TEX/C/B bits of the section descriptor agree with Attr's
		// ARMv7 encoding where the short form is used (TEX bit 2 clear).
		tex, c, b := (v>>12)&7, (v>>3)&1, (v>>2)&1
		if tex < 4 && (tex != a.TEX() || c != a.C() || b != a.B()) {
			t.Errorf("%v: descriptor TEX%03b C%d B%d disagrees with MPU encoding", a, tex, c, b)
		}
	}
	if _, err := DecodeTLBDescriptor(0x00100C0E); err == nil {
		t.Error("OCM 0x4c0e-style value accepted as one of ours")
	}
}

func TestSolveTLBMergesAndRejects(t *testing.T) {
	es, err := SolveTLB([]Span{
		{"a", 0x01000000, mb, NormalNonCacheable},
		{"b", 0x01100000, mb, NormalNonCacheable},
	})
	if err != nil || len(es) != 1 || es[0].Size != 2*mb || len(es[0].Covers) != 2 {
		t.Fatalf("%+v %v", es, err)
	}
	_, err = SolveTLB([]Span{{"bd", 0x00210000, 64 << 10, Device}})
	if !errors.Is(err, ErrNotRepresentable) || !strings.Contains(err.Error(), "multiples of 0x100000") ||
		!strings.Contains(err.Error(), "[0x00200000, 0x00300000)") {
		t.Errorf("err = %v", err)
	}
	_, err = SolveTLB([]Span{{"a", 0, 2 * mb, Device}, {"b", mb, mb, NormalNonCacheable}})
	if !errors.Is(err, ErrConflict) {
		t.Errorf("err = %v", err)
	}
}
