package audit_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/audit"
	"github.com/lwipgen/lwipgen/internal/board"
	_ "github.com/lwipgen/lwipgen/internal/flows/all"
	"github.com/lwipgen/lwipgen/internal/seeds"
	"github.com/lwipgen/lwipgen/internal/testenv"
)

// auditProject runs what `audit --project DIR` runs.
func auditProject(t *testing.T, dir string) (*audit.Project, *audit.Report) {
	t.Helper()
	p, err := audit.DetectProject(dir)
	if err != nil {
		t.Fatal(err)
	}
	chips, d := board.Source{}.Chips()
	if d.HasErrors() {
		t.Fatal(d)
	}
	o := audit.Options{File: p.Lwipopts, IncludeDirs: p.IncludeDirs, Defines: p.Defines, LwipDir: p.LwipDir, LinkerScript: p.LinkerScript, Chip: chips[p.Chip], NoCompile: true}
	if o.LwipDir == "" {
		o.LwipDir = testenv.LwIP(t)
	}
	rep, err := audit.Run(o)
	if err != nil {
		t.Fatal(err)
	}
	return p, rep
}

func heapIDs(rep *audit.Report) []string {
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
	var hit *audit.Finding
	for i, f := range rep.Findings {
		if f.ID == "audit.heap_overlaps_dma" {
			hit = &rep.Findings[i]
		}
	}
	if hit == nil || hit.Severity != audit.SevError || hit.Line == 0 || !strings.Contains(hit.Message, ".RxDecripSection") || !strings.Contains(hit.Message, "STM32H743ZITX_FLASH.ld:") {
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
		rep, err := audit.Run(audit.Options{File: h, CC: "none", LinkerScript: ld})
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
	without, err := audit.Run(audit.Options{File: f, CC: "none", Chip: b.Chip})
	if err != nil {
		t.Fatal(err)
	}
	with, err := audit.Run(audit.Options{File: f, CC: "none", Board: b})
	if err != nil {
		t.Fatal(err)
	}
	has := func(r *audit.Report, id string) bool {
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

// With the linked ELF the heap is checked against the sections the linker
// really placed (address and size), here an H7-style descriptor section.
func TestELFHeapOverlap(t *testing.T) {
	cc := testenv.CrossCompiler(t)
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "fw.c"), []byte("__attribute__((section(\".RxDecripSection\"))) unsigned int rx_desc[24];\nunsigned int other;\nint main(void) { return (int)rx_desc[0] + (int)other; }\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "fw.ld"), []byte("ENTRY(main)\nSECTIONS\n{\n  .text 0x08000000 : { *(.text*) }\n  .RxDecripSection 0x30040000 (NOLOAD) : { *(.RxDecripSection) }\n  .bss 0x24000000 (NOLOAD) : { *(.bss*) *(COMMON) }\n}\n"), 0o644)
	fw := filepath.Join(dir, "fw.elf")
	if out, err := exec.Command(cc, "-mcpu=cortex-m7", "-mthumb", "-nostdlib", "-T", filepath.Join(dir, "fw.ld"), filepath.Join(dir, "fw.c"), "-o", fw).CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	for ptr, want := range map[string]bool{"0x3003FF00": true, "0x30020000": false} {
		h := filepath.Join(dir, "lwipopts.h")
		os.WriteFile(h, []byte("#define MEM_ALIGNMENT 4\n#define MEM_SIZE 1024\n#define LWIP_RAM_HEAP_POINTER "+ptr+"\n"), 0o644)
		rep, err := audit.Run(audit.Options{File: h, CC: "none", ELF: fw})
		if err != nil {
			t.Fatal(err)
		}
		got := false
		for _, f := range rep.Findings {
			got = got || f.ID == "audit.heap_overlaps_dma" && f.Line == 3 && strings.Contains(f.Message, ".RxDecripSection at 0x30040000..0x30040060")
		}
		if got != want {
			t.Errorf("heap at %s: overlap reported %v, want %v: %+v", ptr, got, want, rep.Findings)
		}
	}
}

// The project context of each vendoring fixture layout, and of a project
// that only has a compile_commands.json.
func TestDetectProjectLayouts(t *testing.T) {
	for _, c := range []struct {
		dir, kind, opts, mcu, chip, ld string
		def                            string
	}{
		{"../vendorkit/testdata/gd32-f407", "gd32", "inc/lwipopts.h", "GD32F407", "gd32f407", "gd32f407.ld", "USE_STDPERIPH_DRIVER"},
		{"../vendorkit/testdata/cubemx-makefile-f407", "cubemx", "LWIP/Target/lwipopts.h", "STM32F407VGTx", "stm32f407", "STM32F407VGTX_FLASH.ld", "USE_HAL_DRIVER"},
		{"../vendorkit/testdata/cubemx-cmake-f767", "cubemx", "LWIP/Target/lwipopts.h", "STM32F767ZITx", "stm32f767zi", "STM32F767XX_FLASH.ld", "USE_HAL_DRIVER"},
	} {
		// the fixture with the lwIP its build compiles (its build is read as make/cmake runs it)
		dir := testenv.ProjectFixture(t, c.dir)
		p, err := audit.DetectProject(dir)
		if err != nil {
			t.Fatalf("%s: %v", c.dir, err)
		}
		abs := dir
		if p.Kind != c.kind || p.Lwipopts != filepath.Join(abs, c.opts) || !strings.EqualFold(p.MCU, c.mcu) || p.Chip != c.chip || filepath.Base(p.LinkerScript) != c.ld {
			t.Errorf("%s: %+v", c.dir, p)
		}
		hasDef, hasInc := false, false
		for _, d := range p.Defines {
			hasDef = hasDef || d == c.def
			if d == "defined" || d == "Add" || d == "stm32cubemx" {
				t.Errorf("%s: %q is no define of the project (a comment or target name)", c.dir, d)
			}
		}
		for _, d := range p.IncludeDirs {
			hasInc = hasInc || d == filepath.Dir(p.Lwipopts)
		}
		if !hasDef || !hasInc {
			t.Errorf("%s: defines %v, include dirs %v", c.dir, p.Defines, p.IncludeDirs)
		}
		if _, rep := auditProject(t, dir); rep.Errors != 0 {
			t.Errorf("%s: the stock fixture has errors: %+v", c.dir, rep.Findings)
		}
	}
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "app", "cfg"), 0o755)
	os.WriteFile(filepath.Join(dir, "app", "cfg", "lwipopts.h"), []byte("#define NO_SYS 1\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "compile_commands.json"), []byte(`[{"directory": "`+dir+`", "command": "arm-none-eabi-gcc -DSTM32H743xx -DUSE_HAL_DRIVER -Iapp/cfg -c app/main.c", "file": "app/main.c"}]`), 0o644)
	p, err := audit.DetectProject(dir)
	if err != nil {
		t.Fatal(err)
	}
	if p.Kind != "compile_commands" || p.MCU != "STM32H743" || p.Chip != "stm32h743zi" || len(p.IncludeDirs) != 1 || p.IncludeDirs[0] != filepath.Join(dir, "app", "cfg") {
		t.Errorf("compile_commands.json project: %+v", p)
	}
}

// A file that turns lwIP's struct timeval off (LWIP_TIMEVAL_PRIVATE 0, seed
// 000) relies on the port's cc.h for <sys/time.h>; the audit's port brings
// it, so sockets.c compiles and no false error is reported.
func TestTimevalPrivateOffCompiles(t *testing.T) {
	testenv.CrossCompiler(t)
	src, err := seeds.Config("seed000_f4.h")
	if err != nil {
		t.Fatal(err)
	}
	f := filepath.Join(t.TempDir(), "lwipopts.h")
	os.WriteFile(f, src, 0o644)
	rep, err := audit.Run(audit.Options{File: f, LwipDir: testenv.LwIP(t), CPU: "cortex-m4"})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Compiled {
		t.Fatal("lwIP was not compiled")
	}
	for _, d := range rep.Diagnostics {
		if strings.Contains(d, "error:") {
			t.Errorf("compile error: %s", d)
		}
	}
}

// A Vitis classic workspace: the BSP's generated include/lwipopts.h, the
// .mss, the application's lscript.ld.
func TestDetectVitisWorkspace(t *testing.T) {
	dir := t.TempDir()
	bsp := filepath.Join(dir, "zc706", "ps7_cortexa9_0", "standalone_domain", "bsp")
	for _, d := range []string{filepath.Join(bsp, "ps7_cortexa9_0", "include"), filepath.Join(bsp, "ps7_cortexa9_0", "libsrc", "lwip211_v1_8", "src"), filepath.Join(dir, "echo", "src")} {
		os.MkdirAll(d, 0o755)
	}
	os.WriteFile(filepath.Join(bsp, "system.mss"), []byte("PARAMETER VERSION = 2.2.0\n"), 0o644)
	os.WriteFile(filepath.Join(bsp, "ps7_cortexa9_0", "include", "lwipopts.h"), []byte("#define NO_SYS 1\n"), 0o644)
	os.WriteFile(filepath.Join(bsp, "ps7_cortexa9_0", "include", "xparameters.h"), []byte("#define XPAR_XEMACPS_0_BASEADDR 0xE000B000\n"), 0o644)
	os.WriteFile(filepath.Join(bsp, "ps7_cortexa9_0", "libsrc", "lwip211_v1_8", "src", "lwipopts.h"), []byte("/* copy */\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "echo", "src", "lscript.ld"), []byte("MEMORY\n{\n  ps7_ddr_0 : ORIGIN = 0x100000, LENGTH = 0x3FF00000\n}\n"), 0o644)
	p, err := audit.DetectProject(dir)
	if err != nil {
		t.Fatal(err)
	}
	if p.Kind != "vitis" || p.Lwipopts != filepath.Join(bsp, "ps7_cortexa9_0", "include", "lwipopts.h") || filepath.Base(p.LinkerScript) != "lscript.ld" {
		t.Fatalf("vitis workspace: %+v", p)
	}
}
