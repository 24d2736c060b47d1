package memusage

import (
	"debug/elf"
	"fmt"
	"io"
	"sort"

	"github.com/lwipgen/lwipgen/internal/elfsym"
)

// The size report per module and per object file, the way Zephyr's
// rom_report/ram_report (scripts/footprint/size_report: every symbol of the
// ELF attributed to a source path, summed up the path tree) and PlatformIO's
// inspect do it: every sized function and data symbol of the linked ELF is
// attributed to the object file that defines it (read from the objects' own
// symbol tables), objects are grouped into modules (an lwIP source folder,
// lwipgen's generated sources), and what no object defines is named as such,
// so the rows add up to the totals.
//
// ROM is code, constants and the load image of initialised data (what a
// flash holds: `size`'s text + data); RAM is initialised and zeroed data
// (data + bss). Both come from the sections the symbols are linked in, not
// from the memory they are in (a Zynq runs code from DDR).

// Part is one row of the breakdown: a module or an object file.
type Part struct {
	Name   string `json:"name"`
	Module string `json:"module,omitempty"` // objects: the module it is counted in
	ROM    uint64 `json:"rom"`
	RAM    uint64 `json:"ram"`
}

// Breakdown is report.json "memory.breakdown".
type Breakdown struct {
	ROM     uint64 `json:"rom"` // the ELF's totals the rows add up to
	RAM     uint64 `json:"ram"`
	Modules []Part `json:"modules"`
	Objects []Part `json:"objects"`
}

// Object is one object file the ELF was linked from.
type Object struct {
	Path   string // on disk, to read its symbols
	Name   string // as reported (relative to the build)
	Module string
}

// Rows that are not object files.
const (
	ModuleLibraries = "libc, libgcc"
	ModuleOther     = "no symbol: strings, vectors, padding, stack"
)

// Breakdown attributes the linked ELF at path to objs.
func BreakdownOf(path string, objs []Object) (*Breakdown, error) {
	f, err := elf.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	br := &Breakdown{}
	for _, s := range f.Sections {
		if s.Flags&elf.SHF_ALLOC == 0 || s.Size == 0 {
			continue
		}
		rom, ram := cost(s, s.Size)
		br.ROM += rom
		br.RAM += ram
	}
	linked, err := f.Symbols()
	if err != nil {
		return nil, fmt.Errorf("%s: reading symbols: %v", path, err)
	}
	// who defines each name; a local name several objects define goes to the
	// one whose definition has the linked size
	defs := map[string][]int{}
	sizes := make([]map[string]elfsym.Symbol, len(objs))
	for i, o := range objs {
		syms, err := elfsym.Read(o.Path)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", o.Path, err)
		}
		sizes[i] = syms
		for n, s := range syms {
			if (s.Type == elf.STT_FUNC || s.Type == elf.STT_OBJECT) && s.Section != "" {
				defs[n] = append(defs[n], i)
			}
		}
	}
	per := make([]Part, len(objs))
	for i, o := range objs {
		per[i] = Part{Name: o.Name, Module: o.Module}
	}
	var lib Part
	var romAttr, ramAttr uint64
	for _, s := range linked {
		t := elf.ST_TYPE(s.Info)
		if s.Size == 0 || (t != elf.STT_FUNC && t != elf.STT_OBJECT) || int(s.Section) >= len(f.Sections) || s.Section == elf.SHN_UNDEF {
			continue
		}
		sec := f.Sections[s.Section]
		if sec.Flags&elf.SHF_ALLOC == 0 {
			continue
		}
		rom, ram := cost(sec, s.Size)
		romAttr += rom
		ramAttr += ram
		row := &lib
		if c := defs[s.Name]; len(c) > 0 {
			row = &per[c[0]]
			for _, i := range c {
				if sizes[i][s.Name].Size == s.Size {
					row = &per[i]
					break
				}
			}
		}
		row.ROM += rom
		row.RAM += ram
	}
	mods := map[string]*Part{}
	var order []string
	add := func(name string, rom, ram uint64) {
		m, ok := mods[name]
		if !ok {
			m = &Part{Name: name}
			mods[name] = m
			order = append(order, name)
		}
		m.ROM += rom
		m.RAM += ram
	}
	for _, p := range per {
		if p.ROM+p.RAM == 0 {
			continue // gc-sections dropped all of it
		}
		br.Objects = append(br.Objects, p)
		add(p.Module, p.ROM, p.RAM)
	}
	sort.SliceStable(br.Objects, func(i, j int) bool { return br.Objects[i].Name < br.Objects[j].Name })
	sort.Strings(order)
	for _, n := range order {
		br.Modules = append(br.Modules, *mods[n])
	}
	if lib.ROM+lib.RAM > 0 {
		br.Modules = append(br.Modules, Part{Name: ModuleLibraries, ROM: lib.ROM, RAM: lib.RAM})
	}
	// symbols may overlap (aliases): never report a negative rest
	if br.ROM > romAttr || br.RAM > ramAttr {
		br.Modules = append(br.Modules, Part{Name: ModuleOther, ROM: br.ROM - min(romAttr, br.ROM), RAM: br.RAM - min(ramAttr, br.RAM)})
	}
	return br, nil
}

