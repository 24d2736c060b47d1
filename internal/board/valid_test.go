package board_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lwipgen/lwipgen/internal/board"
)

var builtinBoards = []string{"h743", "f767", "f407", "gd32f407", "zynq7035", "mps2-an500"}

func load(t *testing.T, s board.Source, name string) *board.Board {
	t.Helper()
	b, diags := s.Load(name)
	if len(diags) > 0 || b == nil {
		t.Fatalf("Load(%q):%s", name, describe(diags))
	}
	return b
}

func memory(t *testing.T, c *board.Chip, name string) board.Memory {
	t.Helper()
	m, ok := c.Memory(name)
	if !ok {
		t.Fatalf("chip %s has no memory %q (has %v)", c.Name, name, c.MemoryNames())
	}
	return m
}

func TestBuiltinBoardsDecode(t *testing.T) {
	names := board.Source{}.Names()
	for _, name := range builtinBoards {
		if !slices.Contains(names, name) {
			t.Errorf("Names() = %v, missing %q", names, name)
		}
		t.Run(name, func(t *testing.T) {
			b := load(t, board.Source{Options: fakeOptions{}}, name)
			if b.Name != name || b.File != "embedded:boards/"+name+".hcl" {
				t.Errorf("Name %q File %q", b.Name, b.File)
			}
			if b.Chip == nil || b.Vendor == "" || b.RTOS == "" || b.Workload.Profile == "" || b.Ethernet.SpeedMbps == 0 {
				t.Errorf("incomplete board: %+v", b)
			}
		})
	}
}

