// Package auditreg holds what the vendor flows tell the audit command about
// their vendors: which chip file stands for an MCU family and which macros
// in an lwipopts.h the vendor's own code reads. The flows register into it
// from init (their auditglue.go) so they need not import the audit engine;
// audit reads it. It is a registry and nothing else: no rules live here.
package auditreg

import (
	"maps"
	"strings"
	"sync"
)

var (
	mu sync.RWMutex
	// vendorGlue: macro name (or prefix ending in "*") -> the code that reads it.
	vendorGlue = map[string]string{}
	// mcuChips: upper-case MCU part-number prefix -> lwipgen chip file.
	mcuChips = map[string]string{}
)

// RegisterVendorGlue names macros a vendor's code reads from lwipopts.h
// (name -> the code that reads it). A key ending in "*" is a prefix (a
// vendor's configuration namespace).
func RegisterVendorGlue(names map[string]string) {
	mu.Lock()
	defer mu.Unlock()
	maps.Copy(vendorGlue, names)
}

// GlueOwner names the code that reads a vendor macro; byName says the name
// itself is registered (not only one of its prefixes). The longest
// registered prefix wins.
func GlueOwner(name string) (owner string, byName, ok bool) {
	mu.RLock()
	defer mu.RUnlock()
	if o, ok := vendorGlue[name]; ok {
		return o, true, true
	}
	best := ""
	for k, o := range vendorGlue {
		if p, isPrefix := strings.CutSuffix(k, "*"); isPrefix && strings.HasPrefix(name, p) && len(p) > len(best) {
			best, owner = p, o
		}
	}
	return owner, false, best != ""
}

// RegisterMCUChip says which chip file stands for MCUs whose part number
// starts with prefix (e.g. "STM32H7" -> "stm32h743zi"): the closest chip of
// the family stands for parts without one of their own.
func RegisterMCUChip(prefix, chip string) {
	mu.Lock()
	defer mu.Unlock()
	mcuChips[strings.ToUpper(prefix)] = chip
}

// ChipForMCU is the chip file registered for the longest prefix of mcu
// (case-insensitive), "" when no flow registered its family.
func ChipForMCU(mcu string) string {
	mu.RLock()
	defer mu.RUnlock()
	u, best, chip := strings.ToUpper(mcu), "", ""
	for p, c := range mcuChips {
		if strings.HasPrefix(u, p) && len(p) > len(best) {
			best, chip = p, c
		}
	}
	return chip
}
