package mpu

import (
	"fmt"
	"math/bits"
)

// Span is a byte range [Base, Base+Size) that must get Attr, e.g. the ETH
// descriptor section (Device or NormalNonCacheable) or the lwIP heap / RX
// pool section (NormalNonCacheable).
type Span struct {
	Name       string
	Base, Size uint64
	Attr       Attr
}

func (s Span) end() uint64 { return s.Base + s.Size }

func (s Span) String() string {
	return fmt.Sprintf("%q [0x%08x, 0x%08x) %d B %s", s.Name, s.Base, s.end(), s.Size, s.Attr)
}

// Region is one ARMv7-M MPU region. Size is a power of two from 32 B to
// 4 GB and Base is aligned to it. SRD bit i set disables subregion i (the
// i-th eighth, lowest address first); SRD must be 0 below 256 B. Covers names
// the spans the region serves. AP is the CMSIS ARM_MPU_AP_* suffix: "FULL"
// (also the empty string), "NONE", "PRIV", "URO", "PRO" or "RO".
type Region struct {
	Number     int
	Base, Size uint64
	Attr       Attr
	SRD        uint8
	Covers     []string
	XN         bool
	AP         string
}

// Register field positions, ARMv7-M ARM B3.5.8 (MPU_RBAR) and B3.5.9
// (MPU_RASR); same names as the CMSIS MPU_RBAR_* / MPU_RASR_* macros.
const (
	rbarValid   = 1 << 4
	rbarRegion  = 0xF
	rasrEnable  = 1 << 0
	rasrSizePos = 1
	rasrSRDPos  = 8
	rasrBPos    = 16
	rasrCPos    = 17
	rasrSPos    = 18
	rasrTEXPos  = 19
	rasrAPPos   = 24
	rasrXN      = 1 << 28
)

// apCodes are the RASR.AP values, CMSIS ARM_MPU_AP_*.
var apCodes = map[string]uint32{"NONE": 0, "PRIV": 1, "URO": 2, "FULL": 3, "PRO": 5, "RO": 6}

func apCode(ap string) (uint32, bool) {
	if ap == "" {
		return 3, true
	}
	c, ok := apCodes[ap]
	return c, ok
}

func apName(code uint32) (string, bool) {
	for n, c := range apCodes {
		if c == code {
			return n, true
		}
	}
	return "", false
}

// RBAR returns the MPU_RBAR value with VALID set, so one write selects the
// region number (REGION field, bits 3:0) and sets the base (CMSIS
// ARM_MPU_RBAR(Region, BaseAddress)).
func (r Region) RBAR() uint32 {
	return uint32(r.Base)&^0x1F | rbarValid | uint32(r.Number)&rbarRegion
}

// RASR returns the MPU_RASR value with ENABLE set (CMSIS ARM_MPU_RASR_EX):
// SIZE = log2(Size)-1 (32 B -> 4, 4 GB -> 31), SRD, TEX/S/C/B from Attr, AP
// and XN. An unknown AP encodes as NONE (fail safe); Verify reports it.
func (r Region) RASR() uint32 {
	ap, ok := apCode(r.AP)
	if !ok {
		ap = 0
	}
	v := uint32(rasrEnable)
	v |= uint32(sizeField(r.Size)) << rasrSizePos
	v |= uint32(r.SRD) << rasrSRDPos
	v |= r.Attr.B()<<rasrBPos | r.Attr.C()<<rasrCPos | r.Attr.S()<<rasrSPos | r.Attr.TEX()<<rasrTEXPos
	v |= ap << rasrAPPos
	if r.XN {
		v |= rasrXN
	}
	return v
}

// sizeField is the RASR.SIZE encoding: region size = 2^(SIZE+1).
func sizeField(size uint64) uint32 {
	if size < 2 {
		return 0
	}
	return uint32(bits.Len64(size-1)) - 1
}

