// Package memusage reads a linked ELF's sections back and sums them per chip
// memory, the way GNU ld's --print-memory-usage, PlatformIO's "RAM/Flash"
// lines and Zephyr's memory report do: every allocated section counts
// against the memory holding its run address, and an initialised section
// loaded from elsewhere (.data) also counts against the memory holding its
// load address. lwIP's share is what lwipgen placed, against lwip_budget.
package memusage

import (
	"debug/elf"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/lwipgen/lwipgen/internal/board"
)

// Region is one chip memory as the ELF uses it (report.json "memory").
type Region struct {
	Name string `json:"name"`
	Kind string `json:"kind"` // ram or flash
	Base uint64 `json:"base"`
	Size uint64 `json:"size"`
	Used uint64 `json:"used"`
	// Spans are the address ranges Used counts (an allocated section, or
	// the part of it in this memory), in address order: what the memory
	// map draws, so that it shows the table's bytes where they are.
	Spans []Span `json:"-"`
}

// Span is one allocated section (or its load image) within a region.
type Span struct {
	Start, End uint64
	Name       string
}

// Percent is Used of Size in percent.
func (r Region) Percent() float64 { return percent(r.Used, r.Size) }

func percent(used, of uint64) float64 {
	if of == 0 {
		return 0
	}
	return 100 * float64(used) / float64(of)
}

// LwIP is lwIP's share (report.json "lwip_share"): the bytes of the sections
// lwipgen placed for lwIP and the Ethernet DMA, as linked, against the
// board's memory.lwip_budget (the region's size when no budget is set).
type LwIP struct {
	Region   string   `json:"region"`
	Sections []string `json:"sections"`
	Used     uint64   `json:"used"`
	Budget   uint64   `json:"budget"`
	BudgetOf string   `json:"budget_of"` // "memory.lwip_budget" or "region size"
}

// Percent is Used of Budget in percent.
func (l LwIP) Percent() float64 { return percent(l.Used, l.Budget) }

// Usage is the size summary of one ELF.
type Usage struct {
	ELF     string   `json:"elf"`
	Kind    string   `json:"kind"` // "probe", "firmware" or "project firmware"
	Regions []Region `json:"regions"`
	LwIP    LwIP     `json:"lwip"`
	// Outside lists allocated sections that no chip memory holds (bytes by name).
	Outside map[string]uint64 `json:"outside,omitempty"`
	// Breakdown is the ELF's ROM and RAM per module and object file (when
	// the objects it was linked from are known: lwipgen's own builds).
	Breakdown *Breakdown `json:"breakdown,omitempty"`
}

// FromELF sums the sections of the ELF at path per memory of chip. lwipSections
// are the output sections lwipgen placed; region is the memory lwIP is in
// (the board's lwip_region, or where the layout put lwIP when the board
// names none: an imported board without LWIP_RAM_HEAP_POINTER printed
// "lwIP in  65.6 KiB  0 B  0.0% of memory.lwip_budget").
func FromELF(path string, chip *board.Chip, b *board.Board, lwipSections []string, region string) (*Usage, error) {
	f, err := elf.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	mems := append([]board.Memory(nil), chip.Memories...)
	sort.SliceStable(mems, func(i, j int) bool { return mems[i].Base < mems[j].Base })
	u := &Usage{ELF: path}
	for _, m := range mems {
		u.Regions = append(u.Regions, Region{Name: m.Name, Kind: string(m.Kind), Base: m.Base, Size: m.Size})
	}
	add := func(addr, size uint64, name string) {
		if rest := spread(u.Regions, addr, size, name); rest > 0 {
			if u.Outside == nil {
				u.Outside = map[string]uint64{}
			}
			u.Outside[name] += rest
		}
	}
	placed := map[string]bool{}
	for _, s := range lwipSections {
		placed[s] = true
	}
	u.LwIP = LwIP{Region: region, Sections: lwipSections, Budget: b.Memory.LwIPBudget, BudgetOf: "memory.lwip_budget"}
	if u.LwIP.Budget == 0 {
		if m, ok := chip.Memory(region); ok {
			u.LwIP.Budget, u.LwIP.BudgetOf = m.Size, "region size"
		}
	}
	for _, s := range f.Sections {
		if s.Flags&elf.SHF_ALLOC == 0 || s.Size == 0 {
			continue
		}
		add(s.Addr, s.Size, s.Name)
		if placed[s.Name] {
			u.LwIP.Used += s.Size
		}
		if s.Type == elf.SHT_NOBITS {
			continue
		}
		if lma, ok := loadAddress(f, s); ok && lma != s.Addr {
			add(lma, s.Size, s.Name+" (load image)")
		}
	}
	for i := range u.Regions {
		sp := u.Regions[i].Spans
		sort.SliceStable(sp, func(a, b int) bool { return sp[a].Start < sp[b].Start })
	}
	return u, nil
}

