package pipeline_test

import (
	"context"
	"encoding/json"
	"fmt"
	_ "github.com/lwipgen/lwipgen/internal/flows/all"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/memusage"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/testenv"
	"github.com/lwipgen/lwipgen/internal/toolchain"
	"github.com/lwipgen/lwipgen/internal/verify"
)

var allBoards = []string{"h743", "f767", "f407", "gd32f407", "zynq7035", "mps2-an500", "h743-rtthread"}

func build(t *testing.T, name, out string) *pipeline.Built {
	t.Helper()
	b, diags := pipeline.Build(context.Background(), pipeline.Options{Board: name, Source: board.Source{}, Out: out, Jobs: 2})
	if diags.HasErrors() || b == nil {
		t.Fatalf("build %s: %v", name, diags)
	}
	return b
}

// nmAddresses reads symbol addresses with arm-none-eabi-nm, independently of debug/elf.
func nmAddresses(t *testing.T, elf string) map[string]uint64 {
	t.Helper()
	out, err := exec.Command("arm-none-eabi-nm", elf).Output()
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]uint64{}
	for _, l := range strings.Split(string(out), "\n") {
		f := strings.Fields(l)
		if len(f) == 3 {
			if v, err := strconv.ParseUint(f[0], 16, 64); err == nil {
				m[f[2]] = v
			}
		}
	}
	return m
}

type reportJSON struct {
	Board     string                      `json:"board"`
	OK        bool                        `json:"ok"`
	Options   map[string]int64            `json:"options"`
	RAM       map[string]map[string]int64 `json:"ram"`
	Placement []verify.Placement          `json:"placement"`
	Checks    []struct {
		ID string `json:"id"`
		OK bool   `json:"ok"`
	} `json:"checks"`
	Summary struct {
		Stage  string `json:"stage"`
		Checks int    `json:"checks"`
		Kind   string `json:"elf_kind"`
	} `json:"summary"`
	Memory *memusage.Usage `json:"memory"`
}

// berkeley is arm-none-eabi-size's text, data and bss of an ELF.
func berkeley(t *testing.T, elf string) (text, data, bss uint64) {
	t.Helper()
	out, err := exec.Command("arm-none-eabi-size", elf).Output()
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(strings.Split(string(out), "\n")[1])
	text, _ = strconv.ParseUint(f[0], 10, 64)
	data, _ = strconv.ParseUint(f[1], 10, 64)
	bss, _ = strconv.ParseUint(f[2], 10, 64)
	return
}

// checkSize compares the size table with arm-none-eabi-size: flash holds
// text and the .data load image, RAM holds data and bss (a chip without
// flash runs everything from RAM); the check count is the same everywhere.
func checkSize(t *testing.T, r reportJSON, out string, b *pipeline.Built) {
	t.Helper()
	u := r.Memory
	if u == nil || r.Summary.Stage != "verified" || r.Summary.Checks != len(r.Checks) || b.Checks != len(r.Checks) {
		t.Fatalf("summary %+v, %d checks in report.json, %d said by the build, memory %v", r.Summary, len(r.Checks), b.Checks, u != nil)
	}
	text, data, bss := berkeley(t, b.ELF)
	var flash, ram uint64
	for _, m := range u.Regions {
		if m.Kind == "flash" {
			flash += m.Used
		} else {
			ram += m.Used
		}
	}
	if flash > 0 {
		if flash != text+data || ram != data+bss {
			t.Errorf("size table: flash %d (size says text+data %d), RAM %d (data+bss %d)", flash, text+data, ram, data+bss)
		}
	} else if ram < text+data+bss || ram > text+2*data+bss { // .data's load image may sit in RAM too
		t.Errorf("size table: RAM %d, size says text+data+bss %d (data %d)", ram, text+data+bss, data)
	}
	if len(u.Outside) > 0 {
		t.Errorf("sections outside every memory: %v", u.Outside)
	}
	if u.LwIP.Used == 0 || u.LwIP.Budget == 0 || u.LwIP.Used > u.LwIP.Budget {
		t.Errorf("lwIP share %+v", u.LwIP)
	}
	md, _ := os.ReadFile(filepath.Join(out, "report.md"))
	if i, j := strings.Index(string(md), "## Memory per region"), strings.Index(string(md), "## lwIP RAM"); !b.Board.Chip.Core.DCache && (i < 0 || j < i || strings.Contains(string(md[i:j]), "cacheable")) {
		t.Errorf("report.md shows cache attributes for a core without a data cache")
	}
	want := fmt.Sprintf("all %d checks passed** on `%s`, a %s", len(r.Checks), filepath.Base(b.ELF), memusage.Describe(r.Summary.Kind))
	if !strings.Contains(string(md), want) || !strings.Contains(string(md), "## Size") || strings.Count(string(md), "\n| ") > 400 {
		t.Errorf("report.md lacks %q or the size table:\n%.600s", want, md)
	}
}

