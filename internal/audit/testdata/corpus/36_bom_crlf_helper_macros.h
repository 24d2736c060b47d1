/* audit corpus: written for lwipgen; no vendor or lwIP text. Saved with a UTF-8 BOM and CRLF line ends.
 * modelled on: samuelyhsu/rt_thread_core@24d995926b components/net/lwip/port/lwipopts.h and AvengerGear/chibios-stm32f407-discovery-mqtt@808bb99dd9 lwipopts.h (CRLF files whose sizes come from the file's own helper macros and #if/#elif chains)
 * args: --chip stm32f407
 * expect: info audit.helper_macro TX_SEGMENTS
 * expect: info audit.helper_macro APP_BIG_WINDOW
 * expect: warning audit.tcp_wnd_small TCP_WND
 * expect: warning audit.reass_pool PBUF_POOL_SIZE
 * expect-not: audit.unknown_option TX_SEGMENTS
 * expect-not: audit.unknown_option APP_BIG_WINDOW
 */
#ifndef APP_LWIPOPTS_H
#define APP_LWIPOPTS_H

#define NO_SYS                  1
#define LWIP_NETCONN            0
#define LWIP_SOCKET             0
#define MEM_ALIGNMENT           4
#define MEM_SIZE                (10 * 1024)

/* sizes from the application's own knobs */
#define TX_SEGMENTS             4
#define APP_BIG_WINDOW          0
#define TCP_MSS                 1460
#define TCP_SND_BUF             (TX_SEGMENTS)*(TCP_MSS)
#define TCP_SND_QUEUELEN        (2)*(TCP_SND_BUF)/(TCP_MSS)
#define MEMP_NUM_TCP_SEG        TCP_SND_QUEUELEN

#if defined(APP_FORCE_WINDOW) && APP_FORCE_WINDOW > 0
#define TCP_WND                 APP_FORCE_WINDOW
#elif APP_BIG_WINDOW
#define TCP_WND                 (8 * TCP_MSS)
#else
#define TCP_WND                 TCP_MSS
#endif

#define PBUF_POOL_SIZE          8
#define PBUF_POOL_BUFSIZE       1536
#define LWIP_DHCP               1
#endif