// Key values of the built-in boards are what their files (and their chips' files) say.
func TestBuiltinBoardValues(t *testing.T) {
	s := board.Source{}

	h := load(t, s, "h743")
	if h.Chip.Name != "stm32h743zi" || h.Chip.Core.MPURegions != 16 || !h.Chip.Core.DCache || h.Chip.Core.DCacheLine != 32 {
		t.Errorf("h743 chip: %s, core %+v", h.Chip.Name, h.Chip.Core)
	}
	if m := memory(t, h.Chip, "dtcm"); m.DMA || m.Base != 0x20000000 || m.Size != 128<<10 || m.Kind != "ram" {
		t.Errorf("h743 dtcm: %+v", m)
	}
	if m := memory(t, h.Chip, "flash"); m.Kind != "flash" || m.Size != 2<<20 {
		t.Errorf("h743 flash: %+v", m)
	}
	if h.Vendor != "cubemx" || h.RTOS != "freertos" || h.LwIPVersion != "2.1.3" || h.Seed != "000" {
		t.Errorf("h743: vendor %q rtos %q lwip %q seed %q", h.Vendor, h.RTOS, h.LwIPVersion, h.Seed)
	}
	wantEth := board.Ethernet{PHY: "LAN8742A", Interface: "rmii", SpeedMbps: 100, RxDescriptors: 8, TxDescriptors: 8,
		RxBuffers: 16, ChecksumOffload: true, MAC: "02:80:e1:00:00:01"}
	if h.Ethernet != wantEth {
		t.Errorf("h743 ethernet = %+v, want %+v", h.Ethernet, wantEth)
	}
	wantWl := board.Workload{Profile: "latency", TCPConnections: 5, TCPListeners: 2, UDPEndpoints: 2, TargetMbps: 90, RTTMs: 0.5, RxStreams: 5, LossPercent: 0.1, DHCP: true}
	if h.Workload != wantWl {
		t.Errorf("h743 workload = %+v, want %+v", h.Workload, wantWl)
	}
	if h.Memory.LwIPRegion != "sram1" || h.Memory.LwIPBudget != 120<<10 || h.Memory.DMARegion != "" {
		t.Errorf("h743 memory = %+v", h.Memory)
	}
	if r := h.RangeOf("memory.lwip_region"); r.Filename != "embedded:boards/h743.hcl" || r.Start.Line != 34 || r.Start.Column != 19 {
		t.Errorf("RangeOf(memory.lwip_region) = %s", r)
	}
	if r := h.RangeOf("ethernet.rx_buffers"); r.Start.Line != 17 || r.Start.Column != 24 {
		t.Errorf("RangeOf(ethernet.rx_buffers) = %s", r)
	}
	if r := h.RangeOf("workload.dns"); r != h.DeclRange || r.Start.Line != 3 {
		t.Errorf("RangeOf of a defaulted attribute = %s, want the board's declaration %s", r, h.DeclRange)
	}

	f7 := load(t, s, "f767")
	if f7.Chip.Core.MPURegions != 8 || !f7.Chip.Core.DCache || f7.RTOS != "none" {
		t.Errorf("f767: core %+v rtos %q", f7.Chip.Core, f7.RTOS)
	}
	if f7.Ethernet.MAC != "02:00:00:00:00:01" {
		t.Errorf("f767 default MAC = %q", f7.Ethernet.MAC)
	}

	f4 := load(t, s, "f407")
	if m := memory(t, f4.Chip, "ccm"); m.DMA || m.Base != 0x10000000 || m.Size != 64<<10 {
		t.Errorf("f407 ccm: %+v", m)
	}
	if f4.Chip.Core.DCache || f4.Chip.Core.CPU != "cortex-m4" || f4.Ethernet.PHY != "DP83848" {
		t.Errorf("f407: core %+v phy %q", f4.Chip.Core, f4.Ethernet.PHY)
	}

	gd := load(t, s, "gd32f407")
	if m := memory(t, gd.Chip, "tcmsram"); m.DMA || m.Size != 64<<10 {
		t.Errorf("gd32f407 tcmsram: %+v", m)
	}
	if gd.Vendor != "gd32" || gd.RTOS != "freertos" || gd.Chip.Ethernet.MaxSpeedMbps != 100 || gd.Chip.Ethernet.DescriptorSize != 16 {
		t.Errorf("gd32f407: vendor %q rtos %q chip ethernet %+v", gd.Vendor, gd.RTOS, gd.Chip.Ethernet)
	}

	z := load(t, s, "zynq7035")
	if z.Chip.Core.CPU != "cortex-a9" || z.Chip.Core.MMUSection != 1<<20 || z.Chip.Core.MemAlign != 64 || z.Chip.Core.Thumb {
		t.Errorf("zynq7035 core: %+v", z.Chip.Core)
	}
	if z.Ethernet.SpeedMbps != 1000 || z.Ethernet.RxBuffers != 512 || !z.Ethernet.ChecksumOffload || z.Workload.RTTMs != 0.3 {
		t.Errorf("zynq7035: ethernet %+v rtt %g", z.Ethernet, z.Workload.RTTMs)
	}
	if m := memory(t, z.Chip, "ocm_high"); m.Base != 0xFFFF0000 || m.Size != 65024 || m.End() != 0xFFFFFE00 {
		t.Errorf("zynq7035 ocm_high: %+v", m)
	}
	if z.Memory.LwIPBudget != 8<<20 || z.Memory.LwIPRegion != "ddr" {
		t.Errorf("zynq7035 memory: %+v", z.Memory)
	}

	q := load(t, s, "mps2-an500")
	if q.Chip.Ethernet.RxFIFOBytes != 10560 || q.Chip.Ethernet.DescriptorSize != 0 || q.Chip.Ethernet.MAC != "lan9118" {
		t.Errorf("mps2-an500 chip ethernet: %+v", q.Chip.Ethernet)
	}
	if q.Ethernet.Interface != "internal" || q.Ethernet.ChecksumOffload || q.Vendor != "standalone" {
		t.Errorf("mps2-an500: ethernet %+v vendor %q", q.Ethernet, q.Vendor)
	}
	if m, ok := q.Chip.MemoryAt(0x20001000); !ok || m.Name != "ssram23" {
		t.Errorf("MemoryAt(0x20001000) = %+v, %v", m, ok)
	}
}

const localsBoard = `locals {
  n     = 6
  twice = local.n * 2
  phy   = upper("lan8742a")
}
board "b" {
  chip   = "stm32h743zi"
  vendor = "cubemx"
  rtos   = "freertos"
  ethernet {
    phy            = local.phy
    interface      = "rmii"
    speed_mbps     = max(10, 100)
    rx_descriptors = local.n
    tx_descriptors = min(local.n, 4)
    rx_buffers     = local.n * 2
  }
  workload {
    profile         = "balanced"
    tcp_connections = local.twice - 10
    target_mbps     = floor(55.5)
    rtt_ms          = ceil(0.2)
  }
  memory {
    lwip_budget = local.twice * 1024
  }
  options {
    TCP_MSS  = 1460
    TCP_WND  = local.n * 1460
    MEM_SIZE = "16 * 1024"
    LWIP_DHCP = true
  }
}
`

