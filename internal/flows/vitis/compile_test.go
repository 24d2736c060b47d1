package vitis

import (
	"debug/elf"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/elfsym"
	"github.com/lwipgen/lwipgen/internal/lwip"
	"github.com/lwipgen/lwipgen/internal/lwip/lwiptest"
	"github.com/lwipgen/lwipgen/internal/testenv"
)

// cortexA9 are the Zynq-7000 flags of the Xilinx BSP (ARM mode, VFPv3, hard
// float), with -fdata-sections as the Vitis extra_compiler_flags default so
// each lwIP array is its own .bss.<symbol> input section.
var cortexA9 = []string{"-mcpu=cortex-a9", "-mfpu=vfpv3", "-mfloat-abi=hard", "-marm", "-O2", "-ffunction-sections", "-fdata-sections"}

// objectSymbols reads the size of every defined lwIP RAM symbol (ram_heap,
// memp_memory_*_base) from relocatable objects.
func objectSymbols(t *testing.T, objs []string) map[string]int64 {
	t.Helper()
	syms, err := elfsym.ReadAll(objs)
	if err != nil {
		t.Fatal(err)
	}
	return elfsym.Sizes(syms, func(n string) bool { return elfsym.IsLwIPRAM(n) && syms[n].Type == elf.STT_OBJECT })
}

func ramSymbols(r lwip.RAM) map[string]int64 {
	out := map[string]int64{}
	for k, v := range r.Symbols {
		if k == "ram_heap" || strings.HasPrefix(k, "memp_memory_") {
			out[k] = v
		}
	}
	return out
}

