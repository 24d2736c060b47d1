//go:build linux

package qemu

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"
	"unsafe"

	"github.com/lwipgen/lwipgen/internal/spawn"
)

// Device names inside the namespace (they are local to it, so fixed names
// cannot clash with the host's or another run's).
const (
	tapHost   = "lwh0"  // impairer: the tap the host stack (192.0.2.1) sits on
	bridgeDev = "lwbr0" // netem: bridges the guest tap and the host veth
	vethBr    = "lwva"  // netem: bridge side of the host veth
	vethHost  = "lwvb"  // netem: host stack side (192.0.2.1)
)

// tapNet is one tap back end: a namespace with the guest's tap, the host
// stack's address and the impairment between them.
type tapNet struct {
	ns      *netns
	mode    string // "netem" or "impairer"
	imp     Impair
	cancel  context.CancelFunc
	wg      sync.WaitGroup
	files   []*os.File
	h2g     linkCounters
	g2h     linkCounters
	fwdErrs []error
	mu      sync.Mutex
}

// setupTap creates the namespace and devices. On any error everything made
// so far is removed.
func setupTap(ctx context.Context, imp Impair, forceImpairer bool) (_ *tapNet, err error) {
	if err := CanTap(); err != nil {
		return nil, err
	}
	if err := imp.Validate(); err != nil {
		return nil, err
	}
	ns, err := newNetns(ctx)
	if err != nil {
		return nil, err
	}
	t := &tapNet{ns: ns, imp: imp}
	defer func() {
		if err != nil {
			t.close()
		}
	}()
	// No IPv6 in the namespace: router solicitations and DAD would only add
	// frames the guest (IPv4 only) has to receive and drop.
	for _, k := range []string{"net.ipv6.conf.all.disable_ipv6", "net.ipv6.conf.default.disable_ipv6"} {
		if err := ns.sysctl(k, "1"); err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("sysctl %s in %s: %w", k, ns.name, err)
		}
	}
	steps := [][]string{
		{"link", "set", "lo", "up"},
		{"tuntap", "add", "dev", tapGuest, "mode", "tap"},
	}
	for _, s := range steps {
		if err := ns.ip(ctx, s...); err != nil {
			return nil, err
		}
	}
	if !forceImpairer && t.netemWorks(ctx) {
		t.mode = "netem"
		return t, t.setupNetem(ctx)
	}
	t.mode = "impairer"
	return t, t.setupImpairer(ctx)
}

// netemWorks tries a netem qdisc on the guest tap (this kernel may lack
// sch_netem) and removes it again.
func (t *tapNet) netemWorks(ctx context.Context) bool {
	if _, err := spawn.CombinedOutput(ctx, "tc", "-n", t.ns.name, "qdisc", "add", "dev", tapGuest, "root", "netem", "delay", "0ms"); err != nil {
		return false
	}
	_, _ = spawn.CombinedOutput(ctx, "tc", "-n", t.ns.name, "qdisc", "del", "dev", tapGuest, "root")
	return true
}

// NetemArgs are the tc qdisc arguments for one direction (exported for the
// unit test; see Impair for which direction gets what).
func NetemArgs(imp Impair, hostToGuest bool) []string {
	a := []string{"netem", "limit", fmt.Sprint(ImpairQueueLimit)}
	if hostToGuest && imp.Delay > 0 {
		a = append(a, "delay", fmt.Sprintf("%dus", imp.Delay.Microseconds()))
		if imp.Jitter > 0 {
			a = append(a, fmt.Sprintf("%dus", imp.Jitter.Microseconds()))
		}
	}
	if imp.Loss > 0 {
		a = append(a, "loss", fmt.Sprintf("%g%%", imp.Loss*100))
	}
	return a
}

// setupNetem: bridge lwbr0 joins the guest tap and one end of a veth pair;
// the other end carries 192.0.2.1. netem on the guest tap shapes
// host->guest, netem on the bridge's veth end shapes guest->host.
func (t *tapNet) setupNetem(ctx context.Context) error {
	steps := [][]string{
		{"link", "add", bridgeDev, "type", "bridge"},
		{"link", "add", vethBr, "type", "veth", "peer", "name", vethHost},
		{"link", "set", tapGuest, "master", bridgeDev},
		{"link", "set", vethBr, "master", bridgeDev},
		{"addr", "add", TapHostIP.String() + "/24", "dev", vethHost},
		{"link", "set", bridgeDev, "up"},
		{"link", "set", vethBr, "up"},
		{"link", "set", vethHost, "up"},
		{"link", "set", tapGuest, "up"},
	}
	for _, s := range steps {
		if err := t.ns.ip(ctx, s...); err != nil {
			return err
		}
	}
	if t.imp.None() {
		return nil
	}
	for _, d := range []struct {
		dev string
		h2g bool
	}{{tapGuest, true}, {vethBr, false}} {
		args := append([]string{"-n", t.ns.name, "qdisc", "add", "dev", d.dev, "root"}, NetemArgs(t.imp, d.h2g)...)
		if out, err := spawn.CombinedOutput(ctx, append([]string{"tc"}, args...)...); err != nil {
			return fmt.Errorf("tc %s: %v: %s", strings.Join(args, " "), err, out)
		}
	}
	return nil
}

