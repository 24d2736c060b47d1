package qemu

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// These tests need neither the cross compiler nor QEMU.

func TestRenderDefault(t *testing.T) {
	dir, err := FindTemplateDir()
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	files, err := Render(os.DirFS(dir), out, DefaultFirmwareData())
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"arch/cc.h", "lan9118.c", "lan9118.h", "link.ld", "main.c", "mpu.c", "mpu.h",
		"mps2_an500.h", "startup.c", "sys.c", "sys.h", "uart.c", "uart.h"}
	got := strings.Join(files, " ")
	for _, w := range want {
		if !strings.Contains(" "+got+" ", " "+w+" ") {
			t.Errorf("rendered files %v lack %s", files, w)
		}
	}
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if s := read("main.c"); !strings.Contains(s, "IP4_ADDR(&addr, 10, 0, 2, 15);") ||
		!strings.Contains(s, "#define ECHO_PORT          7\n") {
		t.Error("main.c: IP or echo port not rendered")
	}
	if s := read("sys.h"); !strings.Contains(s, "#define LWIPGEN_RX_BUDGET 8\n") {
		t.Error("sys.h: RxBudget not rendered")
	}
	if s := read("link.ld"); !strings.Contains(s, "__stack_size__ = 8192;") {
		t.Error("link.ld: StackSize not rendered")
	}
	// Empty MPU list: only the terminator entry.
	if s := read("mpu.c"); strings.Count(s, "0xFFFFFFFFu, 0u, 0u, NULL") != 1 || strings.Contains(s, "RO\"") {
		t.Errorf("mpu.c table with no regions:\n%s", s)
	}
}

func TestRenderMPUAndValidation(t *testing.T) {
	dir, err := FindTemplateDir()
	if err != nil {
		t.Fatal(err)
	}
	d := DefaultFirmwareData()
	d.MPU.Regions = ExampleMPURegions()
	out := t.TempDir()
	if _, err := Render(os.DirFS(dir), out, d); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(filepath.Join(out, "mpu.c"))
	if !strings.Contains(string(b), `{ 1u, 0x20000000u, 0x130B002Bu, "data SSRAM2/3 4 MiB RW XN" }`) {
		t.Errorf("region 1 not rendered as expected:\n%s", b)
	}

	bad := DefaultFirmwareData()
	bad.RxBudget = 0
	bad.MPU.Regions = []MPURegion{{Number: 0, RBAR: 0x20000100, RASR: 21<<1 | 1}} // 4 MiB region at unaligned base
	_, err = Render(os.DirFS(dir), t.TempDir(), bad)
	if err == nil || !strings.Contains(err.Error(), "RxBudget") || !strings.Contains(err.Error(), "not aligned") {
		t.Errorf("want RxBudget and alignment errors, got %v", err)
	}
}

const sampleConsole = "boot\r\n" +
	"@@stats begin seq=1 reason=periodic tag=- uptime_ms=10000\r\n" +
	"@@mem name=HEAP avail=100 used=0 max=0 err=0 illegal=0\r\n" +
	"@@stats end seq=1\r\n" +
	"noise @@stats begin seq=2 reason=udp tag=q1 uptime_ms=12000\r\n" +
	"@@mem name=HEAP avail=32768 used=10 max=6160 err=1 illegal=0\r\n" +
	"@@memp name=TCP_PCB avail=16 used=1 max=2 err=0 illegal=0\r\n" +
	"@@memp name=PBUF_POOL avail=24 used=0 max=5 err=3 illegal=0\r\n" +
	"@@proto name=TCP xmit=5 recv=6 drop=0 chkerr=0 lenerr=0 memerr=0 err=0\r\n" +
	"@@drv rx_frames=9 rx_nobuf=2 tx_frames=8\r\n" +
	"@@app discard_bytes=4194304 no_slot=0 write_err=0\r\n" +
	"@@stats end seq=2\r\n" +
	"@@stats begin seq=3 reason=uart tag=- uptime_ms=13000\r\n" +
	"@@mem name=HEAP avail=1" // incomplete: ignored

func TestParseStats(t *testing.T) {
	all := ParseAllStats(sampleConsole)
	if len(all) != 2 {
		t.Fatalf("got %d dumps, want 2", len(all))
	}
	s, err := ParseStats(sampleConsole)
	if err != nil {
		t.Fatal(err)
	}
	if s.Seq != 2 || s.Reason != "udp" || s.Tag != "q1" || s.UptimeMs != 12000 {
		t.Errorf("header: %+v", s)
	}
	if s.Heap.Avail != 32768 || s.Heap.Max != 6160 {
		t.Errorf("heap: %+v", s.Heap)
	}
	if p, ok := s.Pool("PBUF_POOL"); !ok || p.Err != 3 || p.Max != 5 {
		t.Errorf("PBUF_POOL: %+v %v", p, ok)
	}
	if s.Proto["TCP"]["recv"] != 6 || s.Driver["rx_frames"] != 9 || s.App["discard_bytes"] != 4194304 {
		t.Errorf("maps: %v %v %v", s.Proto, s.Driver, s.App)
	}
	probs := strings.Join(s.Problems(), "; ")
	for _, want := range []string{"HEAP err=1", "PBUF_POOL err=3", "rx_nobuf=2"} {
		if !strings.Contains(probs, want) {
			t.Errorf("Problems() = %q, lacks %q", probs, want)
		}
	}
	if p := all[0].Problems(); len(p) != 0 {
		t.Errorf("healthy dump reported %v", p)
	}
	if _, err := ParseStats("nothing here"); err == nil {
		t.Error("want error for text without a dump")
	}
}

func TestArgsLoopbackOnly(t *testing.T) {
	args := strings.Join(Args("fw.elf", map[Port]int{{"tcp", 7}: 40007, {"udp", 7777}: 40777}), " ")
	for _, want := range []string{
		"-M mps2-an500", "-monitor none", "-serial stdio", "-semihosting-config enable=on,target=native",
		"model=lan9118", "restrict=on",
		"hostfwd=tcp:127.0.0.1:40007-10.0.2.15:7", "hostfwd=udp:127.0.0.1:40777-10.0.2.15:7777",
	} {
		if !strings.Contains(args, want) {
			t.Errorf("args lack %q: %s", want, args)
		}
	}
	if strings.Count(args, "hostfwd=") != strings.Count(args, "hostfwd=tcp:127.0.0.1:")+strings.Count(args, "hostfwd=udp:127.0.0.1:") {
		t.Errorf("a forward is not bound to 127.0.0.1: %s", args)
	}
}