// Every board builds, links and verifies; the verifier's addresses are what
// arm-none-eabi-nm says; predicted RAM equals linked RAM symbol by symbol.
func TestBuildEveryBoard(t *testing.T) {
	testenv.CrossCompiler(t)
	testenv.LwIP(t)
	for _, name := range allBoards {
		t.Run(name, func(t *testing.T) {
			out := t.TempDir()
			b := build(t, name, out)
			if !b.OK {
				t.Fatalf("build not OK")
			}
			for _, f := range []string{"generated/lwipopts.h", "generated/lwip_sections.ld", "compile_commands.json", "liblwip.a",
				name + ".elf", name + ".elf.map", "report.json", "report.md", "memory-map.svg"} {
				if st, err := os.Stat(filepath.Join(out, f)); err != nil || st.Size() == 0 {
					t.Errorf("%s missing or empty", f)
				}
			}
			var r reportJSON
			raw, _ := os.ReadFile(filepath.Join(out, "report.json"))
			if err := json.Unmarshal(raw, &r); err != nil {
				t.Fatal(err)
			}
			if !r.OK || r.Board != name {
				t.Fatalf("report: ok=%v board=%q", r.OK, r.Board)
			}
			checkSize(t, r, out, b)
			for _, c := range r.Checks {
				if !c.OK {
					t.Errorf("check %s failed", c.ID)
				}
			}
			pred, linked := r.RAM["predicted"], r.RAM["linked"]
			n := 0
			for sym, v := range pred {
				if sym == "total" || sym == "static" {
					continue
				}
				n++
				if linked[sym] != v {
					t.Errorf("%s: predicted %d B, linked %d B", sym, v, linked[sym])
				}
			}
			if n < 5 {
				t.Errorf("only %d RAM symbols compared", n)
			}
			// the static row has a linked value (measured in the compiled lwIP
			// objects) and both totals count the same rows (issue 31, item 5)
			var sum int64
			for sym, v := range linked {
				if sym != "total" {
					sum += v
				}
			}
			if _, ok := linked["static"]; !ok || sum != linked["total"] {
				t.Errorf("ram.linked: static %v, total %d, rows add up to %d", linked["static"], linked["total"], sum)
			}
			// ROM and RAM per module and object add up to the ELF's totals, the
			// heap is in mem.o, and where code runs from flash the ROM is the
			// flash the size table counts (issue 31, item 6)
			br := r.Memory.Breakdown
			if br == nil || len(br.Objects) < 5 { // zynq7035's probe keeps 9 objects after --gc-sections
				t.Fatalf("no size report per object: %+v", br)
			}
			var rom, ram, oram uint64
			for _, m := range br.Modules {
				rom, ram = rom+m.ROM, ram+m.RAM
			}
			for _, o := range br.Objects {
				if o.Name == "core/mem.o" {
					oram = o.RAM
				}
			}
			if rom != br.ROM || ram != br.RAM {
				t.Errorf("modules add up to ROM %d / RAM %d, totals %d / %d", rom, ram, br.ROM, br.RAM)
			}
			if heap := pred["ram_heap"]; heap > 0 && oram < uint64(heap) {
				t.Errorf("core/mem.o RAM %d B < ram_heap %d B", oram, heap)
			}
			for _, m := range r.Memory.Regions {
				if m.Kind == "flash" && m.Used > 0 && m.Used != br.ROM { // zynq7035 runs from DDR: its flash is empty
					t.Errorf("flash used %d B, breakdown ROM %d B", m.Used, br.ROM)
				}
			}
			// the memory map draws the size table's numbers, in its units
			svg, _ := os.ReadFile(filepath.Join(out, "memory-map.svg"))
			for _, m := range r.Memory.Regions {
				if want := fmt.Sprintf("%s used (%.1f%%)", memusage.Human(m.Used), m.Percent()); !strings.Contains(string(svg), want) {
					t.Errorf("memory-map.svg lacks the size table's %s: %q", m.Name, want)
				}
			}
			nm := nmAddresses(t, b.ELF)
			if len(r.Placement) == 0 {
				t.Fatal("no placement rows")
			}
			for _, p := range r.Placement {
				if a, ok := nm[p.Symbol]; !ok || a != p.Address {
					t.Errorf("%s: report says 0x%X, nm says 0x%X (found=%v)", p.Symbol, p.Address, a, ok)
				}
			}
		})
	}
}

// A second build with nothing changed compiles and links nothing; touching
// one generated source recompiles only that source.
func TestIncrementalRebuild(t *testing.T) {
	testenv.CrossCompiler(t)
	testenv.LwIP(t)
	out := t.TempDir()
	first := build(t, "f407", out)
	if first.Compiled < 30 || !first.Linked {
		t.Fatalf("first build compiled %d, linked %v", first.Compiled, first.Linked)
	}
	second := build(t, "f407", out)
	if second.Compiled != 0 || second.Linked {
		t.Fatalf("no-op rebuild compiled %d units, linked %v", second.Compiled, second.Linked)
	}
	src := filepath.Join(out, "generated", "probe", "probe_main.c")
	future := time.Now().Add(2 * time.Second)
	if err := os.Chtimes(src, future, future); err != nil {
		t.Fatal(err)
	}
	third := build(t, "f407", out)
	if third.Compiled != 1 || !third.Linked {
		t.Fatalf("after touching probe_main.c: compiled %d (want 1), linked %v", third.Compiled, third.Linked)
	}
}

