package qemu

import (
	"fmt"
	"net"
)

// The tap back end's addresses: the documentation range 192.0.2.0/24
// (RFC 5737), used only inside the network namespace the back end creates,
// so nothing ever routes them.
var (
	TapHostIP  = IPv4{192, 0, 2, 1} // the Linux peer
	TapGuestIP = IPv4{192, 0, 2, 2} // the firmware
	tapSubnet  = &net.IPNet{IP: net.IPv4(192, 0, 2, 0), Mask: net.CIDRMask(24, 32)}
)

// tapGuest is the tap QEMU's LAN9118 is attached to, inside the namespace.
const tapGuest = "lwq0"

// TapNetConfig is the firmware's static address on the tap back end (build
// the firmware with it: FirmwareData.Net).
func TapNetConfig() NetConfig {
	return NetConfig{Addr: TapGuestIP, Netmask: GuestMask, Gateway: TapHostIP}
}

// TapOptions configure StartTap.
type TapOptions struct {
	Impair Impair
	// ForceImpairer uses the in-process impairer even where tc netem works
	// (for comparisons; the default prefers netem).
	ForceImpairer bool
}

// TapArgs is the qemu-system-arm command line on the tap back end: the
// LAN9118 on the namespace's tap lwq0, which QEMU opens itself (script=no:
// lwipgen configured it already).
func TapArgs(elf string) []string {
	return []string{
		"-M", "mps2-an500", "-nographic", "-monitor", "none",
		"-serial", "stdio",
		"-semihosting-config", "enable=on,target=native",
		"-kernel", elf,
		"-netdev", fmt.Sprintf("tap,id=lw0,ifname=%s,script=no,downscript=no", tapGuest),
		"-net", "nic,netdev=lw0,model=lan9118",
	}
}

// TapStats are the tap back end's frame counts, read host-side.
type TapStats struct {
	Mode          string       `json:"mode"`            // "netem" or "impairer"
	ToGuest       uint64       `json:"to_guest"`        // frames the guest tap handed to QEMU
	TapQueueDrops uint64       `json:"tap_queue_drops"` // frames the guest tap's queue dropped (QEMU did not read)
	HostToGuest   LinkCounters `json:"host_to_guest"`   // impairer only
	GuestToHost   LinkCounters `json:"guest_to_host"`   // impairer only
}