// setupImpairer: the host stack sits on a second tap (lwh0, opened here),
// and this process forwards frames between it and the guest tap (read and
// written through an AF_PACKET socket bound to lwq0), applying the
// impairment. lwq0 has no address, ARP off and IPv6 off, so the kernel never
// answers the guest on it directly: the guest's frames are addressed to
// lwh0's MAC and reach the host stack only through the forwarder.
func (t *tapNet) setupImpairer(ctx context.Context) error {
	if err := t.ns.ip(ctx, "link", "set", tapGuest, "arp", "off", "up"); err != nil {
		return err
	}
	var hostTap, pkt *os.File
	err := t.ns.do(func() error {
		var err error
		if hostTap, err = openTap(tapHost); err != nil {
			return err
		}
		ifi, err := net.InterfaceByName(tapGuest)
		if err != nil {
			return err
		}
		pkt, err = packetSocket(ifi.Index)
		return err
	})
	if hostTap != nil {
		t.files = append(t.files, hostTap)
	}
	if pkt != nil {
		t.files = append(t.files, pkt)
	}
	if err != nil {
		return err
	}
	for _, s := range [][]string{
		{"addr", "add", TapHostIP.String() + "/24", "dev", tapHost},
		{"link", "set", tapHost, "up"},
	} {
		if err := t.ns.ip(ctx, s...); err != nil {
			return err
		}
	}
	fctx, cancel := context.WithCancel(context.Background())
	t.cancel = cancel
	run := func(src FrameReader, dst *os.File, delay, jitter time.Duration, dir uint64, c *linkCounters) {
		defer t.wg.Done()
		if err := forward(fctx, src, dst, delay, jitter, t.imp.Loss, newRand(t.imp.Seed, dir), c); err != nil && !errors.Is(err, os.ErrClosed) {
			t.mu.Lock()
			t.fwdErrs = append(t.fwdErrs, err)
			t.mu.Unlock()
		}
	}
	t.wg.Add(2)
	go run(hostTap, pkt, t.imp.Delay, t.imp.Jitter, 1, &t.h2g)
	go run(pkt, hostTap, 0, 0, 2, &t.g2h)
	return nil
}

// close stops the forwarder and removes the namespace with everything in it.
func (t *tapNet) close() error {
	if t.cancel != nil {
		t.cancel()
	}
	for _, f := range t.files {
		_ = f.Close() // wakes the forwarder's blocked reads
	}
	t.wg.Wait()
	return t.ns.remove()
}

// Counters returns the impairer's per-direction counts (zero with netem).
func (t *tapNet) counters() (h2g, g2h LinkCounters) { return t.h2g.snapshot(), t.g2h.snapshot() }

// guestTapStats reads the guest tap's kernel counters: tx = frames handed
// to QEMU, tx_dropped = frames the tap queue dropped because QEMU did not
// read them in time.
func (t *tapNet) guestTapStats(ctx context.Context) (tx, txDropped uint64, err error) {
	out, err := spawn.Output(ctx, "ip", "-n", t.ns.name, "-s", "-j", "link", "show", "dev", tapGuest)
	if err != nil {
		return 0, 0, fmt.Errorf("ip -s link show %s: %w", tapGuest, err)
	}
	var links []struct {
		Stats64 struct {
			TX struct {
				Packets uint64 `json:"packets"`
				Dropped uint64 `json:"dropped"`
			} `json:"tx"`
		} `json:"stats64"`
	}
	if err := json.Unmarshal(out, &links); err != nil || len(links) != 1 {
		return 0, 0, fmt.Errorf("ip -s -j link show %s: unexpected output %q", tapGuest, out)
	}
	return links[0].Stats64.TX.Packets, links[0].Stats64.TX.Dropped, nil
}

// qemuCommand starts QEMU inside the namespace: `ip netns exec` enters it
// and execs QEMU, so the PID is QEMU's own.
func (t *tapNet) qemuCommand(elf string) []string {
	return append([]string{"ip", "netns", "exec", t.ns.name, QEMUBinary}, TapArgs(elf)...)
}

// dial connects from inside the namespace (the socket is created there),
// only to the guest's subnet: nothing else is reachable from it anyway.
func (t *tapNet) dial(ctx context.Context, network, addr string) (net.Conn, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	ip := net.ParseIP(host)
	if ip == nil || !tapSubnet.Contains(ip) {
		return nil, fmt.Errorf("refusing %q: the tap back end only reaches %v", addr, tapSubnet)
	}
	var c net.Conn
	err = t.ns.do(func() error {
		d := net.Dialer{Timeout: 5 * time.Second}
		var err error
		c, err = d.DialContext(ctx, network, addr)
		return err
	})
	return c, err
}