// cost is what n bytes of section s cost in ROM and RAM: code and
// constants ROM, zeroed data RAM, initialised data both (its load image).
func cost(s *elf.Section, n uint64) (rom, ram uint64) {
	switch {
	case s.Flags&elf.SHF_WRITE == 0:
		return n, 0
	case s.Type == elf.SHT_NOBITS:
		return 0, n
	}
	return n, n
}

// Table prints the breakdown per module (objects with -v style detail stay
// in report.md and report.json).
func (b *Breakdown) Table(w io.Writer) {
	rows := [][3]string{{"Module", "ROM", "RAM"}}
	for _, m := range b.Modules {
		rows = append(rows, [3]string{m.Name, Human(m.ROM), Human(m.RAM)})
	}
	rows = append(rows, [3]string{"total", Human(b.ROM), Human(b.RAM)})
	var w0, w1, w2 int
	for _, r := range rows {
		w0, w1, w2 = max(w0, len(r[0])), max(w1, len(r[1])), max(w2, len(r[2]))
	}
	for _, r := range rows {
		fmt.Fprintf(w, "  %-*s  %*s  %*s\n", w0, r[0], w1, r[1], w2, r[2])
	}
}

// Diff prints what changed from old to new, per module and per object (rows
// in either; unchanged objects left out), the way Zephyr's size reports are
// compared run to run. It reports whether anything changed.
func Diff(w io.Writer, old, new *Breakdown) bool {
	changed := false
	section := func(title string, a, b []Part) {
		idx := map[string][2]*Part{} // name -> its row in old, in new
		var names []string
		for side, parts := range [][]Part{a, b} {
			for i := range parts {
				e, ok := idx[parts[i].Name]
				if !ok {
					names = append(names, parts[i].Name)
				}
				e[side] = &parts[i]
				idx[parts[i].Name] = e
			}
		}
		rows := [][5]string{{title, "ROM", "delta", "RAM", "delta"}}
		for _, n := range names {
			var o, nw Part
			if p := idx[n][0]; p != nil {
				o = *p
			}
			if p := idx[n][1]; p != nil {
				nw = *p
			}
			if o.ROM == nw.ROM && o.RAM == nw.RAM {
				continue
			}
			changed = true
			rows = append(rows, [5]string{n, fmt.Sprintf("%d", nw.ROM), signed(nw.ROM, o.ROM), fmt.Sprintf("%d", nw.RAM), signed(nw.RAM, o.RAM)})
		}
		if len(rows) == 1 {
			return
		}
		var wd [5]int
		for _, r := range rows {
			for i := range r {
				wd[i] = max(wd[i], len(r[i]))
			}
		}
		for _, r := range rows {
			fmt.Fprintf(w, "  %-*s  %*s  %*s  %*s  %*s\n", wd[0], r[0], wd[1], r[1], wd[2], r[2], wd[3], r[3], wd[4], r[4])
		}
		fmt.Fprintln(w)
	}
	section("module", old.Modules, new.Modules)
	section("object", old.Objects, new.Objects)
	fmt.Fprintf(w, "  total ROM %d B (%s), RAM %d B (%s)\n", new.ROM, signed(new.ROM, old.ROM), new.RAM, signed(new.RAM, old.RAM))
	return changed || old.ROM != new.ROM || old.RAM != new.RAM
}

func signed(now, was uint64) string {
	d := int64(now) - int64(was)
	if d > 0 {
		return fmt.Sprintf("+%d", d)
	}
	return fmt.Sprintf("%d", d)
}
