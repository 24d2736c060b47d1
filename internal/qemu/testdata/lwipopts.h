/*
 * lwipopts.h -- hand-written TEST FIXTURE for the mps2-an500 QEMU firmware.
 *
 * This is not generated: the real lwipopts.h will come from the lwipgen sizing
 * engine. It exists so internal/qemu can build and exercise the bare-metal
 * firmware end to end today. lwIP 2.1.3, NO_SYS=1, raw API only.
 *
 * Why these numbers (see /work/shared/reference/qemu-and-toolchain.md):
 *  - QEMU's LAN9118 model has a fixed RX data FIFO of 2640 words (10,560 B)
 *    and drops any frame that does not fit (hw/net/lan9118.c returns -1;
 *    slirp prints "Failed to send packet"). Slirp pushes a whole window in
 *    one burst while holding the QEMU big lock, so the guest cannot drain the
 *    FIFO mid-burst. A full frame costs ceil(1514/4)+1 = 380 words, so at
 *    MSS 1460 at most floor(2640/380) = 6 segments fit:
 *        TCP_WND / TCP_MSS <= 6.
 *    We use 4*MSS, which leaves headroom for ARP/ACK frames in the FIFO.
 *  - The send side is not limited by the NIC (QEMU transmits synchronously on
 *    the last TX FIFO word), so TCP_SND_BUF 4*MSS is only a RAM trade-off.
 */
#ifndef LWIPGEN_LWIPOPTS_H
#define LWIPGEN_LWIPOPTS_H

/* ---- system / API ---------------------------------------------------- */
#define NO_SYS                      1
#define LWIP_SOCKET                 0
#define LWIP_NETCONN                0
/* Only the main loop calls into lwIP (the LAN9118 ISR just masks its IRQ and
 * sets a flag), so protection is not strictly required. It is enabled so the
 * port's PRIMASK-based sys_arch_protect()/unprotect() stays compiled and
 * tested; the cost is a few cycles per pool alloc/free. */
#define SYS_LIGHTWEIGHT_PROT        1

/* ---- memory ------------------------------------------------------------ */
#define MEM_ALIGNMENT               4
/* Heap: TCP copy-mode tx segments (echo) of up to TCP_SND_BUF per
 * connection, plus header pbufs of no-copy (chargen) segments, plus the UDP
 * stats reply. 32 KiB covers a few concurrent senders. */
#define MEM_SIZE                    (32 * 1024)
#define MEMP_NUM_PBUF               32   /* PBUF_ROM/REF: chargen no-copy segments */
#define MEMP_NUM_UDP_PCB            4
#define MEMP_NUM_TCP_PCB            16   /* host closes first, so no guest TIME_WAIT build-up */
#define MEMP_NUM_TCP_PCB_LISTEN     4
#define MEMP_NUM_TCP_SEG            32   /* >= TCP_SND_QUEUELEN (lwIP #error otherwise) */
#define MEMP_NUM_SYS_TIMEOUT        (LWIP_NUM_SYS_TIMEOUT_INTERNAL + 2)
#define PBUF_POOL_SIZE              24
/* PBUF_POOL_BUFSIZE is left at lwIP's default:
 * LWIP_MEM_ALIGN_SIZE(TCP_MSS+40+PBUF_LINK_ENCAPSULATION_HLEN+PBUF_LINK_HLEN)
 * = 1516 at MSS 1460, so a full 1514-byte frame fits one pool pbuf. */

/* ---- protocols ----------------------------------------------------------- */
#define LWIP_ARP                    1
#define LWIP_ETHERNET               1
#define LWIP_IPV4                   1
#define LWIP_IPV6                   0
#define LWIP_ICMP                   1
#define LWIP_RAW                    0
#define LWIP_UDP                    1
#define LWIP_TCP                    1
#define LWIP_DHCP                   0
#define LWIP_AUTOIP                 0
#define LWIP_IGMP                   0
#define LWIP_DNS                    0
#define ETH_PAD_SIZE                0

/* ---- TCP ------------------------------------------------------------------ */
#define TCP_MSS                     1460
#define TCP_WND                     (4 * TCP_MSS)   /* must stay <= 6 full frames: LAN9118 RX FIFO */
#define TCP_SND_BUF                 (4 * TCP_MSS)
#define TCP_SND_QUEUELEN            ((4 * (TCP_SND_BUF) + (TCP_MSS - 1)) / (TCP_MSS))
#define TCP_QUEUE_OOSEQ             1
#define LWIP_TCP_KEEPALIVE          0

/* ---- netif ------------------------------------------------------------------ */
#define LWIP_NETIF_STATUS_CALLBACK  0
#define LWIP_NETIF_LINK_CALLBACK    0
#define LWIP_SINGLE_NETIF           1

/* ---- checksums: the driver uses no checksum offload (QEMU's LAN9118 model
 * has none), so lwIP computes all checksums in software (defaults = 1). -- */

/* ---- statistics ----------------------------------------------------------- */
#define LWIP_STATS                  1
#define LWIP_STATS_DISPLAY          0
#define MEM_STATS                   1
#define MEMP_STATS                  1
#define LINK_STATS                  1
#define IP_STATS                    1
#define TCP_STATS                   1
#define UDP_STATS                   1
#define MIB2_STATS                  0

#endif /* LWIPGEN_LWIPOPTS_H */
