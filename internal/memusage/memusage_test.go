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
