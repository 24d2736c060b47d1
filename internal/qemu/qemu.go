package qemu

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/lwipgen/lwipgen/internal/spawn"
)

// QEMUBinary is the emulator used by Start.
const QEMUBinary = "qemu-system-arm"

// Port is a guest port to forward from a free 127.0.0.1 host port.
type Port struct {
	Proto string // "tcp" or "udp"
	Guest int
}

func (p Port) String() string { return fmt.Sprintf("%s/%d", p.Proto, p.Guest) }

// DefaultPorts forwards the firmware's services: echo, discard, chargen and
// the UDP stats trigger.
func DefaultPorts() []Port {
	return []Port{{"tcp", EchoPort}, {"tcp", DiscardPort}, {"tcp", ChargenPort}, {"udp", StatsUDPPort}}
}

// SlirpDropMarker is what QEMU prints on stderr each time slirp fails to
// hand a frame to the NIC. With the LAN9118 this is the RX FIFO being full
// (hw/net/lan9118.c returns -1 and implements neither RXDF nor RX_DROP), so
// these drops are invisible to the guest and are counted host-side instead.
const SlirpDropMarker = "Failed to send packet"

// Instance is a running QEMU mps2-an500 guest.
type Instance struct {
	ctx     context.Context // lifetime: QEMU gets SIGTERM when it is done
	cmd     *exec.Cmd
	pid     int
	stdin   io.WriteCloser
	console *lockedBuffer
	stderr  *lockedBuffer
	hosts   map[Port]int
	done    chan struct{}
	waitErr error

	stopOnce    sync.Once
	exitedEarly bool
	statsMu     sync.Mutex

	// tap back end (nil for slirp): where the guest is and how to reach it
	tap     netBackend
	guestIP string
	tapErr  error
}

// netBackend is a network the guest sits on other than slirp's 127.0.0.1
// forwards (the tap back end, tap_linux.go).
type netBackend interface {
	dial(ctx context.Context, network, addr string) (net.Conn, error)
	close() error
}

// lockedBuffer is a goroutine-safe append-only buffer with an optional tee.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
	tee io.Writer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.buf.Write(p)
	if b.tee != nil {
		_, _ = b.tee.Write(p)
	}
	return len(p), nil
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// freeHostPort asks the kernel for a free port on 127.0.0.1. QEMU binds it
// a moment later; if another process wins the race QEMU fails to start and
// Start retries with new ports.
func freeHostPort(proto string) (int, error) {
	switch proto {
	case "tcp":
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return 0, err
		}
		defer l.Close()
		return l.Addr().(*net.TCPAddr).Port, nil
	case "udp":
		c, err := net.ListenPacket("udp", "127.0.0.1:0")
		if err != nil {
			return 0, err
		}
		defer c.Close()
		return c.LocalAddr().(*net.UDPAddr).Port, nil
	}
	return 0, fmt.Errorf("unsupported protocol %q", proto)
}

// Args returns the qemu-system-arm command line for elf with the given
// host-port mapping. Networking is slirp user mode: restrict=on isolates
// the guest from the host and the outside world except for the hostfwd
// rules, and every rule binds 127.0.0.1 only.
func Args(elf string, hosts map[Port]int) []string {
	nic := "user,model=lan9118,net=10.0.2.0/24,restrict=on"
	ports := make([]Port, 0, len(hosts))
	for p := range hosts {
		ports = append(ports, p)
	}
	sortPorts(ports)
	for _, p := range ports {
		nic += fmt.Sprintf(",hostfwd=%s:127.0.0.1:%d-%s:%d", p.Proto, hosts[p], GuestIP, p.Guest)
	}
	return []string{
		"-M", "mps2-an500", "-nographic", "-monitor", "none",
		// Console on stdio: we read the firmware's output from QEMU's stdout
		// and send bytes to its UART0 through QEMU's stdin.
		"-serial", "stdio",
		// SYS_EXIT from fault handlers and assertions ends QEMU with status 1.
		"-semihosting-config", "enable=on,target=native",
		"-kernel", elf,
		"-nic", nic,
	}
}

func sortPorts(p []Port) {
	for i := 1; i < len(p); i++ {
		for j := i; j > 0 && (p[j].Proto < p[j-1].Proto || p[j].Proto == p[j-1].Proto && p[j].Guest < p[j-1].Guest); j-- {
			p[j], p[j-1] = p[j-1], p[j]
		}
	}
}

// Start boots elf in QEMU mps2-an500, forwarding each of ports from a free
// 127.0.0.1 host port, and returns once a real TCP echo round trip through
// the guest's echo port succeeds (hostfwd accepts connections on the host
// before the guest listens, so a successful connect proves nothing). ports
// must include tcp/7. ctx bounds the start-up and the instance's lifetime:
// QEMU is stopped when ctx is done or Stop is called.
func Start(ctx context.Context, elf string, ports []Port) (*Instance, error) {
	return start(ctx, elf, ports, 0, nil)
}

