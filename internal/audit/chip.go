package audit

import "fmt"

// chipFindings check the file against the chip (from --chip, --board or the
// project's MCU): checksum offload the MAC does not have, a heap the DMA
// cannot reach. Workload checks need a board and run only with one.
func (a *auditor) chipFindings() {
	chip := a.o.Chip
	if a.o.Board != nil {
		chip = a.o.Board.Chip
	}
	if chip == nil {
		return
	}
	if !chip.Ethernet.ChecksumOffload && chip.Ethernet.MAC != "" {
		for _, n := range []string{"CHECKSUM_GEN_IP", "CHECKSUM_GEN_TCP", "CHECKSUM_GEN_UDP", "CHECKSUM_CHECK_IP", "CHECKSUM_CHECK_TCP", "CHECKSUM_CHECK_UDP"} {
			if v, ok := a.num(n); ok && v == 0 {
				a.rule("rule", SevError, "audit.checksum_offload", []string{n},
					fmt.Sprintf("%s = 0 but the %s MAC does not compute checksums: packets go out (or are accepted) with unchecked checksums", n, chip.Ethernet.MAC),
					fmt.Sprintf("%s 1", n))
			}
		}
	}
	if ptr, ok := a.cfg.UserValue("LWIP_RAM_HEAP_POINTER"); ok {
		if addr, err := parseAddr(ptr); err == nil {
			if m, in := chip.MemoryAt(addr); in && !m.DMA {
				a.rule("rule", SevError, "audit.heap_not_dma", []string{"LWIP_RAM_HEAP_POINTER"},
					fmt.Sprintf("LWIP_RAM_HEAP_POINTER %s is in %s, which the %s Ethernet DMA cannot reach: TX payloads copied into the heap never reach the wire", ptr, m.Name, chip.Ethernet.MAC),
					"point it into DMA-reachable RAM")
			} else if in && m.Cacheable && chip.Core.DCache {
				a.rule("rule", SevWarning, "audit.heap_cacheable", []string{"LWIP_RAM_HEAP_POINTER"},
					fmt.Sprintf("LWIP_RAM_HEAP_POINTER %s is in %s, cacheable by default: the MPU must make it non-cacheable (or the driver clean the D-cache before each DMA read)", ptr, m.Name),
					"an MPU region over the heap (CubeMX: Cortex_M7 MPU settings)")
			}
		}
	}
	if b := a.o.Board; b != nil {
		for _, f := range hardwareFindings(a.cfg, a.lines, b) {
			switch f.ID {
			case "audit.mem_alignment", "audit.checksum_offload", "audit.heap_not_dma", "audit.heap_cacheable":
				continue // above, chip-only
			}
			f.Source = "rule"
			a.add(f)
		}
	}
}
