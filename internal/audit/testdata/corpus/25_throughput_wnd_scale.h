/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: a throughput-tuned lwipopts.h (window scaling for a 1 Gbit Zynq link, public forum posts) that forgets TCP_RCV_SCALE
 * args: --chip xc7z035
 * expect: error LWIP_WND_SCALE
 * expect: error lwip.init.tcp_wnd_vs_scale TCP_WND
 */
#ifndef LWIPOPTS_H
#define LWIPOPTS_H

#define NO_SYS                      1
#define LWIP_NETCONN                0
#define LWIP_SOCKET                 0
#define MEM_ALIGNMENT               64
#define MEM_SIZE                    (256*1024)
#define MEMP_NUM_TCP_SEG            160
#define PBUF_POOL_SIZE              96
#define PBUF_POOL_BUFSIZE           1536

#define TCP_MSS                     1460
#define LWIP_WND_SCALE              1
#define TCP_WND                     (64*TCP_MSS)
#define TCP_SND_BUF                 (32*TCP_MSS)
#define TCP_SND_QUEUELEN            128

#endif
