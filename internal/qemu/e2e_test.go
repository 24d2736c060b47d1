package qemu

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/lwipgen/lwipgen/internal/board"
	_ "github.com/lwipgen/lwipgen/internal/flows/all"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/spawn"
	"github.com/lwipgen/lwipgen/internal/testenv"
)

// End-to-end: build the firmware from the templates + lwIP 2.1.3, boot it
// in QEMU mps2-an500 and exercise every service through 127.0.0.1-only
// forwards. Time is bounded by context deadlines; throughput is logged, never
// asserted.

const (
	streamSize = 4 << 20 // bytes per one-way stream
	e2eTimeout = 5 * time.Minute
)

func requireQEMU(t *testing.T) {
	t.Helper()
	testenv.Tool(t, QEMUBinary)
}

func mbps(n int, d time.Duration) string {
	return fmt.Sprintf("%.1f MB/s", float64(n)/d.Seconds()/1e6)
}

// TestE2E boots the firmware that `lwipgen build --board mps2-an500` makes
// (generated lwipopts.h, layout, MPU protection map) and runs real traffic.
func TestE2E(t *testing.T) {
	requireQEMU(t)
	requireToolchain(t)
	out := t.TempDir()
	built, diags := pipeline.Build(context.Background(), pipeline.Options{Board: "mps2-an500", Source: board.Source{}, Out: out, Jobs: 2})
	if diags.HasErrors() || built == nil || !built.OK {
		t.Fatalf("lwipgen build mps2-an500: %v", diags)
	}
	if n := len(built.Layout.Protection); n != 2 {
		t.Fatalf("expected the code/data MPU protection map, got %d regions", n)
	}
	runE2E(t, built.ELF)
}

// TestE2EFixture runs the same traffic against the firmware built from the
// hand-written fixture lwipopts.h, with the example MPU table.
func TestE2EFixture(t *testing.T) {
	if testing.Short() {
		t.Skip("short mode")
	}
	requireQEMU(t)
	data := DefaultFirmwareData()
	data.MPU.Regions = ExampleMPURegions() // run with the MPU actually enforcing a table
	elfPath := buildFirmware(t, data)
	checkLwipRAM(t, elfPath)
	runE2E(t, elfPath)
}

