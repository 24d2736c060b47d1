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
	if stdout == nil {
		stdout = os.Stdout
	}
	if len(ports) == 0 {
		ports = DefaultPorts()
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()

	inst, err := start(ctx, elf, ports, stdout)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "\nlwipgen: QEMU mps2-an500 running (pid %d); reachable on 127.0.0.1 only:\n", inst.PID())
	for _, p := range sortedPorts(inst.hosts) {
		fmt.Fprintf(stdout, "  %-8s 127.0.0.1:%d -> guest %s:%d%s\n", p.String(), inst.hosts[p], GuestIP, p.Guest, serviceName(p))
	}
	fmt.Fprintf(stdout, "  stats dump: send any UDP datagram to the udp/%d address (printed on this console)\n", StatsUDPPort)
	fmt.Fprintln(stdout, "  press Ctrl-C to stop")

	select {
	case <-ctx.Done():
		_ = inst.Stop()
		fmt.Fprintln(stdout, "\nlwipgen: QEMU stopped")
		return nil
	case <-inst.Done():
		if err := inst.Err(); err != nil {
			return fmt.Errorf("qemu exited: %w\n%s", err, inst.Stderr())
		}
		return nil
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
