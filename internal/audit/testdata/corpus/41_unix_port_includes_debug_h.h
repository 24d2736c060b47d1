/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: lwIP's contrib/ports/unix/lib/lwipopts.h (as vendored in lang-zou/GD32F450-EtherNet--100M-Mii-RMii-LwIP-UDP--FreeRTOS-ArmGcc-OpenOCD@8257a260af download/lwip): the file includes "lwipopts.h" and "lwip/debug.h" (which includes lwip/opt.h) before its own definitions; in a real build opt.h's guard is already set there, so nothing is redefined
 * args: --cpu cortex-m4
 * expect: error audit.lightweight_prot_rtos SYS_LIGHTWEIGHT_PROT
 * expect: warning audit.unknown_option IP_FRAG_USES_STATIC_BUF
 * expect-not: audit.redefined MEM_ALIGNMENT
 * expect-not: audit.redefined PBUF_POOL_SIZE
 * expect-not: audit.redefined LWIP_STATS
 */
#ifndef APP_UNIX_LWIPOPTS_H
#define APP_UNIX_LWIPOPTS_H

/* the user's options first, then lwIP's debug switches */
#include "lwipopts.h"
#include "lwip/debug.h"

#define SYS_LIGHTWEIGHT_PROT            0
#define NO_SYS                          0
#define MEM_ALIGNMENT                   4U
#define MEM_SIZE                        16000
#define MEMP_NUM_TCP_PCB                4
#define PBUF_POOL_SIZE                  16
#define PBUF_POOL_BUFSIZE               1536
#define IP_FRAG_USES_STATIC_BUF         0
#define LWIP_RAW                        1
#define LWIP_STATS                      0
#define LWIP_TCPIP_CORE_LOCKING         1
#endif