// start boots elf; offset > 0 forwards each guest port from 127.0.0.1 port
// guest+offset (fixed, for a client set up once), else from free ports.
func start(ctx context.Context, elf string, ports []Port, offset int, tee io.Writer) (*Instance, error) {
	if _, err := exec.LookPath(QEMUBinary); err != nil {
		return nil, fmt.Errorf("%s not found: %w", QEMUBinary, err)
	}
	if _, err := os.Stat(elf); err != nil {
		return nil, err
	}
	echo := Port{"tcp", EchoPort}
	hasEcho := false
	for _, p := range ports {
		if p == echo {
			hasEcho = true
		}
	}
	if !hasEcho {
		return nil, errors.New("ports must include tcp/7: readiness is an echo round trip")
	}
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		inst, err := startOnce(ctx, elf, ports, offset, tee)
		if err != nil && offset > 0 {
			return nil, err // a fixed port is not a race to retry
		}
		if err == nil {
			return inst, nil
		}
		lastErr = err
		// Only a lost race for a host port is worth retrying.
		if ctx.Err() != nil || !strings.Contains(err.Error(), "host forwarding") {
			break
		}
	}
	return nil, lastErr
}

func startOnce(ctx context.Context, elf string, ports []Port, offset int, tee io.Writer) (*Instance, error) {
	hosts := map[Port]int{}
	for _, p := range ports {
		if _, dup := hosts[p]; dup {
			return nil, fmt.Errorf("port %v listed twice", p)
		}
		if offset > 0 {
			if hp := p.Guest + offset; hp <= 65535 {
				hosts[p] = hp
				continue
			}
			return nil, fmt.Errorf("--port-offset %d puts guest port %d past 65535", offset, p.Guest)
		}
		hp, err := freeHostPort(p.Proto)
		if err != nil {
			return nil, err
		}
		hosts[p] = hp
	}

	inst := &Instance{
		ctx:     ctx,
		console: &lockedBuffer{tee: tee},
		stderr:  &lockedBuffer{},
		hosts:   hosts,
		done:    make(chan struct{}),
	}
	return inst, inst.launch(ctx, append([]string{QEMUBinary}, Args(elf, hosts)...))
}

// launch starts cmd (QEMU, possibly through `ip netns exec`) and waits for
// the guest to answer; on failure QEMU is stopped and the error says why.
func (inst *Instance) launch(ctx context.Context, args []string) error {
	// On ctx cancel or spawn.StopAll: SIGTERM (QEMU exits cleanly), SIGKILL
	// 3 s later. No wall clock or memory limit: QEMU runs as long as asked.
	cmd, release := spawn.Command(ctx, spawn.Limits{Grace: 3 * time.Second}, args...)
	cmd.Stdout = inst.console
	cmd.Stderr = inst.stderr
	procAttr(cmd.SysProcAttr)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		release()
		return err
	}
	inst.stdin = stdin
	if err := cmd.Start(); err != nil {
		release()
		return err
	}
	inst.cmd = cmd
	inst.pid = cmd.Process.Pid
	go func() {
		inst.waitErr = cmd.Wait()
		release()
		close(inst.done)
	}()

	if err := inst.waitReady(ctx); err != nil {
		_ = inst.Stop()
		return fmt.Errorf("%w\nqemu stderr:\n%s\nconsole:\n%s", err, inst.Stderr(), tail(inst.Console(), 2000))
	}
	return nil
}

func tail(s string, n int) string {
	if len(s) > n {
		return "..." + s[len(s)-n:]
	}
	return s
}

// BootMarker is printed by the firmware once its netif is up (receiver on,
// services listening); see main.c.tmpl.
const BootMarker = "lwipgen: up "

// BootMarkerWait is how long Start waits for BootMarker before probing the
// echo port anyway.
const BootMarkerWait = 5 * time.Second

// ReadyTimeout bounds the readiness wait when ctx has no earlier deadline.
// The firmware normally answers about 0.15 s after QEMU starts.
const ReadyTimeout = 30 * time.Second

func (inst *Instance) waitReady(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, ReadyTimeout)
	defer cancel()
	addr := inst.Addr("tcp", EchoPort)
	probe := []byte("lwipgen-ready-probe\n")
	var lastErr error

	// Do not send anything before the firmware has switched its receiver
	// on: QEMU's LAN9118 refuses frames while MAC_CR.RXEN is 0, and slirp
	// logs each as a SlirpDropMarker line, which would pollute the drop
	// count that tests use to detect RX FIFO overflows. The marker is only a
	// hint (a firmware without it is probed after BootMarkerWait); the echo
	// round trip below is the real readiness test.
	hint := time.After(BootMarkerWait)
	for !strings.Contains(inst.Console(), BootMarker) {
		select {
		case <-ctx.Done():
			return fmt.Errorf("guest did not boot: %w", ctx.Err())
		case <-inst.done:
			return fmt.Errorf("qemu exited during start-up: %v", inst.waitErr)
		case <-hint:
		case <-time.After(5 * time.Millisecond):
			continue
		}
		break
	}
	for delay := 20 * time.Millisecond; ; {
		select {
		case <-inst.done:
			return fmt.Errorf("qemu exited during start-up: %v", inst.waitErr)
		default:
		}
		if lastErr = echoOnce(ctx, inst.Dialer(), addr, probe); lastErr == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("guest not ready (no echo on %s): %v", addr, lastErr)
		case <-inst.done:
			return fmt.Errorf("qemu exited during start-up: %v", inst.waitErr)
		case <-time.After(delay):
		}
		if delay < 500*time.Millisecond {
			delay *= 2
		}
	}
}