func compareRAM(t *testing.T, predicted, compiled map[string]int64) {
	t.Helper()
	var names []string
	for k := range predicted {
		names = append(names, k)
	}
	for k := range compiled {
		if _, ok := predicted[k]; !ok {
			names = append(names, k)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		p, okp := predicted[n]
		c, okc := compiled[n]
		switch {
		case !okp:
			t.Errorf("%s: compiled %d B, not predicted", n, c)
		case !okc:
			t.Errorf("%s: predicted %d B, not in the objects", n, p)
		case p != c:
			t.Errorf("%s: predicted %d B, compiled %d B", n, p, c)
		default:
			t.Logf("%-34s %7d B (predicted = compiled)", n, c)
		}
	}
}

// compileBSPHeader compiles lwIP's core, IPv4 and Ethernet files from dir
// for the Cortex-A9 with the zynq7035 BSP header at path, requires no error,
// and returns the objects with lwipgen's configuration and RAM prediction
// for that header, read from its text alone (parse, resolve, predict).
func compileBSPHeader(t *testing.T, dir, path string, v lwip.Version) (lwiptest.Result, *lwip.Config, lwip.RAM) {
	t.Helper()
	p, l := zynq(t)
	r, err := Build(p, l)
	if err != nil {
		t.Fatal(err)
	}
	var header []byte
	for _, f := range r.Files {
		if f.Path == path {
			header = f.Content
		}
	}
	srcs, err := lwiptest.Sources(dir, "core", "ipv4", "ethernet")
	if err != nil {
		t.Fatal(err)
	}
	// the BSP compiles lwIP with the carried options in extra_compiler_flags
	var flags []Flag
	for key, h := range r.Headers {
		if key == r.Primary && path == PathLwipopts || h.Flow == "sdt" && path != PathLwipopts {
			flags = h.Flags
		}
	}
	cflags := append([]string{}, cortexA9...)
	for _, f := range flags {
		cflags = append(cflags, f.Arg())
	}
	res, err := lwiptest.Compile(lwiptest.Build{LwipDir: dir, Opts: string(header), CFlags: cflags, Files: srcs, WorkDir: t.TempDir(), Jobs: 4})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range res.Errors {
		t.Errorf("%s:%d: %s", e.File, e.Line, e.Text)
	}
	for _, w := range res.Warnings {
		if strings.Contains(w.Text, "redefined") {
			t.Errorf("%s:%d: %s (a carried flag clashes with the header)", w.File, w.Line, w.Text)
		}
	}
	if len(res.Errors) > 0 || len(res.Objects) == 0 {
		t.Fatalf("lwIP in %s does not compile with the BSP's %s", dir, path)
	}
	set := LwipSettings(ParseDefines(string(header)))
	for k, val := range flagSettings(flags) {
		set[k] = val
	}
	cfg, err := lwip.Resolve(v, set)
	if err != nil {
		t.Fatal(err)
	}
	ram, err := lwip.PredictRAM(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return res, cfg, ram
}

// TestBSPHeaderCompiles compiles lwIP 2.1.3 (core, ipv4, netif/ethernet.c)
// for the Cortex-A9 with the lwipopts.h the lwip213 BSP would generate for
// zynq7035, requires no error, and compares lwipgen's RAM prediction for
// that header with the symbol sizes in the objects, byte for byte
// (MEM_ALIGNMENT 64 pads every pool element and the heap). Then it links the
// objects with a minimal Xilinx-style lscript.ld plus lscript_lwip.ld and
// checks the non-cacheable section the way the ELF really came out.
func TestBSPHeaderCompiles(t *testing.T) {
	testenv.CrossCompiler(t)
	tree := testenv.Tree(t)
	if !strings.HasPrefix(tree.Version, "2.1") {
		testenv.Missing(t, "an lwIP 2.1 tree (lwip213 is lwIP 2.1.3)", fmt.Sprintf("LWIP_DIR is lwIP %s at %s", tree.Version, tree.Dir))
	}
	res, cfg, ram := compileBSPHeader(t, tree.Dir, PathLwipopts, lwip.V213)
	compiled := objectSymbols(t, res.Objects)
	compareRAM(t, ramSymbols(ram), compiled)
	// A tcp_seg is 16 B, padded to MEM_ALIGNMENT 64 per element, plus 63 B of base alignment slack.
	segs, _ := cfg.Int("MEMP_NUM_TCP_SEG")
	if a, _ := cfg.Int("MEM_ALIGNMENT"); a != 64 || segs < 16 || compiled["memp_memory_TCP_SEG_base"] != segs*64+63 {
		t.Errorf("MEM_ALIGNMENT %d; TCP_SEG pool %d B, want %d x 64 + 63", a, compiled["memp_memory_TCP_SEG_base"], segs)
	}

	t.Run("link", func(t *testing.T) { linkNoCache(t, t.TempDir(), res.Objects, compiled["ram_heap"]) })
}

// linkNoCache renders lscript_lwip.ld for a region holding ram_heap (the
// placement lwipgen's layout chooses for boards whose heap must not be
// cached), links the A9 objects with a minimal lscript.ld in the Xilinx
// shape, and reads the ELF back.
func linkNoCache(t *testing.T, dir string, objs []string, heap int64) {
	ld := testenv.Tool(t, "arm-none-eabi-ld")
	p, _ := zynq(t)
	nc := &NoCache{Section: NoCacheSection, Start: NoCacheStart, End: NoCacheEnd, Region: "ps7_ddr_0", Attr: 0x11DE2, AttrMacro: "NORM_NONCACHE",
		Objects: []NoCacheObject{{Symbol: "ram_heap", Input: ".bss.ram_heap", Size: heap, Why: "test"}}, Used: heap, Size: MB}
	frag, err := execute("lscript_lwip.ld.tmpl", templateData{Plan: p, NoCache: nc})
	if err != nil {
		t.Fatal(err)
	}
	// A minimal lscript.ld in the shape of the Xilinx one (xilinx-vitis.md §4).
	main := `MEMORY
{
   ps7_ddr_0 : ORIGIN = 0x100000, LENGTH = 0x3FF00000
}
ENTRY(lwip_init)
SECTIONS
{
.text : { *(.text) *(.text.*) } > ps7_ddr_0
.rodata : { *(.rodata) *(.rodata.*) } > ps7_ddr_0
.data : { *(.data) *(.data.*) } > ps7_ddr_0
INCLUDE lscript_lwip.ld
.bss (NOLOAD) : { __bss_start = .; *(.bss) *(.bss.*) *(COMMON) __bss_end = .; } > ps7_ddr_0
}
`
	mainLD, fragLD, out := filepath.Join(dir, "lscript.ld"), filepath.Join(dir, "lscript_lwip.ld"), filepath.Join(dir, "t.elf")
	os.WriteFile(mainLD, []byte(main), 0o644)
	os.WriteFile(fragLD, frag, 0o644)
	args := append([]string{"-L", dir, "-T", mainLD, "--unresolved-symbols=ignore-all", "-o", out}, objs...)
	if b, err := exec.Command(ld, args...).CombinedOutput(); err != nil {
		t.Fatalf("ld: %v\n%s", err, b)
	}
	f, err := elf.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sec := f.Section(NoCacheSection)
	if sec == nil {
		t.Fatalf("no %s in the ELF", NoCacheSection)
	}
	if sec.Type != elf.SHT_NOBITS || sec.Addr%MB != 0 || sec.Size != MB {
		t.Errorf("%s: type %v addr 0x%X size 0x%X, want NOBITS, 1 MB aligned, 1 MB", NoCacheSection, sec.Type, sec.Addr, sec.Size)
	}
	at, err := elfsym.FromFile(f)
	if err != nil {
		t.Fatal(err)
	}
	h, start, end := at["ram_heap"], at[NoCacheStart], at[NoCacheEnd]
	if start.Addr != sec.Addr || end.Addr != sec.Addr+MB {
		t.Errorf("boundary symbols 0x%X..0x%X, section 0x%X", start.Addr, end.Addr, sec.Addr)
	}
	if h.Addr < start.Addr || h.Addr+h.Size > end.Addr || int64(h.Size) != heap {
		t.Errorf("ram_heap at 0x%X (+%d) outside %s 0x%X..0x%X", h.Addr, h.Size, NoCacheSection, start.Addr, end.Addr)
	}
	if bss := f.Section(".bss"); bss != nil && h.Addr >= bss.Addr && h.Addr < bss.Addr+bss.Size {
		t.Error("ram_heap stayed in .bss")
	}
	t.Logf("%s at 0x%08X..0x%08X, ram_heap at 0x%08X (%d B)", NoCacheSection, start.Addr, end.Addr, h.Addr, h.Size)
}
