package pipeline

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/testenv"
)

// A board that names no memory.lwip_region (what import writes for a project
// without LWIP_RAM_HEAP_POINTER, as atk-sheep/XIP_EXTRAM_LWIP@2fe92b4): the
// size table's lwIP line is against the memory the layout put lwIP in, not a
// blank region of 0 B ("lwIP in  65.6 KiB  0 B  0.0% of memory.lwip_budget").
func TestUsageLwIPRegionFromLayout(t *testing.T) {
	cc := testenv.CrossCompiler(t)
	g, diags := Prepare(Options{Board: "f767", Source: board.Source{}})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	g.Board.Memory.LwIPRegion, g.Board.Memory.LwIPBudget = "", 0
	sec := g.Layout.Sections[0]
	mem, ok := g.Board.Chip.Memory(sec.Memory)
	if !ok {
		t.Fatalf("layout section %s is in unknown memory %q", sec.Name, sec.Memory)
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "x.c")
	os.WriteFile(src, []byte(fmt.Sprintf("__attribute__((section(%q))) char lwip_bytes[4096] = {1};\n", sec.Name)), 0o644)
	elf := filepath.Join(dir, "x.elf")
	if out, err := exec.Command(cc, "-nostdlib", "-Wl,-e,0", fmt.Sprintf("-Wl,--section-start=%s=0x%x", sec.Name, sec.Base), src, "-o", elf).CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	u, err := usage(g, &Linked{ELF: elf, Kind: "probe"})
	if err != nil {
		t.Fatal(err)
	}
	if u.LwIP.Region != sec.Memory || u.LwIP.Budget != mem.Size || u.LwIP.BudgetOf != "region size" || u.LwIP.Used != 4096 {
		t.Errorf("lwIP line: region %q budget %d (%s) used %d; want %s, %d (region size), 4096", u.LwIP.Region, u.LwIP.Budget, u.LwIP.BudgetOf, u.LwIP.Used, sec.Memory, mem.Size)
	}
}
