package cubemx

import (
	"fmt"
	"github.com/lwipgen/lwipgen/internal/fsutil"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// HAL is what lwipgen reads about the STM32Cube HAL inside a project.
type HAL struct {
	Family       string // stm32h7, stm32f7, stm32f4
	Version      string // "1.11.0" from stm32xxxx_hal.c (__STM32xxxx_HAL_VERSION_MAIN/SUB1/SUB2), "" when not found
	VersionFile  string // project-relative, where Version came from
	ETHHeader    string // project-relative stm32xxxx_hal_eth.h, "" when not found
	TxConfigType string // the TX packet configuration type the driver header declares
	Legacy       bool   // the legacy ETH driver is what the project compiles
	LegacyWhy    string
}

// halFacts is per family: the first HAL driver release with the new ETH API
// (HAL_ETH_ReadData + Rx/Tx callbacks), the Cube package that shipped it, and
// the releases whose driver header names the TX configuration
// ETH_TxPacketConfig only (later ones ETH_TxPacketConfigTypeDef).
// From ST's release notes of stm32h7xx/f7xx/f4xx_hal_driver and their
// stm32xxxx_hal_eth.h at those tags.
var halFacts = map[string]struct {
	prefix    string // file prefix: stm32h7xx
	newETH    [3]int
	cube      string
	oldTxName func(v [3]int) bool
}{
	"stm32h7": {"stm32h7xx", [3]int{1, 11, 0}, "STM32CubeH7 1.10.0", func(v [3]int) bool { return cmpV(v, [3]int{1, 11, 2}) <= 0 }},
	"stm32f7": {"stm32f7xx", [3]int{1, 3, 0}, "STM32CubeF7 1.17.0", func(v [3]int) bool { return cmpV(v, [3]int{1, 3, 0}) <= 0 }},
	"stm32f4": {"stm32f4xx", [3]int{1, 8, 0}, "STM32CubeF4 1.27.0", func(v [3]int) bool { return cmpV(v, [3]int{1, 8, 2}) <= 0 }},
}

func cmpV(a, b [3]int) int {
	for i := range a {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

var (
	typedefTxRe = regexp.MustCompile(`\}\s*(ETH_TxPacketConfig(?:TypeDef)?)\s*;`)
	readDataRe  = regexp.MustCompile(`\bHAL_ETH_ReadData\s*\(`)
)

// ReadHAL reads the HAL of family in the project dir. halConf is the
// project-relative stm32xxxx_hal_conf.h ("" if none).
func ReadHAL(dir, family, halConf string) (*HAL, error) {
	f, ok := halFacts[family]
	if !ok {
		return nil, fmt.Errorf("no STM32Cube HAL facts for family %q", family)
	}
	h := &HAL{Family: family, TxConfigType: "ETH_TxPacketConfigTypeDef"}
	find := func(base string) string {
		var hit string
		filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err != nil || hit != "" {
				return nil
			}
			if d.IsDir() && (d.Name() == ".git" || d.Name() == ".lwipgen" || d.Name() == "build") {
				return filepath.SkipDir
			}
			if !d.IsDir() && d.Name() == base && !strings.Contains(filepath.ToSlash(p), "/Legacy/") {
				rel, _ := filepath.Rel(dir, p)
				hit = filepath.ToSlash(rel)
			}
			return nil
		})
		return hit
	}
	var v [3]int
	haveV := false
	if rel := find(f.prefix + "_hal.c"); rel != "" {
		b, err := fsutil.ReadFile(filepath.Join(dir, rel), fsutil.MaxInput)
		if err == nil {
			if got, ok := versionMacros(string(b), strings.ToUpper(f.prefix[:len(f.prefix)-2])+"xx"); ok {
				v, haveV = got, true
				h.Version = fmt.Sprintf("%d.%d.%d", v[0], v[1], v[2])
				h.VersionFile = rel
			}
		}
	}
	if rel := find(f.prefix + "_hal_eth.h"); rel != "" {
		h.ETHHeader = rel
		b, err := fsutil.ReadFile(filepath.Join(dir, rel), fsutil.MaxInput)
		if err == nil {
			code := StripComments(string(b))
			if m := typedefTxRe.FindAllStringSubmatch(code, -1); len(m) > 0 {
				h.TxConfigType = m[len(m)-1][1]
				for _, x := range m {
					if x[1] == "ETH_TxPacketConfigTypeDef" {
						h.TxConfigType = x[1]
					}
				}
			} else if haveV && f.oldTxName(v) {
				h.TxConfigType = "ETH_TxPacketConfig"
			}
			if !readDataRe.MatchString(code) {
				h.Legacy, h.LegacyWhy = true, rel+" has no HAL_ETH_ReadData (the legacy ETH API)"
			}
		}
	} else if haveV && f.oldTxName(v) {
		h.TxConfigType = "ETH_TxPacketConfig"
	}
	if haveV && cmpV(v, f.newETH) < 0 {
		h.Legacy, h.LegacyWhy = true, fmt.Sprintf("%s is HAL driver %s, older than %d.%d.%d (%s), the first with the new ETH API", h.VersionFile, h.Version, f.newETH[0], f.newETH[1], f.newETH[2], f.cube)
	}
	if halConf != "" {
		if b, err := fsutil.ReadFile(filepath.Join(dir, halConf), fsutil.MaxInput); err == nil {
			if regexp.MustCompile(`(?m)^[ \t]*#[ \t]*define[ \t]+HAL_ETH_LEGACY_MODULE_ENABLED\b`).MatchString(StripComments(string(b))) {
				h.Legacy, h.LegacyWhy = true, halConf+" enables HAL_ETH_LEGACY_MODULE_ENABLED (the legacy ETH driver)"
			}
		}
	}
	return h, nil
}

// LegacyError is the refusal for a project on the legacy ETH driver.
func (h *HAL) LegacyError() error {
	if !h.Legacy {
		return nil
	}
	f := halFacts[h.Family]
	ver := h.Version
	if ver == "" {
		ver = "of unknown version"
	}
	return fmt.Errorf("the project's %s HAL ETH driver is the legacy one (HAL %s; %s). lwipgen's driver glue uses the new ETH API (HAL_ETH_ReadData, HAL_ETH_RxAllocateCallback/RxLinkCallback, HAL_ETH_Transmit_IT), from %s_hal_driver %d.%d.%d (%s) on. In CubeMX: Help > Manage embedded software packages, install %s or later, open the .ioc, Project Manager > Firmware Package, migrate, untick ETH > \"legacy\" if shown, generate code; then run lwipgen vendor again",
		h.Family, ver, h.LegacyWhy, f.prefix, f.newETH[0], f.newETH[1], f.newETH[2], f.cube, f.cube)
}

// versionMacros reads __<P>_HAL_VERSION_MAIN/SUB1/SUB2 (e.g. P = STM32H7xx).
func versionMacros(src, p string) ([3]int, bool) {
	var v [3]int
	for i, part := range []string{"MAIN", "SUB1", "SUB2"} {
		m := regexp.MustCompile(`(?m)^[ \t]*#[ \t]*define[ \t]+__` + p + `_HAL_VERSION_` + part + `[ \t]+\(?[ \t]*(0[xX][0-9A-Fa-f]+|[0-9]+)[uUlL]*[ \t]*\)?`).FindStringSubmatch(src)
		if m == nil {
			return v, false
		}
		n, err := strconv.ParseUint(m[1], 0, 32)
		if err != nil {
			return v, false
		}
		v[i] = int(n)
	}
	return v, true
}