func TestLocalsAndExpressions(t *testing.T) {
	b, diags := board.DecodeBoard([]byte(localsBoard), "locals.hcl", builtinChips(t), fakeOptions{})
	if len(diags) > 0 {
		t.Fatalf("diagnostics:%s", describe(diags))
	}
	want := board.Ethernet{PHY: "LAN8742A", Interface: "rmii", SpeedMbps: 100, RxDescriptors: 6, TxDescriptors: 4, RxBuffers: 12,
		ChecksumOffload: true, MAC: "02:00:00:00:00:01"}
	if b.Ethernet != want {
		t.Errorf("ethernet = %+v, want %+v", b.Ethernet, want)
	}
	if b.Workload.TCPConnections != 2 || b.Workload.TargetMbps != 55 || b.Workload.RTTMs != 1 {
		t.Errorf("workload = %+v", b.Workload)
	}
	if b.Memory.LwIPBudget != 12*1024 {
		t.Errorf("lwip_budget = %d", b.Memory.LwIPBudget)
	}
	var got []string
	for _, o := range b.Options {
		got = append(got, o.Name+"="+o.Expr)
	}
	if strings.Join(got, " ") != "LWIP_DHCP=1 MEM_SIZE=16 * 1024 TCP_MSS=1460 TCP_WND=8760" {
		t.Errorf("options = %q", got)
	}
	if o, ok := b.Option("TCP_WND"); !ok || !o.IsInt || o.Int != 8760 || o.Range.Start.Line != 29 {
		t.Errorf("Option(TCP_WND) = %+v, %v", o, ok)
	}
	if o, ok := b.Option("MEM_SIZE"); !ok || o.IsInt {
		t.Errorf("Option(MEM_SIZE) = %+v, %v", o, ok)
	}
	if _, ok := b.Option("PBUF_POOL_SIZE"); ok {
		t.Errorf("Option(PBUF_POOL_SIZE) found but not set")
	}
	if r := b.RangeOf("ethernet.rx_buffers"); r.Filename != "locals.hcl" || r.Start.Line != 16 || r.Start.Column != 22 {
		t.Errorf("RangeOf(ethernet.rx_buffers) = %s", r)
	}
}

const overrideBoard = `chip "my-h743" {
  base = "stm32h743zi"
  memory "axi_sram" {
    size = "256KiB"
  }
}
board "b" {
  chip   = "my-h743"
  vendor = "cubemx"
  rtos   = "none"
  ethernet {
    phy        = "LAN8742A"
    interface  = "rmii"
    speed_mbps = 100
  }
  workload { profile = "throughput" }
  memory { lwip_region = "axi_sram" }
}
`

func TestBoardLocalChipOverride(t *testing.T) {
	catalog := builtinChips(t)
	orig := catalog["stm32h743zi"]
	b, diags := board.DecodeBoard([]byte(overrideBoard), "override.hcl", catalog, nil)
	if len(diags) > 0 {
		t.Fatalf("diagnostics:%s", describe(diags))
	}
	c := b.Chip
	if c.Name != "my-h743" || c.DeclRange.Filename != "override.hcl" {
		t.Errorf("chip %q declared at %s", c.Name, c.DeclRange)
	}
	axi := memory(t, c, "axi_sram")
	if axi.Size != 256<<10 || axi.Base != 0x24000000 || !axi.DMA || !axi.Cacheable || axi.Note == "" || axi.DeclRange.Filename != "override.hcl" {
		t.Errorf("overridden axi_sram: %+v", axi)
	}
	if c.Core != orig.Core || c.Ethernet.MAC != orig.Ethernet.MAC || !slices.Equal(c.Flows, orig.Flows) || c.Family != "stm32h7" {
		t.Errorf("override lost base attributes: %+v", c)
	}
	if !slices.Equal(c.MemoryNames(), orig.MemoryNames()) {
		t.Errorf("memories %v, want %v", c.MemoryNames(), orig.MemoryNames())
	}
	for _, m := range orig.Memories {
		if got := memory(t, c, m.Name); m.Name != "axi_sram" && got != m {
			t.Errorf("memory %s changed: %+v, want %+v", m.Name, got, m)
		}
	}
	// The catalog's chip is untouched, and still used by boards that name it.
	if m := memory(t, catalog["stm32h743zi"], "axi_sram"); m.Size != 512<<10 {
		t.Errorf("the override changed the catalog chip: axi_sram %+v", m)
	}
}

