package render

import (
	"fmt"

	"github.com/lwipgen/lwipgen/internal/layout"
)

// d2SRAMClock is an STM32H7 D2 SRAM whose clock RCC_AHB2ENR gates: after reset
// the SRAM1/2/3 enable bits are 0 (RM0433 8.7.41), so lwipgen turns on the
// ones holding its memory before anything (lwIP's mem_init, the Ethernet DMA)
// touches them. Keyed by the chip files' memory names.
var d2SRAMClock = map[string]struct {
	bit  int
	name string
}{
	"sram1": {29, "SRAM1EN"},
	"sram2": {30, "SRAM2EN"},
	"sram3": {31, "SRAM3EN"},
}

type clockBit struct {
	Memory, Name string
	Bit          int
}

// MPUSetup renders lwipgen_mpu.c/.h from the layout's regions.
func MPUSetup(l *layout.Layout) ([]File, error) {
	var clocks []clockBit
	if l.Board != nil && l.Board.Chip != nil && l.Board.Chip.Family == "stm32h7" {
		seen := map[string]bool{}
		for _, c := range l.Carves {
			if b, ok := d2SRAMClock[c.Memory]; ok && !seen[c.Memory] {
				seen[c.Memory] = true
				clocks = append(clocks, clockBit{c.Memory, b.name, b.bit})
			}
		}
	}
	mask := uint32(0)
	for _, c := range clocks {
		mask |= 1 << c.Bit
	}
	data := map[string]any{"Layout": l, "Board": l.Board, "D2Clocks": clocks, "D2Mask": fmt.Sprintf("0x%08Xu", mask)}
	var files []File
	for _, f := range []string{"lwipgen_mpu.h", "lwipgen_mpu.c"} {
		out, err := Execute("mpu/"+f+".tmpl", data)
		if err != nil {
			return nil, err
		}
		files = append(files, File{Path: f, Content: out})
	}
	return files, nil
}