// DecodeRASR reads a MPU_RASR value back into a Region (Size, Attr, SRD, XN,
// AP; Number, Base and Covers stay zero) and reports whether ENABLE was set.
// It fails for SIZE < 4 (below 32 B, UNPREDICTABLE), unknown AP codes and
// TEX/C/B combinations that are not one of the Attr values.
func DecodeRASR(rasr uint32) (Region, bool, error) {
	var r Region
	enabled := rasr&rasrEnable != 0
	size := (rasr >> rasrSizePos) & 0x1F
	if size < 4 {
		return r, enabled, fmt.Errorf("mpu: RASR 0x%08x: SIZE field %d is below the 32-byte minimum (4)", rasr, size)
	}
	r.Size = uint64(1) << (size + 1)
	r.SRD = uint8(rasr >> rasrSRDPos)
	r.XN = rasr&rasrXN != 0
	ap, ok := apName((rasr >> rasrAPPos) & 7)
	if !ok {
		return r, enabled, fmt.Errorf("mpu: RASR 0x%08x: reserved AP value %d", rasr, (rasr>>rasrAPPos)&7)
	}
	r.AP = ap
	a, err := attrFromBits((rasr>>rasrTEXPos)&7, (rasr>>rasrCPos)&1, (rasr>>rasrBPos)&1)
	if err != nil {
		return r, enabled, fmt.Errorf("mpu: RASR 0x%08x: %w", rasr, err)
	}
	r.Attr = a
	return r, enabled, nil
}

// DecodeRBAR splits a MPU_RBAR value into region number, base address and
// the VALID bit (when VALID is clear the REGION field is ignored by the
// hardware and RNR selects the region).
func DecodeRBAR(rbar uint32) (number int, base uint64, valid bool) {
	return int(rbar & rbarRegion), uint64(rbar &^ 0x1F), rbar&rbarValid != 0
}

// Decode combines DecodeRBAR and DecodeRASR; the RBAR must have VALID set
// (as RBAR() writes it) and the region must be enabled.
func Decode(rbar, rasr uint32) (Region, error) {
	n, base, valid := DecodeRBAR(rbar)
	r, enabled, err := DecodeRASR(rasr)
	if err != nil {
		return r, err
	}
	if !valid {
		return r, fmt.Errorf("mpu: RBAR 0x%08x has VALID clear; the region number is not in it", rbar)
	}
	if !enabled {
		return r, fmt.Errorf("mpu: RASR 0x%08x has ENABLE clear", rasr)
	}
	r.Number, r.Base = n, base
	if base&(r.Size-1) != 0 {
		return r, fmt.Errorf("mpu: region %d base 0x%08x is not aligned to its size 0x%x", n, base, r.Size)
	}
	return r, nil
}

// subregions returns the enabled byte ranges of r, merged.
func (r Region) subregions() ivs {
	if r.Size < 256 || r.SRD == 0 {
		return ivs{{r.Base, r.Base + r.Size}}
	}
	e := r.Size / 8
	var out ivs
	for i := uint64(0); i < 8; i++ {
		if r.SRD&(1<<i) == 0 {
			out = out.add(iv{r.Base + i*e, r.Base + (i+1)*e})
		}
	}
	return out
}

// contains reports whether addr is in an enabled subregion of r. Below
// 256 B a non-zero SRD is UNPREDICTABLE (ARMv7-M ARM B3.5.9); it is modelled
// as ignored here and reported by Verify.
func (r Region) contains(addr uint64) bool {
	if addr < r.Base || addr-r.Base >= r.Size {
		return false
	}
	if r.Size < 256 {
		return true
	}
	return r.SRD&(1<<((addr-r.Base)/(r.Size/8))) == 0
}

func (r Region) String() string {
	return fmt.Sprintf("region %d 0x%08x size 0x%x %s SRD 0x%02x", r.Number, r.Base, r.Size, r.Attr, r.SRD)
}
