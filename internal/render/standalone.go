package render

import (
	"fmt"

	"github.com/lwipgen/lwipgen/internal/layout"
	"github.com/lwipgen/lwipgen/linker"
)

// StandaloneScript renders the full linker script of probe ELFs and
// self-contained firmware: code and data memories from the chip data, with
// data starting after the part of its memory that lwipgen's sections own.
func StandaloneScript(l *layout.Layout) (File, error) {
	chip := l.Board.Chip
	code, ok := chip.Memory(chip.CodeMemory)
	if !ok {
		return File{}, fmt.Errorf("chip %s has no code_memory", chip.Name)
	}
	data, ok := chip.Memory(chip.DataMemory)
	if !ok {
		return File{}, fmt.Errorf("chip %s has no data_memory", chip.Name)
	}
	base, end := data.Base, data.End()
	for _, c := range l.Carves {
		if c.Memory != data.Name {
			continue
		}
		if c.Base > data.Base { // at the top (chip lwipgen_place or board memory.lwip_placement)
			// lwipgen's sections sit at the top: data below them, and when code
			// shares the memory, code in its lower half.
			end = c.Base
			if code.Name == data.Name {
				base = data.Base + (c.Base-data.Base)/2
				code.Size = base - code.Base
			}
		} else {
			base = c.End
		}
	}
	out, err := ExecuteFS(linker.FS, "standalone.ld.tmpl", map[string]any{
		"Board": l.Board, "Layout": l, "Code": code, "Data": data, "DataBase": base, "DataEnd": end, "StackSize": 4096,
	})
	return File{Path: l.Board.Name + ".ld", Content: out}, err
}
