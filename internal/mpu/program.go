package mpu

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Programmed is one MPU region a project's own start-up code programs: the
// field values of the HAL's MPU_Region_InitTypeDef at one
// HAL_MPU_ConfigRegion() call in MPU_Config(). Known is false when a field
// the overlap check needs (base, size, attributes) was not a literal or a
// HAL constant this reader knows.
type Programmed struct {
	Number   int
	Enabled  bool
	Base     uint64
	Size     uint64
	SRD      uint8
	TEX      uint32
	C, B, S  uint32
	AP       uint32 // RASR.AP code
	XN       bool
	Known    bool
	Where    string // file:line of the HAL_MPU_ConfigRegion call
	NumberAt string // file:line of the .Number assignment
}

// region is p as a Region for the interval arithmetic (attributes aside).
func (p Programmed) region() Region {
	return Region{Number: p.Number, Base: p.Base, Size: p.Size, SRD: p.SRD}
}

// AttrText names p's memory type: one of lwipgen's Attr names when TEX/C/B
// are one of them, else the raw bits.
func (p Programmed) AttrText() string {
	s := ""
	if a, err := attrFromBits(p.TEX, p.C, p.B); err == nil {
		s = a.String()
	} else {
		s = fmt.Sprintf("TEX=%d C=%d B=%d", p.TEX, p.C, p.B)
	}
	if p.S != 0 {
		s += ", shareable"
	}
	if n, ok := apName(p.AP); ok && n != "FULL" {
		s += ", AP " + n
	}
	return s
}

var (
	mpuConfigRe = regexp.MustCompile(`(?m)^(?:static\s+)?void\s+MPU_Config\s*\(\s*void\s*\)\s*\{`)
	// a declaration with the zero initializer, a field assignment, or the call that programs a region
	mpuStmtRe  = regexp.MustCompile(`MPU_Region_InitTypeDef\s+(\w+)\s*=\s*\{\s*0\s*\}|(\w+)\s*\.\s*(\w+)\s*=\s*([^;]+);|HAL_MPU_ConfigRegion\s*\(\s*&\s*(\w+)\s*\)`)
	cCommentRe = regexp.MustCompile(`(?s)/\*.*?\*/|//[^\n]*`)
	castRe     = regexp.MustCompile(`^\(\s*u?int\d+_t\s*\)\s*`)
)

// HAL constants MPU_Config() assigns (stm32xxxx_hal_cortex.h), by field.
var mpuConst = map[string]uint64{
	"MPU_REGION_ENABLE": 1, "MPU_REGION_DISABLE": 0,
	"MPU_TEX_LEVEL0": 0, "MPU_TEX_LEVEL1": 1, "MPU_TEX_LEVEL2": 2,
	"MPU_ACCESS_SHAREABLE": 1, "MPU_ACCESS_NOT_SHAREABLE": 0,
	"MPU_ACCESS_CACHEABLE": 1, "MPU_ACCESS_NOT_CACHEABLE": 0,
	"MPU_ACCESS_BUFFERABLE": 1, "MPU_ACCESS_NOT_BUFFERABLE": 0,
	"MPU_REGION_NO_ACCESS": 0, "MPU_REGION_PRIV_RW": 1, "MPU_REGION_PRIV_RW_URO": 2, "MPU_REGION_FULL_ACCESS": 3,
	"MPU_REGION_PRIV_RO": 5, "MPU_REGION_PRIV_RO_URO": 6,
	"MPU_INSTRUCTION_ACCESS_ENABLE": 0, "MPU_INSTRUCTION_ACCESS_DISABLE": 1,
}

var sizeUnits = map[string]uint64{"B": 1, "KB": 1 << 10, "MB": 1 << 20, "GB": 1 << 30}

// mpuValue reads one assigned value: a HAL constant, MPU_REGION_NUMBERn,
// MPU_REGION_SIZE_<n><unit> (as the RASR SIZE code), or an integer literal.
func mpuValue(v string) (uint64, bool) {
	v = strings.TrimSpace(castRe.ReplaceAllString(strings.TrimSpace(v), ""))
	for strings.HasPrefix(v, "(") && strings.HasSuffix(v, ")") {
		v = strings.TrimSpace(v[1 : len(v)-1])
	}
	if n, ok := mpuConst[v]; ok {
		return n, true
	}
	if s, ok := strings.CutPrefix(v, "MPU_REGION_NUMBER"); ok {
		n, err := strconv.ParseUint(s, 10, 8)
		return n, err == nil
	}
	if s, ok := strings.CutPrefix(v, "MPU_REGION_SIZE_"); ok {
		i := strings.IndexFunc(s, func(r rune) bool { return r < '0' || r > '9' })
		if i <= 0 {
			return 0, false
		}
		n, err := strconv.ParseUint(s[:i], 10, 32)
		u, ok := sizeUnits[s[i:]]
		if err != nil || !ok {
			return 0, false
		}
		return uint64(sizeField(n * u)), true
	}
	n, err := strconv.ParseUint(strings.TrimRight(v, "uUlL"), 0, 64)
	return n, err == nil
}

