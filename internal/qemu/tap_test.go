//go:build linux

package qemu

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/pipeline"
	"github.com/lwipgen/lwipgen/internal/render"
	"github.com/lwipgen/lwipgen/internal/testenv"
)

func requireTap(t *testing.T) {
	t.Helper()
	requireQEMU(t)
	testenv.Tool(t, "ip")
	if err := CanTap(); err != nil {
		testenv.Missing(t, "root and /dev/net/tun", err.Error())
	}
}

// buildTapFirmware builds the mps2-an500 firmware with lwipgen's generated
// lwipopts.h, addressed for the tap back end (192.0.2.2).
func buildTapFirmware(t *testing.T) string {
	t.Helper()
	requireToolchain(t)
	g, diags := pipeline.Prepare(pipeline.Options{Board: "mps2-an500", Source: board.Source{}})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	opts, err := render.LwipOpts(g.Plan)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	optsPath := filepath.Join(dir, "lwipopts.h")
	if err := os.WriteFile(optsPath, opts.Content, 0o644); err != nil {
		t.Fatal(err)
	}
	data := DefaultFirmwareData()
	data.RxBudget = g.Plan.Driver.RxBudget
	data.Net = TapNetConfig()
	elf, err := BuildContext(context.Background(), BuildOptions{OutDir: dir, LwipOpts: optsPath, Data: &data, Log: testLog{t}})
	if err != nil {
		t.Fatal(err)
	}
	return elf
}

// nothingLeft checks that the namespace, its devices and QEMU are gone.
func nothingLeft(t *testing.T, ns string, pid int) {
	t.Helper()
	left, err := LeftoverNetns()
	if err != nil {
		t.Fatal(err)
	}
	if slices.Contains(left, ns) {
		t.Errorf("namespace %s still exists", ns)
	}
	if _, err := os.Stat("/run/netns/" + ns); err == nil {
		t.Errorf("/run/netns/%s still exists", ns)
	}
	for _, dev := range []string{tapGuest, tapHost, bridgeDev, vethBr, vethHost} {
		if _, err := net.InterfaceByName(dev); err == nil {
			t.Errorf("device %s exists in the host namespace", dev)
		}
	}
	if pid > 0 {
		if cmd, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline"); err == nil && strings.Contains(string(cmd), QEMUBinary) {
			t.Errorf("QEMU pid %d still running", pid)
		}
	}
}

// TestTapLossyTransfer is the tap back end end to end: a namespace with the
// guest's tap and the Linux peer, 1 % loss each way and 1 ms added round
// trip, 4 MiB each way through the echo service (every byte checked),
// then nothing left behind.
func TestTapLossyTransfer(t *testing.T) {
	requireTap(t)
	elf := buildTapFirmware(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	imp := Impair{Delay: time.Millisecond, Loss: 0.01, Seed: 21}
	inst, err := StartTap(ctx, elf, TapOptions{Impair: imp})
	if err != nil {
		t.Fatal(err)
	}
	ns, pid := inst.Netns(), inst.PID()
	defer inst.Stop()
	if !strings.HasPrefix(ns, NetnsPrefix) {
		t.Fatalf("namespace %q", ns)
	}
	t.Logf("tap back end: %s in %s (%s)", inst.TapMode(), ns, imp)

	// 4 MiB each way, byte for byte, on two concurrent echo connections of
	// 2 MiB (a frame lost guest->host costs lwIP a retransmission timeout of
	// over a second with its 4-segment send buffer; two connections overlap
	// those stalls and keep the test near a minute)
	const size, conns = 4 << 20, 2
	t0 := time.Now()
	errc := make(chan error, conns)
	for k := 0; k < conns; k++ {
		msg := make([]byte, size/conns)
		for i := range msg {
			msg[i] = byte(i*31 + i>>9 + k*101)
		}
		go func() { errc <- EchoVia(ctx, inst.Dialer(), inst.Addr("tcp", EchoPort), msg) }()
	}
	for k := 0; k < conns; k++ {
		if err := <-errc; err != nil {
			t.Fatalf("echo through %s: %v", imp, err)
		}
	}
	t.Logf("echo 4 MiB each way (%d connections): %v", conns, time.Since(t0).Round(time.Millisecond))
	st, err := inst.Stats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got := st.App["echo_bytes"]; got < size {
		t.Errorf("guest echoed %d bytes, want >= %d", got, size)
	}
	ts, err := inst.TapStats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("tap stats: %+v", ts)
	if ts.Mode == "impairer" {
		// the loss model really dropped frames in both directions
		for name, c := range map[string]LinkCounters{"host->guest": ts.HostToGuest, "guest->host": ts.GuestToHost} {
			if c.Frames < 1000 || c.Lost == 0 {
				t.Errorf("%s: %d frames, %d lost: the impairer did not see or drop traffic", name, c.Frames, c.Lost)
			}
			if rate := float64(c.Lost) / float64(c.Frames); rate < 0.004 || rate > 0.02 {
				t.Errorf("%s: loss rate %.4f, want about 0.01", name, rate)
			}
		}
	}
	t.Logf("guest: %s", st)
	if err := inst.Stop(); err != nil {
		t.Fatal(err)
	}
	nothingLeft(t, ns, pid)
}

// TestTapCleanupOnFailure: a QEMU that cannot boot (no valid ELF) still
// leaves no namespace behind, and neither does a cancelled start.
func TestTapCleanupOnFailure(t *testing.T) {
	requireTap(t)
	before, err := LeftoverNetns()
	if err != nil {
		t.Fatal(err)
	}
	bogus := filepath.Join(t.TempDir(), "not.elf")
	if err := os.WriteFile(bogus, []byte("not an ELF"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if _, err := StartTap(ctx, bogus, TapOptions{}); err == nil {
		t.Fatal("StartTap with a bogus ELF succeeded")
	}
	cctx, ccancel := context.WithCancel(context.Background())
	ccancel()
	if _, err := StartTap(cctx, bogus, TapOptions{}); err == nil {
		t.Fatal("StartTap with a cancelled context succeeded")
	}
	after, err := LeftoverNetns()
	if err != nil {
		t.Fatal(err)
	}
	for _, ns := range after {
		if !slices.Contains(before, ns) {
			t.Errorf("namespace %s left behind", ns)
		}
	}
	if _, err := StartTap(ctx, bogus, TapOptions{Impair: Impair{Loss: 2}}); err == nil || !strings.Contains(err.Error(), "loss") {
		t.Errorf("loss 200 %%: %v, want a loss error", err)
	}
}
