/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: a development lwipopts.h shipped as is (debug output, overflow and sanity checks, statistics display)
 * args: --cpu cortex-m7
 * expect: warning audit.debug_on LWIP_DEBUG
 * expect: warning audit.overflow_check_on MEMP_OVERFLOW_CHECK
 * expect: warning audit.overflow_check_on MEMP_SANITY_CHECK
 * expect: warning audit.overflow_check_on MEM_OVERFLOW_CHECK
 */
#ifndef LWIPOPTS_H
#define LWIPOPTS_H

#define NO_SYS                      1
#define LWIP_NETCONN                0
#define LWIP_SOCKET                 0
#define MEM_ALIGNMENT               4
#define MEM_SIZE                    (16*1024)
#define TCP_MSS                     1460
#define TCP_SND_BUF                 (4*TCP_MSS)
#define TCP_WND                     (4*TCP_MSS)

#define LWIP_DEBUG                  1
#define LWIP_DBG_TYPES_ON           LWIP_DBG_ON
#define TCP_DEBUG                   LWIP_DBG_ON
#define MEMP_OVERFLOW_CHECK         2
#define MEMP_SANITY_CHECK           1
#define MEM_OVERFLOW_CHECK          1
#define LWIP_STATS                  1
#define LWIP_STATS_DISPLAY          1

#endif