// ReadMPUConfig lists the regions MPU_Config() in a project's main.c
// programs, in call order: the HAL's init struct is filled field by field
// and kept between HAL_MPU_ConfigRegion() calls (CubeMX assigns only what
// changes, as in stm32-hotspot/STM32H7-LwIP-Examples STM32H743_Nucleo_ETH
// Core/Src/main.c), so every call programs the fields as they stand then.
func ReadMPUConfig(src []byte, file string) []Programmed {
	text := cCommentRe.ReplaceAllStringFunc(string(src), func(c string) string {
		return strings.Map(func(r rune) rune {
			if r == '\n' {
				return r
			}
			return ' '
		}, c)
	})
	loc := mpuConfigRe.FindStringIndex(text)
	if loc == nil {
		return nil
	}
	end, depth := len(text), 1
	for i := loc[1]; i < len(text); i++ {
		if text[i] == '{' {
			depth++
		} else if text[i] == '}' {
			if depth--; depth == 0 {
				end = i
				break
			}
		}
	}
	type field struct {
		v     uint64
		known bool
		at    string
	}
	vars := map[string]map[string]field{}
	lineAt := func(off int) string { return fmt.Sprintf("%s:%d", file, 1+strings.Count(text[:off], "\n")) }
	var out []Programmed
	for _, m := range mpuStmtRe.FindAllStringSubmatchIndex(text[loc[1]:end], -1) {
		g := func(i int) string {
			if m[2*i] < 0 {
				return ""
			}
			return text[loc[1]+m[2*i] : loc[1]+m[2*i+1]]
		}
		at := lineAt(loc[1] + m[0])
		switch {
		case g(1) != "":
			f := map[string]field{}
			for _, k := range []string{"Enable", "Number", "BaseAddress", "Size", "SubRegionDisable", "TypeExtField", "AccessPermission", "DisableExec", "IsShareable", "IsCacheable", "IsBufferable"} {
				f[k] = field{0, true, at}
			}
			vars[g(1)] = f
		case g(2) != "":
			if vars[g(2)] == nil {
				vars[g(2)] = map[string]field{}
			}
			v, ok := mpuValue(g(4))
			vars[g(2)][g(3)] = field{v, ok, at}
		case g(5) != "":
			f := vars[g(5)]
			num, ok := f["Number"]
			if !ok || !num.known {
				continue // not a region this reader can number
			}
			p := Programmed{Number: int(num.v), Where: at, NumberAt: num.at, Known: true}
			get := func(k string) uint64 {
				x, ok := f[k]
				if !ok || !x.known {
					p.Known = false
				}
				return x.v
			}
			p.Enabled = get("Enable") != 0
			p.Base = get("BaseAddress")
			p.Size = uint64(1) << (get("Size") + 1)
			p.SRD = uint8(get("SubRegionDisable"))
			p.TEX = uint32(get("TypeExtField"))
			p.AP = uint32(get("AccessPermission"))
			p.XN = get("DisableExec") != 0
			p.S = uint32(get("IsShareable"))
			p.C = uint32(get("IsCacheable"))
			p.B = uint32(get("IsBufferable"))
			out = append(out, p)
		}
	}
	return out
}

// sameType reports whether p's TEX/C/B/S give memory type a. S counts where
// it changes something: on cacheable Normal memory (a shareable region is
// not D-cached on Cortex-M7) and on Device memory (shared or not); Normal
// non-cacheable and Strongly-ordered memory ignore it.
func (p Programmed) sameType(a Attr) bool {
	if p.TEX != a.TEX() || p.C != a.C() || p.B != a.B() {
		return false
	}
	if p.C == 1 || (p.TEX == 0 && p.C == 0 && p.B == 1) {
		return p.S == a.S()
	}
	return true
}

// Override is a region a project programs above one of lwipgen's that
// changes the attributes of part of it: on ARMv7-M the highest-numbered
// enabled region that contains an address gives its attributes (ARMv7-M ARM
// B3.5.3 "Overlapping regions").
type Override struct {
	Project Programmed
	Own     Region
	Lo, Hi  uint64 // the first overlapping range, [Lo, Hi)
}

// Overrides lists, for every region of own, the enabled project regions
// numbered above it that overlap its enabled subregions with another memory
// type, shareability or access permission (execute-never is not compared:
// lwipgen's sections hold data). Regions the reader could not resolve are
// skipped.
func Overrides(project []Programmed, own []Region) []Override {
	var out []Override
	for _, o := range own {
		oap, _ := apCode(o.AP)
		for _, p := range project {
			if !p.Enabled || !p.Known || p.Number <= o.Number {
				continue
			}
			if p.sameType(o.Attr) && p.AP == oap {
				continue
			}
			if x := p.region().subregions().intersect(o.subregions()); len(x) > 0 {
				out = append(out, Override{Project: p, Own: o, Lo: x[0].lo, Hi: x[0].hi})
			}
		}
	}
	return out
}
