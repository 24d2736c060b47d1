//go:build linux

package qemu

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/lwipgen/lwipgen/internal/spawn"
)

// NetnsPrefix names every network namespace lwipgen creates
// ("lwipgen-" + 8 random hex digits), so a leftover is recognisable.
const NetnsPrefix = "lwipgen-"

// netns is a network namespace this process created with `ip netns add` and
// removes with `ip netns del`. Devices created inside it (taps, bridge,
// veths) disappear with it, so removing the namespace is the whole cleanup
// once every process and descriptor using it is gone.
type netns struct {
	name string
	fd   int // open /run/netns/NAME, for setns(2)
}

// CanTap reports whether this process may create network namespaces and
// taps (it needs root, i.e. CAP_NET_ADMIN and CAP_SYS_ADMIN, and `ip`).
func CanTap() error {
	if os.Geteuid() != 0 {
		return errors.New("the tap back end needs root (network namespace, tap and bridge); run as root or use --net slirp")
	}
	if _, err := exec.LookPath("ip"); err != nil {
		return fmt.Errorf("the tap back end needs iproute2 (`ip`): %w", err)
	}
	if _, err := os.Stat("/dev/net/tun"); err != nil {
		return fmt.Errorf("the tap back end needs /dev/net/tun: %w", err)
	}
	return nil
}

func newNetns(ctx context.Context) (*netns, error) {
	var rnd [4]byte
	if _, err := rand.Read(rnd[:]); err != nil {
		return nil, err
	}
	name := NetnsPrefix + hex.EncodeToString(rnd[:])
	if err := ipCmd(ctx, "netns", "add", name); err != nil {
		return nil, err
	}
	fd, err := syscall.Open("/run/netns/"+name, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		_ = ipCmd(context.Background(), "netns", "del", name)
		return nil, fmt.Errorf("open namespace %s: %w", name, err)
	}
	return &netns{name: name, fd: fd}, nil
}

// remove deletes the namespace (and with it every device inside).
func (ns *netns) remove() error {
	if ns.fd >= 0 {
		syscall.Close(ns.fd)
		ns.fd = -1
	}
	// A fresh context: removal must also run when the caller's was cancelled (Ctrl-C).
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return ipCmd(ctx, "netns", "del", ns.name)
}

// ip runs `ip -n NS args...` (netlink inside the namespace).
func (ns *netns) ip(ctx context.Context, args ...string) error {
	return ipCmd(ctx, append([]string{"-n", ns.name}, args...)...)
}

func ipCmd(ctx context.Context, args ...string) error {
	out, err := spawn.CombinedOutput(ctx, append([]string{"ip"}, args...)...)
	if err != nil {
		return fmt.Errorf("ip %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(string(out)))
	}
	return nil
}

// do runs f on an OS thread that has entered the namespace. Sockets and tun
// devices f creates belong to the namespace for their whole life, whichever
// thread uses them later. The thread goes back to its original namespace
// afterwards; if it cannot, it is not unlocked, so the Go runtime discards
// it when the goroutine ends instead of reusing a thread in the wrong
// namespace. (The pattern of github.com/vishvananda/netns, written here with
// the standard library's syscall package only.)
func (ns *netns) do(f func() error) error {
	errc := make(chan error, 1)
	go func() {
		runtime.LockOSThread()
		orig, err := syscall.Open("/proc/thread-self/ns/net", syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err != nil {
			runtime.UnlockOSThread()
			errc <- err
			return
		}
		defer syscall.Close(orig)
		if err := setns(ns.fd); err != nil {
			runtime.UnlockOSThread()
			errc <- fmt.Errorf("setns %s: %w", ns.name, err)
			return
		}
		ferr := f()
		if setns(orig) == nil {
			runtime.UnlockOSThread()
		}
		errc <- ferr
	}()
	return <-errc
}

func setns(fd int) error {
	if _, _, e := syscall.RawSyscall(sysSetns, uintptr(fd), syscall.CLONE_NEWNET, 0); e != 0 {
		return e
	}
	return nil
}

// sysctl writes a /proc/sys/net value as seen inside the namespace
// (/proc/sys/net follows the network namespace of the thread that opens it).
func (ns *netns) sysctl(key, value string) error {
	return ns.do(func() error {
		return os.WriteFile("/proc/sys/"+strings.ReplaceAll(key, ".", "/"), []byte(value), 0o644)
	})
}

// LeftoverNetns lists the lwipgen-* namespaces that exist now (tests check
// that theirs is gone).
func LeftoverNetns() ([]string, error) {
	out, err := spawn.Output(context.Background(), "ip", "netns", "list")
	if err != nil {
		return nil, err
	}
	var names []string
	for _, line := range strings.Split(string(out), "\n") {
		if f := strings.Fields(line); len(f) > 0 && strings.HasPrefix(f[0], NetnsPrefix) {
			names = append(names, f[0])
		}
	}
	return names, nil
}
