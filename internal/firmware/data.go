// Package firmware is the data contract of lwipgen's self-contained firmware
// templates (templates/firmware/...): what the renderer supplies and the
// QEMU runner relies on (addresses, service ports).
package firmware

import (
	"errors"
	"fmt"
)

// IPv4 is an IPv4 address as four octets.
type IPv4 [4]uint8

// CSV renders the address as "a, b, c, d" for lwIP's IP4_ADDR(&x, a, b, c, d).
func (ip IPv4) CSV() string {
	return fmt.Sprintf("%d, %d, %d, %d", ip[0], ip[1], ip[2], ip[3])
}

func (ip IPv4) String() string {
	return fmt.Sprintf("%d.%d.%d.%d", ip[0], ip[1], ip[2], ip[3])
}

// NetConfig is the static IPv4 configuration of the firmware's netif.
type NetConfig struct {
	Addr, Netmask, Gateway IPv4
}

// Services holds the guest ports of the built-in services; 0 disables one.
type Services struct {
	Echo     uint16 // TCP echo (RFC 862)
	Discard  uint16 // TCP discard (RFC 863), byte-counting
	Chargen  uint16 // TCP chargen-style source (RFC 864 pattern)
	StatsUDP uint16 // UDP: any datagram triggers a stats dump + reply
}

// MPURegion is one PMSAv7 region, precomputed by the plan.
type MPURegion struct {
	Number  uint32 // region number (RNR); must be < MPU_TYPE.DREGION (8 on QEMU 7.2's an500)
	RBAR    uint32 // base address, aligned to the region size
	RASR    uint32 // XN|AP|TEX|S|C|B|SRD|SIZE|ENABLE
	Comment string // shown in the generated table and on the boot console
}

// MPUConfig is the MPU table. An empty Regions list still enables the MPU
// with PRIVDEFENA (default memory map for privileged code).
type MPUConfig struct {
	Regions []MPURegion
}

// Data is the data contract of the mps2-an500 templates. Every
// field is read by at least one template; see the README.md next to the
// templates for which template reads what.
type Data struct {
	CoreClockHz     uint32    // SysTick/UART clock; QEMU mps2 SYSCLK is 25 MHz
	Net             NetConfig // static IPv4
	Services        Services  // service ports
	RxBudget        int       // max frames per lwipgen_poll() (NAPI budget), >= 1
	StatsIntervalMs uint32    // periodic console stats dump; 0 = off
	StackSize       uint32    // main stack bytes (link.ld)
	MPU             MPUConfig // MPU regions
	FaultTestAddr   uint32    // 0 = off; else the firmware stores to it after init (fault-path self test)
	RAMOrigin       uint32    // start of the RAM the link script allocates (.data, .bss, heap, stack)
	RAMLength       uint32    // its length in bytes
	LwipSections    bool      // lwIP heap/pools come from lwipgen's lwip_sections.ld (INCLUDEd)
	LwipStart       uint32    // with LwipSections: the range lwipgen's sections occupy
	LwipEnd         uint32
}

// Well-known guest-side values for QEMU user networking.
var (
	GuestIP   = IPv4{10, 0, 2, 15}
	GuestMask = IPv4{255, 255, 255, 0}
	GuestGW   = IPv4{10, 0, 2, 2}
)

// Default service ports.
const (
	EchoPort     = 7
	DiscardPort  = 9
	ChargenPort  = 19
	StatsUDPPort = 7777
)

// DefaultData returns the values the templates are tested with.
func Default() Data {
	return Data{
		CoreClockHz:     25000000,
		RAMOrigin:       0x20000000,
		RAMLength:       4 << 20,
		Net:             NetConfig{Addr: GuestIP, Netmask: GuestMask, Gateway: GuestGW},
		Services:        Services{Echo: EchoPort, Discard: DiscardPort, Chargen: ChargenPort, StatsUDP: StatsUDPPort},
		RxBudget:        8,
		StatsIntervalMs: 10000,
		StackSize:       8192,
	}
}

// Validate reports data the templates cannot render correctly.
func (d Data) Validate() error {
	var errs []error
	if d.CoreClockHz == 0 {
		errs = append(errs, errors.New("CoreClockHz must be > 0"))
	}
	if d.RxBudget < 1 {
		errs = append(errs, errors.New("RxBudget must be >= 1"))
	}
	if d.StackSize < 1024 || d.StackSize%8 != 0 {
		errs = append(errs, errors.New("StackSize must be >= 1024 and a multiple of 8"))
	}
	for _, r := range d.MPU.Regions {
		size := uint64(1) << ((r.RASR>>1)&0x1f + 1)
		if (r.RASR>>1)&0x1f < 4 {
			errs = append(errs, fmt.Errorf("MPU region %d: SIZE field %d < 4 (min 32 bytes)", r.Number, (r.RASR>>1)&0x1f))
		} else if uint64(r.RBAR&^0x1f)%size != 0 {
			errs = append(errs, fmt.Errorf("MPU region %d: base 0x%08x not aligned to its size %d", r.Number, r.RBAR, size))
		}
	}
	return errors.Join(errs...)
}
