// Package elfsym is the one reader of ELF symbol tables in lwipgen: the
// verifier, the RAM check against compiled objects, the benchmarks and the
// tests all read symbols through it, so "defined" means the same everywhere.
package elfsym

import (
	"debug/elf"
	"fmt"
	"strings"
)

// Symbol is one defined symbol.
type Symbol struct {
	Name     string
	Addr     uint64
	Size     uint64
	Section  string      // the section's name; "" for ABS, "COMMON" for a common block
	Type     elf.SymType // STT_OBJECT, STT_FUNC, STT_NOTYPE (linker-script symbols), ...
	Writable bool        // the section is writable (data, bss)
}

// Read returns the defined symbols of an ELF file (an executable or a
// relocatable object) by name. A file without a symbol table has none.
func Read(path string) (map[string]Symbol, error) {
	f, err := elf.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return FromFile(f)
}

// FromFile is Read for an open file.
func FromFile(f *elf.File) (map[string]Symbol, error) {
	all, err := f.Symbols()
	if err == elf.ErrNoSymbols {
		return map[string]Symbol{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading symbols: %v", err)
	}
	out := map[string]Symbol{}
	for _, s := range all {
		if s.Section == elf.SHN_UNDEF || s.Name == "" {
			continue
		}
		sym := Symbol{Name: s.Name, Addr: s.Value, Size: s.Size, Type: elf.ST_TYPE(s.Info)}
		switch {
		case s.Section == elf.SHN_COMMON:
			if s.Size == 0 {
				continue
			}
			sym.Section, sym.Writable = "COMMON", true
		case int(s.Section) < len(f.Sections):
			sec := f.Sections[s.Section]
			sym.Section, sym.Writable = sec.Name, sec.Flags&elf.SHF_WRITE != 0
		}
		out[s.Name] = sym
	}
	return out, nil
}

// ReadAll merges the defined symbols of several objects (a later object's
// definition of the same name wins, as it cannot in a correct link).
func ReadAll(paths []string) (map[string]Symbol, error) {
	out := map[string]Symbol{}
	for _, p := range paths {
		syms, err := Read(p)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", p, err)
		}
		for n, s := range syms {
			out[n] = s
		}
	}
	return out, nil
}

// IsLwIPRAM reports whether a symbol is one of lwIP's big RAM objects: the
// heap or a memp pool.
func IsLwIPRAM(name string) bool {
	return name == "ram_heap" || strings.HasPrefix(name, "memp_memory_")
}

// Sizes maps the names keep accepts to their sizes.
func Sizes(syms map[string]Symbol, keep func(string) bool) map[string]int64 {
	out := map[string]int64{}
	for n, s := range syms {
		if keep(n) {
			out[n] = int64(s.Size)
		}
	}
	return out
}
