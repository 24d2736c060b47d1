/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: a hand-written STM32F7 bare-metal lwipopts.h (public hobby projects) that never sets MEM_ALIGNMENT and lets reassembly take the whole pool
 * args: --chip stm32f767zi
 * expect: error audit.mem_alignment MEM_ALIGNMENT
 * expect: warning audit.reass_pool IP_REASS_MAX_PBUFS
 */
#ifndef LWIPOPTS_H
#define LWIPOPTS_H

#define NO_SYS                      1
#define LWIP_NETCONN                0
#define LWIP_SOCKET                 0
#define MEM_SIZE                    (16*1024)
#define PBUF_POOL_SIZE              8
#define PBUF_POOL_BUFSIZE           1536
#define IP_REASS_MAX_PBUFS          16
#define TCP_MSS                     1460
#define TCP_SND_BUF                 (4*TCP_MSS)
#define TCP_WND                     (4*TCP_MSS)
#define LWIP_DHCP                   1

#endif
