package qemu

import (
	"debug/elf"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/elfsym"
	"github.com/lwipgen/lwipgen/internal/testenv"
)

// requireToolchain skips (locally) or fails (CI) the test when the cross
// compiler or the lwIP source is missing.
func requireToolchain(t *testing.T) {
	t.Helper()
	testenv.CrossCompiler(t)
	if _, err := LwipSources(testenv.LwIP(t)); err != nil {
		t.Fatal(err)
	}
}

// testLog forwards compiler commands and output to t.Log when
// LWIPGEN_QEMU_BUILDLOG is set (failures include the output anyway).
type testLog struct{ t *testing.T }

func (l testLog) Write(p []byte) (int, error) {
	if os.Getenv("LWIPGEN_QEMU_BUILDLOG") != "" {
		l.t.Log(string(p))
	}
	return len(p), nil
}

func buildFirmware(t *testing.T, data FirmwareData) string {
	t.Helper()
	requireToolchain(t)
	lo, err := filepath.Abs(filepath.Join("testdata", "lwipopts.h"))
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	if keep := os.Getenv("LWIPGEN_QEMU_KEEP"); keep != "" {
		// Debugging aid: keep the rendered sources, objects, map and ELF.
		out = filepath.Join(keep, t.Name())
	}
	elfPath, err := Build(BuildOptions{
		OutDir:   out,
		LwipOpts: lo,
		Data:     &data,
		Werror:   true, // the firmware's own C must stay clean at -Wall -Wextra
		Log:      testLog{t},
	})
	if err != nil {
		t.Fatalf("Build: %v", err)
	}
	return elfPath
}

// checkLwipRAM proves the linker did what link.ld promises: the lwIP heap
// and every memp pool sit inside the NOLOAD .lwip_ram section, between the
// start/end symbols.
func checkLwipRAM(t *testing.T, elfPath string) {
	t.Helper()
	f, err := elf.Open(elfPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sec := f.Section(".lwip_ram")
	if sec == nil {
		t.Fatal("no .lwip_ram section")
	}
	if sec.Type != elf.SHT_NOBITS {
		t.Errorf(".lwip_ram type %v, want NOBITS (NOLOAD)", sec.Type)
	}
	byName, err := elfsym.FromFile(f)
	if err != nil {
		t.Fatal(err)
	}
	start, end := byName["__lwip_ram_start__"].Addr, byName["__lwip_ram_end__"].Addr
	if start == 0 || end <= start || start != sec.Addr || end != sec.Addr+sec.Size {
		t.Fatalf("lwip_ram symbols [%#x,%#x) do not match section [%#x,+%#x)", start, end, sec.Addr, sec.Size)
	}
	pools := 0
	for name, s := range byName {
		isPool := len(name) > len("memp_memory_") && name[:len("memp_memory_")] == "memp_memory_"
		if name != "ram_heap" && !isPool {
			continue
		}
		if isPool {
			pools++
		}
		if s.Addr < start || s.Addr+s.Size > end {
			t.Errorf("%s at [%#x,+%d) is outside .lwip_ram [%#x,%#x)", name, s.Addr, s.Size, start, end)
		}
	}
	if _, ok := byName["ram_heap"]; !ok {
		t.Error("ram_heap symbol not found")
	}
	if pools < 5 {
		t.Errorf("found %d memp_memory_* pools, expected the TCP/UDP/PBUF pools", pools)
	}
	t.Logf(".lwip_ram [%#x,%#x) %d bytes, %d pools + ram_heap", start, end, end-start, pools)
}

func TestBuildLayout(t *testing.T) {
	d := DefaultFirmwareData()
	d.MPU.Regions = ExampleMPURegions()
	elfPath := buildFirmware(t, d)
	checkLwipRAM(t, elfPath)
	if st, err := os.Stat(elfPath); err == nil {
		t.Logf("%s: %d bytes", elfPath, st.Size())
	}
}

// fixtureVariant writes a copy of testdata/lwipopts.h with replacements.
func fixtureVariant(t *testing.T, repl ...string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "lwipopts.h"))
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	for i := 0; i+1 < len(repl); i += 2 {
		if !strings.Contains(s, repl[i]) {
			t.Fatalf("fixture lacks %q", repl[i])
		}
		s = strings.Replace(s, repl[i], repl[i+1], 1)
	}
	p := filepath.Join(t.TempDir(), "lwipopts.h")
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// The templates must stay warning-free for configurations the sizing engine
// may choose (stats off, no lightweight protection), and must refuse a
// receive window that overflows the LAN9118 RX FIFO.
func TestBuildVariants(t *testing.T) {
	requireToolchain(t)
	// With LWIP_STATS 0, lwIP's opt.h forces every *_STATS to 0, so the
	// per-group 1s must go too (otherwise they are redefinitions).
	lean := fixtureVariant(t,
		"#define LWIP_STATS                  1", "#define LWIP_STATS                  0",
		"#define MEM_STATS                   1", "",
		"#define MEMP_STATS                  1", "",
		"#define LINK_STATS                  1", "",
		"#define IP_STATS                    1", "",
		"#define TCP_STATS                   1", "",
		"#define UDP_STATS                   1", "",
		"#define SYS_LIGHTWEIGHT_PROT        1", "#define SYS_LIGHTWEIGHT_PROT        0")
	if _, err := Build(BuildOptions{OutDir: t.TempDir(), LwipOpts: lean, Werror: true, Log: testLog{t}}); err != nil {
		t.Errorf("stats off / SYS_LIGHTWEIGHT_PROT 0: %v", err)
	}

	big := fixtureVariant(t, "#define TCP_WND                     (4 * TCP_MSS)", "#define TCP_WND                     (7 * TCP_MSS)")
	_, err := Build(BuildOptions{OutDir: t.TempDir(), LwipOpts: big, Werror: true})
	if err == nil || !strings.Contains(err.Error(), "does not fit the LAN9118 RX FIFO") {
		t.Errorf("TCP_WND 7*MSS: want the RX FIFO #error, got %v", err)
	}
}
