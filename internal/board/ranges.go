package board

import (
	"regexp"
	"strconv"
	"strings"
)

// Values that become addresses are checked against the chip here, where the
// board file's positions are known: a wrong address would otherwise pass
// every later check (nothing in the plan refers to a raw pointer).

// addrLiteral is the address in an option such as "((void*)0x30040000)".
var addrLiteral = regexp.MustCompile(`\b(0[xX][0-9a-fA-F]+|[0-9]+)[uUlL]*\b`)

// checkHeapPointer refuses an LWIP_RAM_HEAP_POINTER that is not inside a RAM
// memory of the chip (0, flash, a peripheral or an address past the end).
func checkHeapPointer(b *Board, ev *evaluator) {
	if b.Chip == nil {
		return
	}
	for _, o := range b.Options {
		if o.Name != "LWIP_RAM_HEAP_POINTER" {
			continue
		}
		lit := o.Expr
		if !o.IsInt {
			lit = addrLiteral.FindString(o.Expr)
			if lit == "" {
				continue // a symbol (e.g. a linker-provided array): the linker places it
			}
		}
		lit = strings.TrimRight(lit, "uUlL")
		addr, err := strconv.ParseUint(lit, 0, 64)
		if err != nil {
			ev.errorf(o.Range, "Invalid heap address", "LWIP_RAM_HEAP_POINTER %s is not an address lwipgen can read: %v.", o.Expr, err)
			continue
		}
		m, ok := b.Chip.MemoryAt(addr)
		switch {
		case addr == 0:
			ev.errorf(o.Range, "Heap pointer outside RAM", "LWIP_RAM_HEAP_POINTER %s (0x0) is the NULL pointer: lwIP would use it as its heap.", o.Expr)
		case !ok || m.Kind != MemoryRAM:
			ev.errorf(o.Range, "Heap pointer outside RAM",
				"LWIP_RAM_HEAP_POINTER %s (0x%X) is not inside a RAM memory of %s (%s): lwIP would use it as its heap.",
				o.Expr, addr, b.Chip.Name, quoteList(b.Chip.MemoryNames()))
		case !m.DMA:
			ev.errorf(o.Range, "Heap pointer outside DMA-reachable RAM",
				"LWIP_RAM_HEAP_POINTER %s (0x%X) is in %s, which the Ethernet DMA cannot reach: TX payloads in the heap would never reach the wire.",
				o.Expr, addr, m.Name)
		}
	}
}

// checkMAC refuses a MAC address a NIC cannot have as its own: all zeros, or
// one with the group bit set (broadcast ff:ff:ff:ff:ff:ff, multicast).
func macReason(s string) string {
	first, err := strconv.ParseUint(s[:2], 16, 8)
	if err != nil {
		return ""
	}
	switch {
	case first&1 == 1 && strings.EqualFold(s, "ff:ff:ff:ff:ff:ff"):
		return "is the broadcast address"
	case first&1 == 1:
		return "is a multicast address (the low bit of the first octet is set)"
	case strings.Trim(s, "0:") == "":
		return "is all zeros"
	}
	return ""
}

// unsafeInExpr is what an option's C expression may not contain: it is
// written as code after #define, where a comment opener would swallow the
// lines after it and a '#' or ';' would be a different statement.
func unsafeInExpr(s string) bool {
	if strings.Contains(s, "/*") || strings.Contains(s, "*/") || strings.Contains(s, "//") {
		return true
	}
	for _, c := range s {
		if c < 0x20 || c == 0x7f || c == '#' || c == ';' || c == '"' || c == '{' || c == '}' || c == '\\' {
			return true
		}
	}
	return false
}
