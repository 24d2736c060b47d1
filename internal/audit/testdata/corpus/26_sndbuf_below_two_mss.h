/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: a small-RAM STM32F4 lwipopts.h (public hobby project) that trims TCP_SND_BUF below two segments
 * args: --chip stm32f407
 * expect: error lwip.init.tcp_snd_buf_min TCP_SND_BUF
 * expect: error lwip.init.tcp_sndqueuelowat
 * expect: warning audit.reass_pool PBUF_POOL_SIZE
 */
#ifndef LWIPOPTS_H
#define LWIPOPTS_H

#define NO_SYS                      1
#define LWIP_NETCONN                0
#define LWIP_SOCKET                 0
#define MEM_ALIGNMENT               4
#define MEM_SIZE                    (4*1024)
#define PBUF_POOL_SIZE              8
#define TCP_MSS                     1460
#define TCP_SND_BUF                 1024
#define TCP_WND                     (2*TCP_MSS)

#endif
