package mpu

import (
	"fmt"
	"strings"
)

// Attr is a memory type as the ARMv7-M ARM (B3.5.9 "MPU Region Attribute and
// Size Register", table "TEX, C, B, and S encoding") and the Cortex-A9 section
// descriptor both express it with TEX/C/B/S bits.
type Attr int

// The memory types lwipgen places. The zero value is deliberately invalid so
// a forgotten attribute is an error, not silently Strongly-ordered.
const (
	// StronglyOrdered: TEX000 C0 B0 (always shareable), CMSIS
	// ARM_MPU_ACCESS_ORDERED.
	StronglyOrdered Attr = iota + 1
	// Device: Shared Device, TEX000 C0 B1 S1, CMSIS ARM_MPU_ACCESS_DEVICE(1).
	// For DMA descriptors only: Device memory faults on unaligned access, so
	// lwIP payload buffers must never get it (stm32-cubemx.md §3a).
	Device
	// NormalNonCacheable: TEX001 C0 B0 ("outer and inner non-cacheable"),
	// CMSIS ARM_MPU_ACCESS_(1U, 0U, 0U, 0U); S0 as in the hotspot H743 and
	// STM32CubeF7 F767 MPU_Config (S has no effect on non-cacheable memory).
	NormalNonCacheable
	// NormalWBWA: TEX001 C1 B1, write-back read/write-allocate, S0 (on
	// Cortex-M7 a shareable cacheable region is not D-cached, §3d).
	NormalWBWA
	// NormalWT: TEX000 C1 B0, write-through no write-allocate, S0.
	NormalWT
)

type texcbs struct{ tex, c, b, s uint32 }

var encodings = map[Attr]texcbs{
	StronglyOrdered:    {0, 0, 0, 1},
	Device:             {0, 0, 1, 1},
	NormalNonCacheable: {1, 0, 0, 0},
	NormalWBWA:         {1, 1, 1, 0},
	NormalWT:           {0, 1, 0, 0},
}

var attrNames = map[Attr]string{
	StronglyOrdered:    "strongly-ordered",
	Device:             "device",
	NormalNonCacheable: "normal-noncacheable",
	NormalWBWA:         "normal-wbwa",
	NormalWT:           "normal-wt",
}

// Valid reports whether a is one of the defined memory types.
func (a Attr) Valid() bool { _, ok := encodings[a]; return ok }

// TEX returns the RASR.TEX field (3 bits).
func (a Attr) TEX() uint32 { return encodings[a].tex }

// C returns the RASR.C (cacheable) bit.
func (a Attr) C() uint32 { return encodings[a].c }

// B returns the RASR.B (bufferable) bit.
func (a Attr) B() uint32 { return encodings[a].b }

// S returns the RASR.S (shareable) bit.
func (a Attr) S() uint32 { return encodings[a].s }

// String returns the lower-case name ParseAttr accepts.
func (a Attr) String() string {
	if n, ok := attrNames[a]; ok {
		return n
	}
	return fmt.Sprintf("Attr(%d)", int(a))
}

// ParseAttr reads a name printed by String (case-insensitive; "_" and "-"
// are the same), plus the short aliases "nc", "noncacheable", "so", "wbwa"
// and "wt".
func ParseAttr(s string) (Attr, error) {
	k := strings.ReplaceAll(strings.ToLower(strings.TrimSpace(s)), "_", "-")
	switch k {
	case "nc", "noncacheable", "non-cacheable":
		return NormalNonCacheable, nil
	case "so", "strongly-ordered", "stronglyordered":
		return StronglyOrdered, nil
	case "wbwa":
		return NormalWBWA, nil
	case "wt":
		return NormalWT, nil
	}
	for a, n := range attrNames {
		if n == k {
			return a, nil
		}
	}
	return 0, fmt.Errorf("mpu: unknown memory attribute %q (want one of strongly-ordered, device, normal-noncacheable, normal-wbwa, normal-wt)", s)
}

// attrFromBits maps RASR TEX/C/B back to an Attr. S is not compared: it is
// ignored for Strongly-ordered and Shared Device and does not change the
// cache policy we care about for Normal memory. The TEX=1BB "cache policy"
// form that CMSIS ARM_MPU_ACCESS_NORMAL(outer, inner, s) produces is
// accepted when outer and inner policies agree.
func attrFromBits(tex, c, b uint32) (Attr, error) {
	for a, e := range encodings {
		if e.tex == tex && e.c == c && e.b == b {
			return a, nil
		}
	}
	if tex&4 != 0 {
		outer, inner := tex&3, c<<1|b
		if outer == inner {
			switch inner { // ARM_MPU_CACHEP_*
			case 0:
				return NormalNonCacheable, nil
			case 1:
				return NormalWBWA, nil
			case 2:
				return NormalWT, nil
			}
		}
	}
	return 0, fmt.Errorf("mpu: TEX=%03b C=%d B=%d is not a memory type lwipgen uses", tex, c, b)
}
