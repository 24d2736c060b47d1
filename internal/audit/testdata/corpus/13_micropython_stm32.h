/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: micropython/micropython ports/stm32/lwip_inc/lwipopts.h (NO_SYS, PendSV-protected, typedef in the options file, mDNS)
 * args: --cpu cortex-m4
 * expect: warning audit.unknown_option LWIP_DHCP_CHECK_LINK_UP
 * expect: warning other_line.ignored DHCP_DOES_ARP_CHECK
 */
#ifndef MICROPY_INCLUDED_STM32_LWIP_LWIPOPTS_H
#define MICROPY_INCLUDED_STM32_LWIP_LWIPOPTS_H

#include <stdint.h>

/* lwIP runs from PendSV; its "protection" raises the interrupt priority */
#define NO_SYS                          1
#define SYS_LIGHTWEIGHT_PROT            1
uint32_t raise_irq_pri(uint32_t pri);
void restore_irq_pri(uint32_t basepri);
#define SYS_ARCH_DECL_PROTECT(lev) uint32_t lev
#define SYS_ARCH_PROTECT(lev) lev = raise_irq_pri(6)
#define SYS_ARCH_UNPROTECT(lev) restore_irq_pri(lev)

#define LWIP_NETIF_HOSTNAME             1
#define LWIP_NETIF_EXT_STATUS_CALLBACK  1
#define LWIP_CHKSUM_ALGORITHM           3
#define LWIP_CHECKSUM_CTRL_PER_NETIF    1

#define LWIP_ARP                        1
#define LWIP_ETHERNET                   1
#define LWIP_RAW                        1
#define LWIP_NETCONN                    0
#define LWIP_SOCKET                     0
#define LWIP_STATS                      0
#define LWIP_IPV6                       0
#define LWIP_DHCP                       1
#define LWIP_DHCP_CHECK_LINK_UP         1
#define DHCP_DOES_ARP_CHECK             0
#define LWIP_DNS                        1
#define LWIP_DNS_SUPPORT_MDNS_QUERIES   1
#define LWIP_MDNS_RESPONDER             1
#define LWIP_IGMP                       1
#define LWIP_NUM_NETIF_CLIENT_DATA      LWIP_MDNS_RESPONDER
#define MEMP_NUM_UDP_PCB                (4 + LWIP_MDNS_RESPONDER)
#define MEMP_NUM_SYS_TIMEOUT            (LWIP_NUM_SYS_TIMEOUT_INTERNAL + LWIP_MDNS_RESPONDER)

#define SO_REUSE                        1
#define TCP_LISTEN_BACKLOG              1

extern uint32_t rng_get(void);
#define LWIP_RAND() rng_get()

/* sized for a few sockets on a small board */
#define MEM_ALIGNMENT                   4
#define MEM_SIZE                        (16 * 1024)
#define TCP_MSS                         (1460)
#define TCP_OVERSIZE                    (TCP_MSS)
#define TCP_WND                         (4 * TCP_MSS)
#define TCP_SND_BUF                     (4 * TCP_MSS)
#define TCP_SND_QUEUELEN                (2 * (TCP_SND_BUF / TCP_MSS))
#define TCP_QUEUE_OOSEQ                 (1)

typedef uint32_t sys_prot_t;

#endif