// spread counts the bytes [addr, addr+size) in every region they overlap
// and returns those no region holds. A project's linker script may declare
// one RAM over several chip memories (an F767's 512K over DTCM, SRAM1 and
// SRAM2): its .bss starts in DTCM and ends in SRAM1, and counting it all in
// DTCM printed "dtcm 129.8 KiB  128 KiB  101.4%".
func spread(regions []Region, addr, size uint64, name string) uint64 {
	rest := size
	for i := range regions {
		r := &regions[i]
		lo, hi := max(addr, r.Base), min(addr+size, r.Base+r.Size)
		if lo < hi {
			r.Used += hi - lo
			rest -= hi - lo
			r.Spans = append(r.Spans, Span{lo, hi, name})
		}
	}
	return rest
}

// loadAddress is where the section's bytes are loaded from (its LMA), from
// the program header that holds it.
func loadAddress(f *elf.File, s *elf.Section) (uint64, bool) {
	for _, p := range f.Progs {
		if p.Type != elf.PT_LOAD || s.Offset < p.Off || s.Offset+s.Size > p.Off+p.Filesz {
			continue
		}
		if s.Addr >= p.Vaddr && s.Addr+s.Size <= p.Vaddr+p.Memsz {
			return p.Paddr + (s.Addr - p.Vaddr), true
		}
	}
	return 0, false
}

// Table prints the size table: one line per memory, then lwIP's share
// (names left-aligned, numbers right-aligned, like ld's --print-memory-usage).
func (u *Usage) Table(w io.Writer) {
	type row struct{ name, used, size, pct, note string }
	rows := []row{{"Memory region", "Used", "Size", "%used", ""}}
	for _, r := range u.Regions {
		rows = append(rows, row{r.Name + " (" + r.Kind + ")", Human(r.Used), Human(r.Size), fmt.Sprintf("%.1f%%", r.Percent()), ""})
	}
	rows = append(rows, row{"lwIP in " + u.LwIP.Region, Human(u.LwIP.Used), Human(u.LwIP.Budget), fmt.Sprintf("%.1f%%", u.LwIP.Percent()), " of " + u.LwIP.BudgetOf})
	var wn, wu, ws, wp int
	for _, r := range rows {
		wn, wu, ws, wp = max(wn, len(r.name)), max(wu, len(r.used)), max(ws, len(r.size)), max(wp, len(r.pct))
	}
	for _, r := range rows {
		fmt.Fprintf(w, "  %-*s  %*s  %*s  %*s%s\n", wn, r.name, wu, r.used, ws, r.size, wp, r.pct, r.note)
	}
}

// Human writes bytes as B / KiB / MiB, like the linker's memory usage.
func Human(n uint64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}

// Describe says what the ELF is, in words for the terminal and the report.
func Describe(kind string) string {
	switch kind {
	case "probe":
		return "layout probe: lwIP and lwipgen's sections around a stub main (probe_main.c), without the Ethernet glue, HAL or your application; project=DIR builds and verifies your firmware"
	case "firmware":
		return "firmware (lwIP, lwipgen's port and glue, and the demo application)"
	case "project firmware":
		return "firmware built by the project's own build (lwIP, lwipgen's glue and your application)"
	}
	return strings.TrimSpace(kind)
}
