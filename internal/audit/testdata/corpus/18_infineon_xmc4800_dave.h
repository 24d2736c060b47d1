/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: the lwipopts.h the Infineon DAVE ETH_LWIP app generates for XMC4800 (Dave/Generated/ETH_LWIP/lwipopts.h), with an overflow check left on
 * args: --cpu cortex-m4
 * expect: info audit.vendor_glue ETH_LWIP_NUM_RX_BUF
 * expect: info audit.vendor_glue ETH_LWIP_NUM_TX_BUF
 * expect: warning audit.overflow_check_on MEMP_OVERFLOW_CHECK
 * expect: warning audit.reass_pool PBUF_POOL_SIZE
 */
#ifndef LWIPOPTS_H
#define LWIPOPTS_H

#define NO_SYS                      1
#define NO_SYS_NO_TIMERS            0
#define SYS_LIGHTWEIGHT_PROT        1
#define LWIP_NETCONN                0
#define LWIP_SOCKET                 0

#define MEM_ALIGNMENT               4
#define MEM_SIZE                    (8*1024)
#define MEMP_NUM_PBUF               16
#define MEMP_NUM_TCP_PCB            5
#define MEMP_OVERFLOW_CHECK         1

#define PBUF_POOL_SIZE              8
#define PBUF_POOL_BUFSIZE           1524

#define ETH_LWIP_NUM_RX_BUF         4
#define ETH_LWIP_NUM_TX_BUF         4

#define LWIP_TCP                    1
#define TCP_MSS                     1460
#define TCP_SND_BUF                 (2*TCP_MSS)
#define TCP_SND_QUEUELEN            (4*TCP_SND_BUF/TCP_MSS)
#define TCP_WND                     (2*TCP_MSS)
#define LWIP_TCP_KEEPALIVE          1
#define TCP_KEEPIDLE_DEFAULT        10000UL

#define LWIP_DHCP                   1
#define LWIP_STATS                  0

#endif