// openTap creates (in the calling thread's namespace) a non-persistent tap
// without packet information headers: one read or write is one frame. It
// disappears when the descriptor is closed.
func openTap(name string) (*os.File, error) {
	fd, err := syscall.Open("/dev/net/tun", syscall.O_RDWR|syscall.O_CLOEXEC, 0)
	if err != nil {
		return nil, fmt.Errorf("open /dev/net/tun: %w", err)
	}
	var ifr struct {
		name  [16]byte
		flags uint16
		_     [22]byte
	}
	copy(ifr.name[:], name)
	ifr.flags = 0x0002 | 0x1000 // IFF_TAP | IFF_NO_PI (linux/if_tun.h)
	const tunSetIff = 0x400454ca
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, uintptr(fd), tunSetIff, uintptr(unsafe.Pointer(&ifr))); e != 0 {
		syscall.Close(fd)
		return nil, fmt.Errorf("TUNSETIFF %s: %w", name, e)
	}
	if err := syscall.SetNonblock(fd, true); err != nil { // lets Close wake a blocked Read
		syscall.Close(fd)
		return nil, err
	}
	return os.NewFile(uintptr(fd), "tap "+name), nil
}

// packetSocket opens an AF_PACKET socket bound to one interface that reads
// the frames the interface receives (not those it sends, so frames written
// through it do not come back) and sends frames out of it.
func packetSocket(ifindex int) (*os.File, error) {
	proto := htons(syscall.ETH_P_ALL)
	fd, err := syscall.Socket(syscall.AF_PACKET, syscall.SOCK_RAW|syscall.SOCK_CLOEXEC|syscall.SOCK_NONBLOCK, int(proto))
	if err != nil {
		return nil, fmt.Errorf("AF_PACKET socket: %w", err)
	}
	const packetIgnoreOutgoing = 23 // linux/if_packet.h, Linux >= 4.20
	if err := syscall.SetsockoptInt(fd, syscall.SOL_PACKET, packetIgnoreOutgoing, 1); err != nil {
		syscall.Close(fd)
		return nil, fmt.Errorf("PACKET_IGNORE_OUTGOING: %w", err)
	}
	if err := syscall.Bind(fd, &syscall.SockaddrLinklayer{Protocol: proto, Ifindex: ifindex}); err != nil {
		syscall.Close(fd)
		return nil, fmt.Errorf("bind AF_PACKET: %w", err)
	}
	return os.NewFile(uintptr(fd), fmt.Sprintf("packet if%d", ifindex)), nil
}

func htons(v uint16) uint16 { return v<<8 | v>>8 }

// StartTap boots elf (built with TapNetConfig) on the tap back end: a fresh
// network namespace lwipgen-XXXXXXXX holding the guest's tap, the Linux
// peer at 192.0.2.1 and the impairment (tc netem where the kernel has it,
// else the in-process impairer). It returns once a TCP echo round trip
// through the guest works. Stop (also called when start-up fails) stops
// QEMU by its PID and removes the namespace with everything in it.
func StartTap(ctx context.Context, elf string, o TapOptions) (*Instance, error) {
	return startTap(ctx, elf, o, nil)
}

func startTap(ctx context.Context, elf string, o TapOptions, tee io.Writer) (*Instance, error) {
	if _, err := exec.LookPath(QEMUBinary); err != nil {
		return nil, fmt.Errorf("%s not found: %w", QEMUBinary, err)
	}
	if _, err := os.Stat(elf); err != nil {
		return nil, err
	}
	t, err := setupTap(ctx, o.Impair, o.ForceImpairer)
	if err != nil {
		return nil, err
	}
	inst := &Instance{
		ctx:     ctx,
		console: &lockedBuffer{tee: tee},
		stderr:  &lockedBuffer{},
		hosts:   map[Port]int{},
		done:    make(chan struct{}),
		tap:     t,
		guestIP: TapGuestIP.String(),
	}
	if err := inst.launch(ctx, t.qemuCommand(elf)); err != nil {
		if inst.cmd == nil { // QEMU never started, so Stop did not run
			_ = t.close()
		}
		return nil, err
	}
	return inst, nil
}

// TapStats reads the tap back end's counters (nil error and zero value on
// slirp).
func (inst *Instance) TapStats(ctx context.Context) (TapStats, error) {
	t, ok := inst.tap.(*tapNet)
	if !ok {
		return TapStats{}, nil
	}
	s := TapStats{Mode: t.mode}
	s.HostToGuest, s.GuestToHost = t.counters()
	var err error
	s.ToGuest, s.TapQueueDrops, err = t.guestTapStats(ctx)
	return s, err
}

// TapMode is "netem" or "impairer" on the tap back end, "" on slirp.
func (inst *Instance) TapMode() string {
	if t, ok := inst.tap.(*tapNet); ok {
		return t.mode
	}
	return ""
}

// Netns is the tap back end's namespace name ("" on slirp).
func (inst *Instance) Netns() string {
	if t, ok := inst.tap.(*tapNet); ok {
		return t.ns.name
	}
	return ""
}
