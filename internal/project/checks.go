package project

import (
	"os"
	"path/filepath"
	"strings"
)

// checkLink notes what the link names that is not there: a script the
// build names that does not exist (and the file that differs from it only
// in case, which links on Windows and not here: cxnaive/H743VGTx_lwip@da66a1e
// names STM32H743VGTx_FLASH.ld and carries stm32h743vgtx_flash.ld), and a
// build that links no ELF lwipgen can verify.
func checkLink(b *Build, root string) {
	if b.Link == nil {
		b.Notes = append(b.Notes, "no link step was read: the ELF and the linker script the build uses are not known")
		return
	}
	for _, s := range b.Link.Scripts {
		if _, err := os.Stat(s); err == nil {
			continue
		}
		note := "the link script " + relOrAbs(root, s) + " the build names does not exist"
		if entries, err := os.ReadDir(filepath.Dir(s)); err == nil {
			for _, e := range entries {
				if strings.EqualFold(e.Name(), filepath.Base(s)) {
					note += " (" + relOrAbs(root, filepath.Join(filepath.Dir(s), e.Name())) + " differs only in case: it links on a case-insensitive file system, not here)"
				}
			}
		}
		b.Notes = append(b.Notes, note)
	}
}