func echoOnce(ctx context.Context, dial Dialer, addr string, probe []byte) error {
	dctx, cancel := context.WithTimeout(ctx, time.Second)
	c, err := dial(dctx, "tcp", addr)
	cancel()
	if err != nil {
		return err
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(time.Second))
	if _, err := c.Write(probe); err != nil {
		return err
	}
	got := make([]byte, len(probe))
	if _, err := io.ReadFull(c, got); err != nil {
		return err
	}
	if !bytes.Equal(got, probe) {
		return fmt.Errorf("echo mismatch: %q", got)
	}
	return nil
}

// PID is QEMU's process id.
func (inst *Instance) PID() int { return inst.pid }

// HostPort returns the 127.0.0.1 port that forwards to the guest port, or 0.
func (inst *Instance) HostPort(proto string, guest int) int {
	return inst.hosts[Port{proto, guest}]
}

// Addr returns the address a host-side client dials for a guest port:
// "127.0.0.1:PORT" for a slirp forward ("" if not forwarded), or the
// guest's own address on the tap back end (reachable only through Dialer).
func (inst *Instance) Addr(proto string, guest int) string {
	if inst.tap != nil {
		return net.JoinHostPort(inst.guestIP, strconv.Itoa(guest))
	}
	hp := inst.HostPort(proto, guest)
	if hp == 0 {
		return ""
	}
	return net.JoinHostPort("127.0.0.1", strconv.Itoa(hp))
}

// Ports returns the forwarding table (guest port -> host port).
func (inst *Instance) Ports() map[Port]int {
	m := make(map[Port]int, len(inst.hosts))
	for k, v := range inst.hosts {
		m[k] = v
	}
	return m
}

// Dialer connects to the guest: on slirp to 127.0.0.1 forwards only, on
// the tap back end from inside its network namespace.
func (inst *Instance) Dialer() Dialer {
	if inst.tap != nil {
		return inst.tap.dial
	}
	return loopbackDial
}

// Net is "slirp" or "tap".
func (inst *Instance) Net() string {
	if inst.tap != nil {
		return "tap"
	}
	return "slirp"
}

// Console returns the guest's UART0 output so far (CR LF line ends).
func (inst *Instance) Console() string { return inst.console.String() }

// Stderr returns QEMU's own diagnostics so far.
func (inst *Instance) Stderr() string { return inst.stderr.String() }

// SlirpDrops counts frames slirp could not deliver to the LAN9118 (its RX
// FIFO was full); see SlirpDropMarker.
func (inst *Instance) SlirpDrops() int {
	return strings.Count(inst.Stderr(), SlirpDropMarker)
}

// Done is closed when QEMU has exited.
func (inst *Instance) Done() <-chan struct{} { return inst.done }

// Err is QEMU's exit error once Done is closed (nil for exit status 0).
func (inst *Instance) Err() error {
	select {
	case <-inst.done:
		return inst.waitErr
	default:
		return nil
	}
}

// SendConsole writes bytes to the guest's UART0 (QEMU's stdin).
func (inst *Instance) SendConsole(b []byte) error {
	_, err := inst.stdin.Write(b)
	return err
}

// Stop terminates QEMU: SIGTERM to the PID it started (QEMU shuts down
// cleanly), SIGKILL to the same PID if it is still there after 3 s, then
// waits for it. It never signals anything else. Safe to call repeatedly.
// It returns QEMU's exit error only if QEMU had already exited on its own
// (e.g. a firmware fault ended it through semihosting), not when the
// instance's context stopped it.
func (inst *Instance) Stop() error {
	inst.stopOnce.Do(func() {
		defer func() {
			// the tap back end goes once QEMU is gone (it holds the guest's tap)
			if inst.tap != nil {
				inst.tapErr = inst.tap.close()
			}
		}()
		select {
		case <-inst.done:
			// Already gone: on its own, unless ctx ended it (a requested stop).
			inst.exitedEarly = inst.ctx.Err() == nil
			return
		default:
		}
		_ = inst.stdin.Close()
		_ = inst.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-inst.done:
		case <-time.After(3 * time.Second):
			_ = inst.cmd.Process.Kill()
			<-inst.done
		}
	})
	<-inst.done
	if inst.tapErr != nil {
		return fmt.Errorf("tap back end cleanup: %w", inst.tapErr)
	}
	if inst.exitedEarly {
		return inst.waitErr
	}
	return nil
}
