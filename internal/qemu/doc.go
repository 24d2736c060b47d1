// Package qemu builds the lwipgen bare-metal firmware for the "embedded
// default" board, QEMU mps2-an500 (Cortex-M7, LAN9118 Ethernet), boots it in
// qemu-system-arm with user-mode networking, and talks to it from the host.
//
// Everything stays on the local machine: QEMU's slirp forwards only
// 127.0.0.1 host ports into the guest (restrict=on isolates the guest from
// every other network), and all host-side sockets connect to 127.0.0.1.
//
// Pieces:
//
//   - [Render] executes the firmware templates in
//     templates/firmware/mps2-an500 with a [FirmwareData] (the contract is
//     documented in that folder's README.md).
//   - [Build] renders, then compiles the firmware and lwIP 2.1.3
//     (core, core/ipv4, netif/ethernet.c) with arm-none-eabi-gcc and links
//     an ELF. It is deliberately simple (2 parallel jobs, no incremental
//     build); the project's build system will replace it.
//   - [Start] boots an ELF and waits for a real TCP echo round trip;
//     [Instance] gives host addresses, console output, stats dumps and Stop.
//   - [Run] is the body of a future "mage run": boot, print the host ports,
//     stream the console, stop on context cancel or Ctrl-C.
package qemu
