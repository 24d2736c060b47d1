package render

import (
	"fmt"
	"sort"

	"github.com/lwipgen/lwipgen/internal/layout"
)

// memoryClock is a clock-enable register and the bits of it that memories
// holding lwipgen's sections need (chip data: memory clock_register and
// clock_bit, e.g. the STM32H7 D2 SRAMs, whose clocks are off after reset).
type memoryClock struct {
	Register, Mask string
	Memories       []string
}

// MPUSetup renders lwipgen_mpu.c/.h from the layout's regions.
func MPUSetup(l *layout.Layout) ([]File, error) {
	var clocks []memoryClock
	if l.Board != nil && l.Board.Chip != nil {
		masks := map[uint64]uint32{}
		names := map[uint64][]string{}
		seen := map[string]bool{}
		for _, c := range l.Carves {
			m, ok := l.Board.Chip.Memory(c.Memory)
			if !ok || m.ClockRegister == 0 || seen[c.Memory] {
				continue
			}
			seen[c.Memory] = true
			masks[m.ClockRegister] |= 1 << uint(m.ClockBit)
			names[m.ClockRegister] = append(names[m.ClockRegister], fmt.Sprintf("%s (bit %d)", m.Name, m.ClockBit))
		}
		var regs []uint64
		for r := range masks {
			regs = append(regs, r)
		}
		sort.Slice(regs, func(i, j int) bool { return regs[i] < regs[j] })
		for _, r := range regs {
			clocks = append(clocks, memoryClock{Register: fmt.Sprintf("0x%08Xu", r), Mask: fmt.Sprintf("0x%08Xu", masks[r]), Memories: names[r]})
		}
	}
	data := map[string]any{"Layout": l, "Board": l.Board, "Clocks": clocks}
	var files []File
	for _, f := range []string{"lwipgen_mpu.h", "lwipgen_mpu.c"} {
		out, err := Execute("mpu/"+f+".tmpl", data)
		if err != nil {
			return nil, err
		}
		files = append(files, File{Path: f, Content: out, Role: RoleMPU})
	}
	return files, nil
}
