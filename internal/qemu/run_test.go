package qemu

import (
	"context"
	"errors"
	"regexp"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// TestRun drives Run the way "mage run" will: it must print the loopback
// ports, stream the console, and stop QEMU (by PID) when ctx is cancelled.
func TestRun(t *testing.T) {
	requireQEMU(t)
	elfPath := buildFirmware(t, DefaultFirmwareData())

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	runCtx, stop := context.WithCancel(ctx)
	out := &lockedBuffer{}
	done := make(chan error, 1)
	go func() { done <- Run(runCtx, elfPath, nil, out) }()

	re := regexp.MustCompile(`running \(pid (\d+)\)`)
	var pid int
	for pid == 0 {
		if m := re.FindStringSubmatch(out.String()); m != nil && regexp.MustCompile(`press Ctrl-C`).MatchString(out.String()) {
			pid, _ = strconv.Atoi(m[1])
			break
		}
		select {
		case err := <-done:
			t.Fatalf("Run returned early: %v\n%s", err, out.String())
		case <-ctx.Done():
			t.Fatalf("Run did not come up:\n%s", out.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
	for _, want := range []string{"tcp/7    127.0.0.1:", "(echo)", "udp/7777", "lwipgen: up ip 10.0.2.15"} {
		if !regexp.MustCompile(regexp.QuoteMeta(want)).MatchString(out.String()) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	stop()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Run after cancel: %v", err)
		}
	case <-ctx.Done():
		t.Fatal("Run did not return after cancel")
	}
	if err := syscall.Kill(pid, 0); !errors.Is(err, syscall.ESRCH) {
		t.Errorf("QEMU pid %d still exists after Run returned (kill 0: %v)", pid, err)
	}
}
