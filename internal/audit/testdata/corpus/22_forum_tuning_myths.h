/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: a forum-tuned STM32F7 lwipopts.h of the kind the seed articles print (TCP_NODELAY, TCP_RCV_BUF and TCP_QUICKACK set as options; a window larger than the pool)
 * args: --chip stm32f767zi
 * expect: warning audit.not_an_option TCP_NODELAY
 * expect: warning audit.redefined_by_lwip TCP_NODELAY
 * expect: warning audit.not_an_option TCP_RCV_BUF
 * expect: warning audit.not_an_option TCP_QUICKACK
 * expect: warning audit.reass_pool PBUF_POOL_SIZE
 * expect: error TCP_WND
 */
#ifndef LWIPOPTS_H
#define LWIPOPTS_H

#define NO_SYS                      0
#define SYS_LIGHTWEIGHT_PROT        1
#define LWIP_SOCKET                 1
#define LWIP_NETCONN                1
#define MEM_ALIGNMENT               4
#define MEM_SIZE                    (32*1024)
#define MEMP_NUM_TCP_SEG            64
#define PBUF_POOL_SIZE              10

#define TCP_MSS                     1460
#define TCP_WND                     (16*TCP_MSS)
#define TCP_SND_BUF                 (8*TCP_MSS)
/* "disable Nagle for low latency" */
#define TCP_NODELAY                 1
/* "bigger receive buffer" */
#define TCP_RCV_BUF                 (16*TCP_MSS)
#define TCP_QUICKACK                1

#define LWIP_DHCP                   1

#endif
