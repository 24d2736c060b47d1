/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: lwip-tcpip/lwip contrib ports/unix/lib/lwipopts.h shape (a host-test configuration: sockets, core locking, debug switches), audited for a Cortex-M4 target
 * args: --cpu cortex-m4
 * expect: warning audit.tcp_mss_small TCP_MSS
 */
#ifndef LWIP_LWIPOPTS_H
#define LWIP_LWIPOPTS_H

#define LWIP_IPV4                  1
#define LWIP_IPV6                  1
#define NO_SYS                     0
#define LWIP_SOCKET                1
#define LWIP_NETCONN               1
#define LWIP_NETIF_API             1
#define LWIP_COMPAT_SOCKETS        1
#define LWIP_TCPIP_CORE_LOCKING    1
#define SYS_LIGHTWEIGHT_PROT       1
#define LWIP_DBG_MIN_LEVEL         LWIP_DBG_LEVEL_OFF
#define LWIP_DBG_TYPES_ON          LWIP_DBG_ON

#define MEM_ALIGNMENT              4
#define MEM_SIZE                   (64*1024)
#define MEMP_NUM_PBUF              16
#define MEMP_NUM_TCP_PCB           8
#define MEMP_NUM_TCP_SEG           32
#define PBUF_POOL_SIZE             32

#define LWIP_TCP                   1
#define TCP_MSS                    1024
#define TCP_SND_BUF                (4 * TCP_MSS)
#define TCP_WND                    (8 * TCP_MSS)
#define LWIP_TCP_KEEPALIVE         1

#define LWIP_UDP                   1
#define LWIP_DHCP                  1
#define LWIP_DNS                   1
#define LWIP_IGMP                  1
#define LWIP_RAW                   1
#define LWIP_STATS                 1
#define LWIP_NETIF_LOOPBACK        1
#define LWIP_HAVE_LOOPIF           1

#define TCP_DEBUG                  LWIP_DBG_OFF
#define ETHARP_DEBUG               LWIP_DBG_OFF
#define PBUF_DEBUG                 LWIP_DBG_OFF
#define SOCKETS_DEBUG              LWIP_DBG_OFF
#define TCPIP_DEBUG                LWIP_DBG_OFF

#endif /* LWIP_LWIPOPTS_H */
