/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: Atmel/Microchip ASF thirdparty/lwip/lwip-port-1.4.1/sam/include/lwipopts shape carried to lwIP 2 (SAM4E GMAC raw API example config, sizes from conf_eth.h)
 * args: --cpu cortex-m4
 * expect: info audit.include_not_found
 * expect: warning audit.unknown_option ETHARP_TRUST_IP_MAC
 * expect: warning audit.tcp_wnd_small TCP_WND
 * expect: warning audit.unresolved_identifier PBUF_POOL_SIZE
 */
#ifndef __LWIPOPTS_H__
#define __LWIPOPTS_H__

#include "conf_eth.h"

#define NO_SYS                      1
#define LWIP_RAW                    0
#define LWIP_NETCONN                0
#define LWIP_SOCKET                 0

#define MEM_ALIGNMENT               4
#define MEM_SIZE                    4 * 1024
#define MEMP_NUM_PBUF               4
#define MEMP_NUM_TCP_PCB            2
#define MEMP_NUM_TCP_PCB_LISTEN     1
#define MEMP_NUM_TCP_SEG            8

/* the pool mirrors the GMAC RX descriptors */
#define PBUF_POOL_SIZE              GMAC_RX_BUFFERS
#define PBUF_POOL_BUFSIZE           1536

#define ETHARP_TRUST_IP_MAC         0
#define LWIP_ARP                    1
#define ARP_TABLE_SIZE              4

#define LWIP_TCP                    1
#define TCP_MSS                     1460
#define TCP_WND                     1500
#define TCP_SND_BUF                 (2 * TCP_MSS)
#define TCP_SND_QUEUELEN            (4 * TCP_SND_BUF / TCP_MSS)

#define LWIP_DHCP                   0
#define LWIP_UDP                    1
#define LWIP_STATS                  0
#define LWIP_NOASSERT               1

#endif /* __LWIPOPTS_H__ */
