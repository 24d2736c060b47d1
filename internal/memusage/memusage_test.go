package memusage

import (
	"strings"
	"testing"
)

func TestHuman(t *testing.T) {
	for n, want := range map[uint64]string{0: "0 B", 1023: "1023 B", 1024: "1 KiB", 1536: "1.5 KiB", 2 << 20: "2 MiB", 3<<20 + 1<<19: "3.5 MiB"} {
		if got := Human(n); got != want {
			t.Errorf("Human(%d) = %q, want %q", n, got, want)
		}
	}
}

// The table has one line per memory in address order, then lwIP's share
// against the budget, with the percentages computed from the bytes.
func TestTable(t *testing.T) {
	u := &Usage{Regions: []Region{{Name: "flash", Kind: "flash", Size: 1 << 20, Used: 1 << 18}, {Name: "sram1", Kind: "ram", Size: 128 << 10, Used: 96 << 10}},
		LwIP: LwIP{Region: "sram1", Used: 60 << 10, Budget: 120 << 10, BudgetOf: "memory.lwip_budget"}}
	var b strings.Builder
	u.Table(&b)
	lines := strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
	if len(lines) != 4 || !strings.Contains(lines[1], "flash (flash)") || !strings.HasSuffix(lines[1], "256 KiB    1 MiB  25.0%") ||
		!strings.HasSuffix(lines[2], "75.0%") || !strings.Contains(lines[3], "lwIP in sram1") || !strings.HasSuffix(lines[3], "50.0% of memory.lwip_budget") {
		t.Fatalf("table:\n%s", b.String())
	}
}

// A section that starts in one memory and ends in the next is counted in
// both, by the bytes in each (an F767IG's .bss over DTCM and SRAM1, as in
// atk-sheep/XIP_EXTRAM_LWIP@2fe92b4, showed DTCM 101.4% used); bytes in no
// memory are left over.
func TestSpreadAcrossMemories(t *testing.T) {
	regs := []Region{{Name: "dtcm", Base: 0x20000000, Size: 128 << 10}, {Name: "sram1", Base: 0x20020000, Size: 368 << 10}}
	if rest := spread(regs, 0x2001F000, 8<<10, ".bss"); rest != 0 || regs[0].Used != 4<<10 || regs[1].Used != 4<<10 {
		t.Errorf("dtcm %d, sram1 %d, outside %d; want 4096, 4096, 0", regs[0].Used, regs[1].Used, rest)
	}
	if rest := spread(regs, 0x2007B000, 8<<10, ".bss"); rest != 4<<10 || regs[1].Used != 8<<10 {
		t.Errorf("sram1 %d, outside %d; want 8192 and 4096 past its end", regs[1].Used, rest)
	}
}