func TestSizes(t *testing.T) {
	for _, c := range []struct {
		in   string
		want uint64
	}{
		{"0", 0}, {"4096", 4096}, {"12B", 12}, {"160KiB", 160 << 10}, {"160K", 160 << 10}, {"64 KB", 64 << 10},
		{" 64kib ", 64 << 10}, {"1MiB", 1 << 20}, {"2M", 2 << 20}, {"3mb", 3 << 20}, {"1GiB", 1 << 30}, {"4G", 4 << 30},
		{"0x1000", 0x1000}, {"0X30000000", 0x30000000}, {"0xFFFF0000", 0xFFFF0000}, {"0xffffffffffffffff", 1<<64 - 1},
	} {
		got, err := board.ParseSize(c.in)
		if err != nil || got != c.want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", c.in, got, err, c.want)
		}
	}
	for _, c := range []struct{ in, err string }{
		{"", "empty size"}, {"  ", "empty size"}, {"12QB", `unknown unit "QB"`}, {"KiB", "does not start with a number"},
		{"-1", "does not start with a number"}, {"0x", "not a hexadecimal number"}, {"0xZZ", "not a hexadecimal number"},
		{"99999999999999999999", "value out of range"}, {"17179869184GiB", "too large"}, {"1.5MiB", `unknown unit ".5MiB"`},
	} {
		if got, err := board.ParseSize(c.in); err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("ParseSize(%q) = %d, %v; want an error containing %q", c.in, got, err, c.err)
		}
	}
	for _, c := range []struct {
		in   uint64
		want string
	}{
		{0, "0B"}, {1, "1B"}, {1000, "1000B"}, {1024, "1KiB"}, {1536, "1536B"}, {120 << 10, "120KiB"}, {65024, "65024B"},
		{1 << 20, "1MiB"}, {1023 << 20, "1023MiB"}, {1 << 30, "1024MiB"}, {1<<20 + 1<<10, "1025KiB"},
	} {
		got := board.FormatSize(c.in)
		if got != c.want {
			t.Errorf("FormatSize(%d) = %q, want %q", c.in, got, c.want)
		}
		if back, err := board.ParseSize(got); err != nil || back != c.in {
			t.Errorf("ParseSize(FormatSize(%d)) = %d, %v", c.in, back, err)
		}
	}
}

const userChip = `chip "acme-m7" {
  base        = "stm32h743zi"
  description = "ACME's H743 with only the SRAMs it uses"
}
`

// A replacement of a built-in chip: not merged with it.
const userH743 = `chip "stm32h743zi" {
  family = "stm32h7"
  flows  = ["cubemx"]
  core {
    cpu         = "cortex-m7"
    dcache      = true
    dcache_line = 32
    mpu_regions = 8
  }
  memory "sram1" {
    base = "0x30000000"
    size = "128KiB"
    dma  = true
  }
  ethernet {
    mac              = "stm32h7-eqos"
    max_speed_mbps   = 100
    checksum_offload = true
    interfaces       = ["rmii"]
  }
}
`

