package audit

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/testenv"
)

// auditProject runs what `audit --project DIR` runs.
func auditProject(t *testing.T, dir string) (*Project, *Report) {
	t.Helper()
	p, err := DetectProject(dir)
	if err != nil {
		t.Fatal(err)
	}
	chips, d := board.Source{}.Chips()
	if d.HasErrors() {
		t.Fatal(d)
	}
	o := Options{File: p.Lwipopts, IncludeDirs: p.IncludeDirs, Defines: p.Defines, LwipDir: p.LwipDir, LinkerScript: p.LinkerScript, Chip: chips[p.Chip], NoCompile: true}
	if o.LwipDir == "" {
		o.LwipDir = testenv.LwIP(t)
	}
	rep, err := Run(o)
	if err != nil {
		t.Fatal(err)
	}
	return p, rep
}

func heapIDs(rep *Report) []string {
	var ids []string
	for _, f := range rep.Findings {
		if strings.HasPrefix(f.ID, "audit.heap_") && f.ID != "audit.heap_cacheable" {
			ids = append(ids, f.ID+"@"+f.Option)
		}
	}
	return ids
}

// The CubeIDE H7 vendoring fixture puts the heap at 0x30020000 (MEM_SIZE
// 131048) and the ETH descriptors at 0x30040000: clear of each other. Moving
// the descriptors into the heap in the linker script must be found, at the
// LWIP_RAM_HEAP_POINTER line, naming the script's line.
func TestProjectHeapOverlapPlanted(t *testing.T) {
	testenv.CrossCompiler(t)
	fixture := filepath.Join("..", "vendorkit", "testdata", "cubeide-h743")
	p, rep := auditProject(t, fixture)
	if p.Kind != "cubemx" || p.Chip != "stm32h743zi" || !strings.HasSuffix(p.LinkerScript, "STM32H743ZITX_FLASH.ld") || !strings.HasSuffix(p.Lwipopts, filepath.Join("LWIP", "Target", "lwipopts.h")) {
		t.Fatalf("project context: %+v", p)
	}
	if ids := heapIDs(rep); len(ids) != 0 || rep.Errors != 0 {
		t.Fatalf("stock fixture: heap findings %v, %d errors: %+v", ids, rep.Errors, rep.Findings)
	}
	dir := testenv.CopyTree(t, fixture)
	ld := filepath.Join(dir, "STM32H743ZITX_FLASH.ld")
	b, _ := os.ReadFile(ld)
	planted := strings.Replace(string(b), ". = ABSOLUTE(0x30040000);", ". = ABSOLUTE(0x30030000);", 1)
	if planted == string(b) {
		t.Fatal("fixture linker script changed shape; the plant did not apply")
	}
	os.WriteFile(ld, []byte(planted), 0o644)
	_, rep = auditProject(t, dir)
	var hit *Finding
	for i, f := range rep.Findings {
		if f.ID == "audit.heap_overlaps_dma" {
			hit = &rep.Findings[i]
		}
	}
	if hit == nil || hit.Severity != SevError || hit.Line == 0 || !strings.Contains(hit.Message, ".RxDecripSection") || !strings.Contains(hit.Message, "STM32H743ZITX_FLASH.ld:") {
		t.Fatalf("planted overlap not found: %+v", rep.Findings)
	}
	if rep.Errors == 0 {
		t.Fatal("the overlap must make the audit fail")
	}
}

func TestLinkerScriptHeapChecks(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(s), 0o644)
		return p
	}
	ld := write("x.ld", `
MEMORY
{
  RAM (xrw) : ORIGIN = 0x20000000, LENGTH = 64K
  SRAM2 (xrw) : ORIGIN = 0x2001C000, LENGTH = 16K
}
SECTIONS
{
  .data : { *(.data*) } >RAM AT> RAM
  .eth_desc 0x2001C000 (NOLOAD) : { *(.RxDescripSection) } >SRAM2
}
`)
	cases := []struct {
		ptr, size string
		want      string // finding ID, "" = none
	}{
		{"0x2001D000", "2048", ""},                          // after the descriptors, inside SRAM2, nothing else placed there
		{"0x2001C000", "2048", "audit.heap_overlaps_dma"},   // on the descriptors
		{"0x2001E000", "16384", "audit.heap_past_memory"},   // runs past SRAM2
		{"0x30000000", "1024", "audit.heap_outside_memory"}, // no such memory
		{"0x20008000", "4096", "audit.heap_unreserved"},     // where the linker places .data
	}
	for _, c := range cases {
		h := write("lwipopts.h", "#define MEM_ALIGNMENT 4\n#define MEM_SIZE "+c.size+"\n#define LWIP_RAM_HEAP_POINTER "+c.ptr+"\n")
		rep, err := Run(Options{File: h, CC: "none", LinkerScript: ld})
		if err != nil {
			t.Fatal(err)
		}
		ids := heapIDs(rep)
		if c.want == "" && len(ids) != 0 || c.want != "" && (len(ids) == 0 || !strings.HasPrefix(ids[0], c.want+"@")) {
			t.Errorf("heap at %s size %s: got %v, want %q", c.ptr, c.size, ids, c.want)
		}
	}
}

// Without a board there is no workload: workload checks never run; with one
// they do.
func TestNoBoardNoWorkloadChecks(t *testing.T) {
	b, d := board.Source{}.Load("h743")
	if d.HasErrors() {
		t.Fatal(d)
	}
	f := filepath.Join(corpusDir, "25_throughput_wnd_scale.h")
	without, err := Run(Options{File: f, CC: "none", Chip: b.Chip})
	if err != nil {
		t.Fatal(err)
	}
	with, err := Run(Options{File: f, CC: "none", Board: b})
	if err != nil {
		t.Fatal(err)
	}
	has := func(r *Report, id string) bool {
		for _, f := range r.Findings {
			if f.ID == id {
				return true
			}
		}
		return false
	}
	if has(without, "audit.wnd_rx_buffers") || !has(with, "audit.wnd_rx_buffers") {
		t.Fatalf("workload check: without a board %v, with one %v", without.Findings, with.Findings)
	}
}
