package qemu

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// Run boots elf with the given forwarded ports, prints the host addresses to
// stdout, streams the guest console to stdout, and stops QEMU (by its PID)
// when ctx is cancelled or on Ctrl-C / SIGTERM. It returns nil after a
// requested stop and an error if QEMU ends on its own with a failure (for
// example a firmware fault reported through semihosting). This is the body
// of "mage run board=mps2-an500".
func Run(ctx context.Context, elf string, ports []Port, stdout io.Writer) error {
	return RunAt(ctx, elf, ports, 0, stdout)
}

// RunAt is Run with each guest port forwarded from 127.0.0.1 port
// guest+offset (offset 0: free ports, as Run).
func RunAt(ctx context.Context, elf string, ports []Port, offset int, stdout io.Writer) error {
	if stdout == nil {
		stdout = os.Stdout
	}
	if len(ports) == 0 {
		ports = DefaultPorts()
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()

	inst, err := start(ctx, elf, ports, offset, stdout)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "\nlwipgen: QEMU mps2-an500 running (pid %d); reachable on 127.0.0.1 only:\n", inst.PID())
	for _, p := range sortedPorts(inst.hosts) {
		fmt.Fprintf(stdout, "  %-8s 127.0.0.1:%d -> guest %s:%d%s\n", p.String(), inst.hosts[p], GuestIP, p.Guest, serviceName(p))
	}
	fmt.Fprintf(stdout, "  stats dump: send any UDP datagram to the udp/%d address (printed on this console)\n", StatsUDPPort)
	return serve(ctx, inst, stdout)
}

// RunTap is Run on the tap back end: the guest (built with TapNetConfig)
// sits in a fresh network namespace, reachable from inside it only; the
// namespace and everything in it are removed when QEMU stops (Ctrl-C too).
func RunTap(ctx context.Context, elf string, o TapOptions, stdout io.Writer) error {
	if stdout == nil {
		stdout = os.Stdout
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	inst, err := startTap(ctx, elf, o, stdout)
	if err != nil {
		return err
	}
	ns := inst.Netns()
	fmt.Fprintf(stdout, "\nlwipgen: QEMU mps2-an500 running (pid %d) on a tap in network namespace %s (%s, %s):\n", inst.PID(), ns, inst.TapMode(), o.Impair)
	fmt.Fprintf(stdout, "  host side %s, guest %s: echo tcp/%d, discard tcp/%d, chargen tcp/%d, stats udp/%d\n",
		TapHostIP, TapGuestIP, EchoPort, DiscardPort, ChargenPort, StatsUDPPort)
	fmt.Fprintf(stdout, "  try: ip netns exec %s ping -c3 %s\n", ns, TapGuestIP)
	return serve(ctx, inst, stdout)
}

// serve waits for Ctrl-C (or ctx) and stops QEMU, or reports QEMU ending on its own.
func serve(ctx context.Context, inst *Instance, stdout io.Writer) error {
	fmt.Fprintln(stdout, "  press Ctrl-C to stop")
	select {
	case <-ctx.Done():
		err := inst.Stop()
		fmt.Fprintln(stdout, "\nlwipgen: QEMU stopped")
		return err
	case <-inst.Done():
		stopErr := inst.Stop() // removes a tap back end
		if err := inst.Err(); err != nil {
			return fmt.Errorf("qemu exited: %w\n%s", err, inst.Stderr())
		}
		return stopErr
	}
}

func sortedPorts(m map[Port]int) []Port {
	ps := make([]Port, 0, len(m))
	for p := range m {
		ps = append(ps, p)
	}
	sortPorts(ps)
	return ps
}

func serviceName(p Port) string {
	switch {
	case p.Proto == "tcp" && p.Guest == EchoPort:
		return " (echo)"
	case p.Proto == "tcp" && p.Guest == DiscardPort:
		return " (discard)"
	case p.Proto == "tcp" && p.Guest == ChargenPort:
		return " (chargen)"
	case p.Proto == "udp" && p.Guest == StatsUDPPort:
		return " (stats trigger)"
	}
	return ""
}
