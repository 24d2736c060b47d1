/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: ssilverman/QNEthernet src/lwipopts.h (Teensy 4.1, i.MX RT1062 ENET; NO_SYS with mDNS and its own timeout headroom)
 * args: --cpu cortex-m7
 */
#ifndef QNETHERNET_LWIPOPTS_H_
#define QNETHERNET_LWIPOPTS_H_

#include <stdint.h>

#define NO_SYS                          1
#define MEM_LIBC_MALLOC                 0
#define MEM_ALIGNMENT                   4
#define MEM_SIZE                        24000
#define MEMP_NUM_TCP_PCB                5
#define MEMP_NUM_TCP_PCB_LISTEN         8
#define MEMP_NUM_SYS_TIMEOUT            (LWIP_NUM_SYS_TIMEOUT_INTERNAL + 8)

#define LWIP_ETHERNET                   1
#define LWIP_NETCONN                    0
#define LWIP_SOCKET                     0
#define LWIP_IGMP                       1
#define LWIP_DHCP                       1
#define LWIP_DNS                        1
#define LWIP_AUTOIP                     0
#define LWIP_STATS                      0
#define LWIP_NETIF_HOSTNAME             1
#define LWIP_NETIF_STATUS_CALLBACK      1
#define LWIP_NETIF_LINK_CALLBACK        1
#define LWIP_NETIF_EXT_STATUS_CALLBACK  1
#define LWIP_NUM_NETIF_CLIENT_DATA      1
#define LWIP_MDNS_RESPONDER             1
#define MDNS_MAX_SERVICES               4
#define LWIP_CHKSUM_ALGORITHM           3
#define LWIP_TCP_KEEPALIVE              1
#define SO_REUSE                        1

#define TCP_MSS                         1460
#define TCP_WND                         (4 * TCP_MSS)
#define TCP_SND_BUF                     (4 * TCP_MSS)
#define TCP_SND_QUEUELEN                ((4 * (TCP_SND_BUF) + (TCP_MSS - 1)) / (TCP_MSS))

uint32_t qnethernet_hal_entropy(void);
#define LWIP_RAND() qnethernet_hal_entropy()

#endif  /* QNETHERNET_LWIPOPTS_H_ */
