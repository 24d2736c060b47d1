package audit

import (
	"fmt"

	"github.com/lwipgen/lwipgen/internal/board"
)

// fragCsum words audit.csum_offload_vs_frag: CHECKSUM_GEN_ICMP or
// CHECKSUM_GEN_UDP 0 with IP_FRAG 1. The base statement is lwIP 2.1.3's own
// behaviour and holds for every MAC:
//   - icmp.c writes 0 into an echo reply's checksum when CHECKSUM_GEN_ICMP is
//     0; udp.c sets the UDP checksum to 0 ("no checksum", RFC 768) and only
//     computes it under CHECKSUM_GEN_UDP;
//   - ip4_output_if() hands a datagram larger than the netif's MTU to
//     ip4_frag(), which only recomputes the IP header checksum (CHECKSUM_GEN_IP)
//     of each fragment: nothing in lwIP computes the ICMP/UDP checksum of a
//     fragmented datagram, and a MAC sees one fragment per frame, never the
//     whole datagram it would have to sum.
//
// A chip-specific sentence is added only where a source says what that MAC
// does with fragments (macFragNote); other MACs get the neutral statement.
func fragCsum(opt, proto string, chip *board.Chip) (msg, fix string) {
	switch proto {
	case "ICMP":
		msg = fmt.Sprintf("%s = 0 with IP_FRAG = 1: lwIP writes 0 into every echo reply's checksum (icmp.c) and leaves it to the MAC; a reply larger than the MTU is split by ip4_frag(), which computes no ICMP checksum, and the MAC sees one fragment per frame, not the datagram the checksum covers: unless the MAC completes it across fragments, a large ping is answered with checksum 0 and the peer's ICMP discards the reply", opt)
	default:
		msg = fmt.Sprintf("%s = 0 with IP_FRAG = 1: lwIP sends every %s datagram with checksum 0 (udp.c; 0 means \"no checksum\") and leaves it to the MAC; a datagram larger than the MTU is split by ip4_frag(), which computes no %s checksum, and the MAC sees the header only in the first fragment: left alone, the datagram goes out unprotected (IPv4 receivers accept checksum 0 unverified); summed over that one fragment, the reassembled datagram fails the check and is dropped", opt, proto, proto)
	}
	fix = fmt.Sprintf("set %s 1 (lwIP computes it over the whole datagram before ip4_frag() splits it; cheap) or IP_FRAG 0", opt)
	if chip == nil {
		return msg, fix
	}
	if !chip.Ethernet.ChecksumOffload && chip.Ethernet.MAC != "" {
		return msg + fmt.Sprintf(". This chip's %s MAC computes no checksums at all, so every %s packet leaves this way, fragmented or not", chip.Ethernet.MAC, proto), fix
	}
	if note, nfix := macFragNote(chip.Ethernet.MAC); note != "" {
		return msg + ". " + note, fix + "; " + nfix
	}
	return msg, fix
}

// macFragNote is what a source says a MAC does with IPv4 fragments when
// checksum insertion is on. Only sourced MACs are listed.
//   - stm32-dwmac (the ETH of STM32F2/F4/F7): Arm Keil knowledge-base article
//     3991, "MDK Middleware: STM32F2/F4/F7 EMAC checksum offload bug": with
//     automatic checksum insertion on, the MAC may insert a checksum into an
//     IPv4 fragment, corrupting its payload; the receiver sees checksum errors.
//
// Not listed, for want of a source on fragments: stm32h7-eqos, gd32-enet and
// xemacps (the Zynq GEM: the Cadence GEM's transmit checksum offload chapter,
// as AMD and Microchip publish it, does not say what it does with fragments,
// and Xilinx's lwip211 adapter, contrib/ports/xilinx/netif/xemacpsif_dma.c,
// hands every frame to the GEM as it is, with no fragment handling: its
// "fragmented packets" are pbuf chains).
func macFragNote(mac string) (note, fix string) {
	switch mac {
	case "stm32-dwmac":
		return "On this chip's STM32F4/F7 ETH (stm32-dwmac), checksum insertion may also write a wrong checksum into an IPv4 fragment and corrupt it, whatever lwIP put there (Arm Keil knowledge base 3991, STM32F2/F4/F7 EMAC checksum offload bug)",
			"on the STM32F4/F7 ETH also have the driver request no checksum insertion for fragments (or IP_FRAG 0)"
	}
	return "", ""
}
