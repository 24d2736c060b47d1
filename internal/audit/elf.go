package audit

import (
	"debug/elf"
	"fmt"
	"os"
	"strconv"
)

// heapFindingsELF checks a heap placed by LWIP_RAM_HEAP_POINTER against the
// sections the linker really placed (the built ELF): every allocated section
// with its real address and size.
func heapFindingsELF(a *auditor, path string) ([]Finding, error) {
	base, end, ok := a.heapRange()
	if !ok {
		return nil, nil
	}
	f, err := openELF(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	file, line := a.at("LWIP_RAM_HEAP_POINTER")
	var fs []Finding
	for _, s := range f.Sections {
		if s.Flags&elf.SHF_ALLOC == 0 || s.Size == 0 {
			continue
		}
		if base < s.Addr+s.Size && s.Addr < end {
			id, what := "audit.heap_overlaps_section", "section"
			if reDMASection.MatchString(s.Name) {
				id, what = "audit.heap_overlaps_dma", "Ethernet DMA section"
			}
			fs = append(fs, Finding{File: file, Line: line, Severity: SevError, ID: id, Option: "LWIP_RAM_HEAP_POINTER", Source: "rule",
				Message: fmt.Sprintf("the lwIP heap at 0x%08X..0x%08X overlaps the %s %s at 0x%08X..0x%08X in %s: the heap and its contents overwrite each other", base, end, what, s.Name, s.Addr, s.Addr+s.Size, path),
				Fix:     "move LWIP_RAM_HEAP_POINTER clear of it, or let the linker place the heap (.bss.ram_heap)"})
		}
	}
	return fs, nil
}

// heapRange is [LWIP_RAM_HEAP_POINTER, + MEM_SIZE_ALIGNED + 2 struct mem)
// (mem.c's ram_heap size), when the file sets the pointer to an address.
func (a *auditor) heapRange() (uint64, uint64, bool) {
	ptr, ok := a.cfg.UserValue("LWIP_RAM_HEAP_POINTER")
	if !ok {
		return 0, 0, false
	}
	base, err := parseAddr(ptr)
	if err != nil {
		v, ok := a.values["LWIP_RAM_HEAP_POINTER"]
		n, err2 := strconv.ParseUint(v, 10, 64)
		if !ok || err2 != nil {
			return 0, 0, false // a symbol: the linker places it
		}
		base = n
	}
	size := uint64(a.val("MEM_SIZE"))
	al := uint64(a.val("MEM_ALIGNMENT"))
	if al == 0 {
		al = 1
	}
	size = (size + al - 1) &^ (al - 1)
	structMem := uint64(8)
	if a.val("MEM_SIZE") > 64000 {
		structMem = 12
	}
	return base, base + size + 2*structMem, true
}

// openELF opens the --elf file: a regular file only (a FIFO or a device
// would block or never end), and an error that says what is wrong with it
// rather than the decoder's bare "EOF".
func openELF(path string) (*elf.File, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("--elf %s: %v", path, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("--elf %s: not a regular file (%v): give the linked firmware ELF", path, fi.Mode().Type())
	}
	f, err := elf.Open(path)
	if err != nil {
		return nil, fmt.Errorf("--elf %s: not a readable ELF file (%v): give the firmware the link wrote (the .elf, not a .bin or .hex)", path, err)
	}
	return f, nil
}