// A hand-broken fragment (a section name that matches nothing) is caught:
// first by the fragment's own ASSERT at link time, and with the ASSERTs
// removed, by the ELF verifier.
func TestBrokenFragmentIsCaught(t *testing.T) {
	testenv.CrossCompiler(t)
	testenv.LwIP(t)
	out := t.TempDir()
	b := build(t, "h743", out)
	frag := filepath.Join(out, "generated", "lwip_sections.ld")
	text, _ := os.ReadFile(frag)
	broken := strings.Replace(string(text), "  KEEP(*(.RxDecripSection))\n  KEEP(*(.RxDescripSection))\n", "  KEEP(*(.RxDescSection))\n", 1)
	if broken == string(text) {
		t.Fatal("fragment has no RX descriptor selectors to break")
	}
	os.WriteFile(frag, []byte(broken), 0o644)
	tc, err := toolchain.Discover()
	if err != nil {
		t.Fatal(err)
	}
	relink := func() error {
		os.Remove(b.ELF)
		bl := &toolchain.Builder{TC: tc, Dir: out}
		objs, _ := filepath.Glob(filepath.Join(out, "obj", "gen", "*", "*.o"))
		more, _ := filepath.Glob(filepath.Join(out, "obj", "gen", "*.o"))
		flags := append(toolchain.CPUFlags(b.Board.Chip.Core), "-nostartfiles", "--specs=nano.specs", "--specs=nosys.specs", "-Wl,--gc-sections", "-L"+filepath.Join(out, "generated"))
		_, err := bl.Link(context.Background(), b.ELF, flags, append(append(objs, more...), filepath.Join(out, "liblwip.a")), filepath.Join(out, "generated", "h743.ld"))
		return err
	}
	err = relink()
	if err == nil || !strings.Contains(err.Error(), "lwipgen: DMARxDscrTab is not in .lwip_dma_desc") {
		t.Fatalf("link with a broken selector: %v", err)
	}
	var kept []string
	for _, l := range strings.Split(broken, "\n") {
		if !strings.HasPrefix(l, "ASSERT(") {
			kept = append(kept, l)
		}
	}
	os.WriteFile(frag, []byte(strings.Join(kept, "\n")), 0o644)
	if err := relink(); err != nil {
		t.Fatalf("link without ASSERTs: %v", err)
	}
	v, err := verify.ELF(b.ELF, b.Layout, b.Plan)
	if err != nil {
		t.Fatal(err)
	}
	failed := map[string]bool{}
	for _, c := range v.Checks {
		if !c.OK {
			failed[c.ID] = true
		}
	}
	for _, id := range []string{"verify.placed.eth_rx_descriptors", "verify.no_orphans", "verify.attr.eth_rx_descriptors"} {
		if !failed[id] {
			t.Errorf("verifier did not fail %s (failed: %v)", id, failed)
		}
	}
	if failed["verify.placed.eth_tx_descriptors"] {
		t.Errorf("TX descriptors reported misplaced too")
	}
}

// A user's LWIP_RAM_HEAP_POINTER is honoured, and the linker reserves the
// heap there (a raw pointer is otherwise invisible to it); into DTCM it is refused.
func TestHeapPointerIsReserved(t *testing.T) {
	testenv.CrossCompiler(t)
	testenv.LwIP(t)
	out := t.TempDir()
	b := build(t, "testdata/h743-heapptr.hcl", out)
	if !b.OK {
		t.Fatal("build not OK")
	}
	sec, obj, ok := b.Layout.SectionOf("lwip_heap")
	if !ok || sec.Base != 0x30020000 || obj.Address != 0x30020000 || sec.Attr != "noncacheable" {
		t.Fatalf("heap section %+v", sec)
	}
	nm := nmAddresses(t, b.ELF)
	if nm["__lwipgen_heap_reserved"] != 0x30020000 {
		t.Errorf("nm: reserved heap at 0x%X", nm["__lwipgen_heap_reserved"])
	}
	if _, has := nm["ram_heap"]; has {
		t.Errorf("ram_heap array still linked despite LWIP_RAM_HEAP_POINTER")
	}
	text, _ := os.ReadFile("testdata/h743-heapptr.hcl")
	bad := strings.Replace(string(text), "0x30020000", "0x20000000", 1)
	path := filepath.Join(t.TempDir(), "dtcm-heap.hcl")
	os.WriteFile(path, []byte(bad), 0o644)
	_, diags := pipeline.Prepare(pipeline.Options{Board: path, Source: board.Source{}})
	if !diags.HasErrors() || !strings.Contains(diags.Error(), "dtcm") || !strings.Contains(diags.Error(), "cannot reach") {
		t.Fatalf("heap pointer into DTCM: %v", diags)
	}
}
