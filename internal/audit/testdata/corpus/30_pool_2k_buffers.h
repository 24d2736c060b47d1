/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: an STM32F7 lwipopts.h that rounds pool buffers up to 2 KiB \"for alignment\" (public projects)
 * args: --chip stm32f767zi
 * expect: warning audit.pbuf_oversized PBUF_POOL_BUFSIZE
 */
#ifndef LWIPOPTS_H
#define LWIPOPTS_H

#define NO_SYS                      1
#define LWIP_NETCONN                0
#define LWIP_SOCKET                 0
#define MEM_ALIGNMENT               4
#define MEM_SIZE                    (16*1024)
#define PBUF_POOL_SIZE              16
#define PBUF_POOL_BUFSIZE           2048
#define TCP_MSS                     1460
#define TCP_SND_BUF                 (4*TCP_MSS)
#define TCP_WND                     (4*TCP_MSS)

#endif
