/* audit fixture: written for lwipgen; no vendor or lwIP text.
 * modelled on: the ST STM32F4x7 standalone lwIP examples (Inc/lwipopts.h beside a port whose arch/cc.h
 * provides errno and byte order), and Houzich/PPPoS-Bridge-STM32F407 Inc/lwipopts.h (sockets on,
 * LWIP_TIMEVAL_PRIVATE left to the port's cc.h)
 */
#ifndef LWIPOPTS_FIXTURE_H
#define LWIPOPTS_FIXTURE_H
#define NO_SYS                  0
#define SYS_LIGHTWEIGHT_PROT    1
#define LWIP_SOCKET             1
#define LWIP_NETCONN            1
#define MEM_ALIGNMENT           4
#define MEM_SIZE                (12 * 1024)
#define TCP_MSS                 1460
#define TCP_SND_BUF             (4 * TCP_MSS)
#define TCP_SND_QUEUELEN        (2 * TCP_SND_BUF / TCP_MSS)
#define MEMP_NUM_TCP_SEG        TCP_SND_QUEUELEN
#define TCP_WND                 (4 * TCP_MSS)
#define PBUF_POOL_SIZE          12
#define PBUF_POOL_BUFSIZE       1524
#endif
