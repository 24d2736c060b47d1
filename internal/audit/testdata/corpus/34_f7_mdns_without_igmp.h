/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: a bare-metal STM32F7 lwipopts.h from public projects that switched on lwIP's mDNS responder (src/apps/mdns) for .local discovery without IGMP or timer room
 * args: --chip stm32f767zi
 * expect: error lwip.compile.error LWIP_MDNS_RESPONDER
 * expect: warning audit.sys_timeout_apps
 */
#ifndef LWIPOPTS_H
#define LWIPOPTS_H

#define NO_SYS                      1
#define LWIP_NETCONN                0
#define LWIP_SOCKET                 0
#define MEM_ALIGNMENT               4
#define MEM_SIZE                    (16*1024)
#define PBUF_POOL_SIZE              16
#define TCP_MSS                     1460
#define TCP_SND_BUF                 (4*TCP_MSS)
#define TCP_WND                     (4*TCP_MSS)
#define LWIP_DHCP                   1
#define LWIP_NETIF_HOSTNAME         1

/* "board.local" discovery */
#define LWIP_MDNS_RESPONDER         1
#define LWIP_NUM_NETIF_CLIENT_DATA  1
#define MDNS_MAX_SERVICES           2

#endif