func runE2E(t *testing.T, elfPath string) {

	ctx, cancel := context.WithTimeout(context.Background(), e2eTimeout)
	defer cancel()

	t0 := time.Now()
	inst, err := Start(ctx, elfPath, DefaultPorts())
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	t.Logf("QEMU pid %d ready (echo round trip) after %v; ports %v", inst.PID(), time.Since(t0).Round(time.Millisecond), inst.Ports())
	t.Cleanup(func() {
		if err := inst.Stop(); err != nil {
			t.Errorf("QEMU had exited by itself: %v", err)
		}
		if t.Failed() || testing.Verbose() {
			t.Logf("guest console:\n%s", tail(inst.Console(), 6000))
			t.Logf("qemu stderr:\n%s", tail(inst.Stderr(), 2000))
		}
	})

	base, err := inst.StatsUDP(ctx)
	baseWall := time.Now()
	if err != nil {
		t.Fatalf("stats via UDP trigger: %v", err)
	}
	if len(base.Pools) == 0 || base.Driver == nil || base.App == nil {
		t.Fatalf("incomplete stats dump: %+v", base)
	}

	t.Run("idle-cpu", func(t *testing.T) {
		// Informational: with WFI in the idle loop QEMU should use only a few
		// percent of a host core (busy polling would be ~100 %).
		if pct, ok := cpuPercent(inst.PID(), time.Second); ok {
			t.Logf("idle QEMU CPU: %.1f%% of one core", pct)
		}
	})

	t.Run("echo", func(t *testing.T) {
		rng := rand.New(rand.NewSource(1))
		for _, n := range []int{1, 100, 1460, 1461, 8 << 10, 64 << 10} {
			msg := make([]byte, n)
			rng.Read(msg)
			start := time.Now()
			if err := echoExchange(ctx, inst.Addr("tcp", EchoPort), msg); err != nil {
				t.Fatalf("echo %d bytes: %v", n, err)
			}
			t.Logf("echo %6d B ok in %v", n, time.Since(start).Round(time.Microsecond))
		}
	})

	logDrops(t, inst, "before discard-upload")
	t.Run("discard-upload", func(t *testing.T) {
		before, err := inst.Stats(ctx)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		if err := upload(ctx, inst.Addr("tcp", DiscardPort), streamSize); err != nil {
			t.Fatal(err)
		}
		el := time.Since(start)
		t.Logf("discard: %d bytes host->guest in %v (%s)", streamSize, el.Round(time.Millisecond), mbps(streamSize, el))
		// The guest closed after our FIN, so it has counted every byte; the
		// dump must say so (32-bit guest counters: compare modulo 2^32).
		after, err := inst.Stats(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if got := uint32(after.App["discard_bytes"] - before.App["discard_bytes"]); got != streamSize {
			t.Errorf("guest counted %d discarded bytes, sent %d", got, streamSize)
		}
		if got := after.App["discard_last"]; got != streamSize {
			t.Errorf("guest discard_last=%d, want %d", got, streamSize)
		}
	})

	logDrops(t, inst, "before chargen-download")
	t.Run("chargen-download", func(t *testing.T) {
		start := time.Now()
		if err := download(ctx, inst.Addr("tcp", ChargenPort), streamSize); err != nil {
			t.Fatal(err)
		}
		el := time.Since(start)
		t.Logf("chargen: %d bytes guest->host in %v (%s), pattern verified", streamSize, el.Round(time.Millisecond), mbps(streamSize, el))
	})

	logDrops(t, inst, "before echo-bulk")
	t.Run("echo-bulk", func(t *testing.T) {
		// Informational: both directions at once.
		msg := make([]byte, streamSize)
		rand.New(rand.NewSource(2)).Read(msg)
		start := time.Now()
		if err := echoExchange(ctx, inst.Addr("tcp", EchoPort), msg); err != nil {
			t.Fatal(err)
		}
		el := time.Since(start)
		t.Logf("echo bulk: %d bytes each way in %v (%s per direction)", streamSize, el.Round(time.Millisecond), mbps(streamSize, el))
	})

	logDrops(t, inst, "before final-stats")
	t.Run("final-stats", func(t *testing.T) {
		// Both triggers must work; the UART one is checked here, UDP above.
		st, err := inst.Stats(ctx)
		if err != nil {
			t.Fatal(err)
		}
		t.Log(st)
		t.Logf("guest clock: %d ms of uptime between the first and last dump (host wall clock %v)",
			st.UptimeMs-base.UptimeMs, time.Since(baseWall).Round(time.Millisecond))
		for _, p := range st.Problems() {
			t.Errorf("stats problem: %s", p)
		}
		if st.Driver["rx_frames"] == 0 || st.Driver["tx_frames"] == 0 || st.Driver["rx_irqs"] == 0 {
			t.Errorf("driver counters look dead: %v", st.Driver)
		}
		if len(st.Pools) < 5 {
			t.Errorf("only %d memp pools in the dump", len(st.Pools))
		}
		// Drops inside QEMU's LAN9118 model are invisible to the guest
		// (no RXDF/RX_DROP in the model); slirp reports them on stderr.
		if n := inst.SlirpDrops(); n != 0 {
			t.Errorf("slirp could not deliver %d frames (LAN9118 RX FIFO full: is TCP_WND <= 6*MSS?)", n)
		}
		if strings.Contains(inst.Console(), "*** F") {
			t.Errorf("fatal/fault message on the console")
		}
	})
}

// cpuPercent samples QEMU's user+system CPU time from /proc (Linux only).
func cpuPercent(pid int, over time.Duration) (float64, bool) {
	read := func() (float64, bool) {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			return 0, false
		}
		s := string(b)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if len(f) < 13 {
			return 0, false
		}
		ut, _ := strconv.ParseFloat(f[11], 64)
		st, _ := strconv.ParseFloat(f[12], 64)
		return (ut + st) / 100, true // USER_HZ is 100 on Linux
	}
	a, ok1 := read()
	start := time.Now()
	time.Sleep(over)
	b, ok2 := read()
	if !ok1 || !ok2 {
		return 0, false
	}
	return (b - a) / time.Since(start).Seconds() * 100, true
}

// logDrops notes slirp drops so far, to attribute any to a phase.
func logDrops(t *testing.T, inst *Instance, phase string) {
	t.Helper()
	if n := inst.SlirpDrops(); n != 0 {
		t.Logf("%s: %d slirp drop(s) so far", phase, n)
	}
}

// TestFaultReport checks the fault path end to end: with the example MPU
// table the code SSRAM is read-only, so the firmware's self-test store to
// 0x100 must raise a MemManage fault whose handler prints CFSR/MMFAR and
// ends QEMU with a failing semihosting exit.
func TestFaultReport(t *testing.T) {
	requireQEMU(t)
	data := DefaultFirmwareData()
	data.MPU.Regions = ExampleMPURegions()
	data.FaultTestAddr = 0x100
	elfPath := buildFirmware(t, data)

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd, release := spawn.Command(ctx, spawn.Limits{}, append([]string{QEMUBinary}, Args(elfPath, nil)...)...)
	defer release()
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	procAttr(cmd.SysProcAttr)
	err := cmd.Run()
	console := out.String()
	var exitErr *exec.ExitError
	if !errors.As(err, &exitErr) || exitErr.ExitCode() != 1 {
		t.Fatalf("want QEMU exit status 1 via semihosting, got %v\n%s", err, console)
	}
	for _, want := range []string{"*** FAULT: MemManage", "CFSR=0x00000082", "MMFAR=0x00000100"} {
		if !strings.Contains(console, want) {
			t.Errorf("console lacks %q:\n%s", want, console)
		}
	}
	if strings.Contains(console, "store did NOT fault") {
		t.Error("the store to read-only code memory did not fault")
	}
}

// The traffic helpers live in traffic.go (the benchmark uses them too).
var (
	echoExchange = Echo
	upload       = Upload
	download     = Download
)