const userBoard = `board "mine" {
  chip   = "acme-m7"
  vendor = "cubemx"
  rtos   = "none"
  ethernet {
    phy        = "LAN8742A"
    interface  = "rmii"
    speed_mbps = 100
  }
  workload { profile = "latency" }
  memory { lwip_region = "sram1" }
}
`

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestUserDirectory(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "mine.hcl"), userBoard)
	writeFile(t, filepath.Join(dir, "chips", "acme.hcl"), userChip)
	writeFile(t, filepath.Join(dir, "chips", "stm32h743zi.hcl"), userH743)
	s := board.Source{Dirs: []string{dir}}

	names := s.Names()
	if !slices.Contains(names, "mine") || !slices.Contains(names, "h743") {
		t.Errorf("Names() = %v", names)
	}
	b := load(t, s, "mine")
	if b.File != filepath.Join(dir, "mine.hcl") {
		t.Errorf("File = %q", b.File)
	}
	// (Which stm32h743zi acme-m7 inherits, built-in or the user's, depends on the order of the
	// files in chips/; not asserted here.)
	if b.Chip.Name != "acme-m7" || b.Chip.Description != "ACME's H743 with only the SRAMs it uses" || b.Chip.DeclRange.Filename != filepath.Join(dir, "chips", "acme.hcl") {
		t.Errorf("chip %q %q declared at %s", b.Chip.Name, b.Chip.Description, b.Chip.DeclRange)
	}

	// The built-in board h743 now runs on the user's stm32h743zi, which replaced the built-in one.
	h := load(t, s, "h743")
	if h.Chip.Core.MPURegions != 8 || !slices.Equal(h.Chip.MemoryNames(), []string{"sram1"}) || !slices.Equal(h.Chip.Flows, []string{"cubemx"}) {
		t.Errorf("h743 with the user's chip: core %+v memories %v flows %v", h.Chip.Core, h.Chip.MemoryNames(), h.Chip.Flows)
	}
	if h.File != "embedded:boards/h743.hcl" {
		t.Errorf("h743 File = %q", h.File)
	}

	// Without the directory, the built-in chip is back.
	if h := load(t, board.Source{}, "h743"); h.Chip.Core.MPURegions != 16 {
		t.Errorf("built-in h743 MPU regions = %d", h.Chip.Core.MPURegions)
	}

	// A board file loaded by path finds the chips/ next to it.
	byPath := load(t, board.Source{}, filepath.Join(dir, "mine.hcl"))
	if byPath.Chip.Name != "acme-m7" {
		t.Errorf("by path: chip %q", byPath.Chip.Name)
	}

	// A user board shadows a built-in board of the same name.
	writeFile(t, filepath.Join(dir, "f407.hcl"), strings.Replace(userBoard, `"mine"`, `"f407"`, 1))
	if f := load(t, s, "f407"); f.Chip.Name != "acme-m7" || f.File != filepath.Join(dir, "f407.hcl") {
		t.Errorf("f407 from the user directory: chip %q file %q", f.Chip.Name, f.File)
	}
}

func TestUserDirectoryErrors(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "chips", "a.hcl"), userChip)
	writeFile(t, filepath.Join(dir, "chips", "b.hcl"), "\n"+userChip)
	s := board.Source{Dirs: []string{dir}}
	_, diags := s.Chips()
	errs := errorsOf(diags)
	if len(errs) != 1 || errs[0].Summary != "Duplicate chip" || errs[0].Subject.Filename != filepath.Join(dir, "chips", "b.hcl") ||
		pos(errs[0].Subject) != "2:1" || !strings.Contains(errs[0].Detail, filepath.Join(dir, "chips", "a.hcl")) {
		t.Errorf("two user files defining one chip:%s", describe(errs))
	}

	_, diags = board.Source{Dirs: []string{dir}}.Load("nosuch")
	if !diags.HasErrors() || !strings.Contains(diags[0].Detail, `no board "nosuch"`) {
		t.Errorf("Load(nosuch):%s", describe(diags))
	}
	_, diags = board.Source{}.Load("h74")
	if !diags.HasErrors() || !strings.Contains(diags[0].Detail, `Did you mean "h743"?`) {
		t.Errorf("Load(h74):%s", describe(diags))
	}

	// An error in a user's board file names that file.
	bad := filepath.Join(t.TempDir(), "bad.hcl")
	writeFile(t, bad, strings.Replace(userBoard, `"acme-m7"`, `"stm32h743"`, 1))
	_, diags = board.Source{}.Load(bad)
	errs = errorsOf(diags)
	if len(errs) != 1 || errs[0].Summary != "Unknown chip" || errs[0].Subject.Filename != bad || pos(errs[0].Subject) != "2:12" {
		t.Errorf("Load(bad.hcl):%s", describe(errs))
	}
}
