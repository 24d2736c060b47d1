/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: micropython/micropython@1c3c201149 ports/stm32/lwip_inc/lwipopts.h with
 * extmod/lwip-include/lwipopts_common.h (the HAL header named through a macro the build defines,
 * `#include STM32_HAL_H`; C declarations that use uint32_t from a header the port includes; the port's own
 * sys_prot_t typedef, which clashes with the audit's minimal arch/cc.h when uint32_t is unknown)
 * args: --cpu cortex-m7
 * expect: info audit.include_not_found
 * expect: warning audit.unresolved_identifier
 * expect: warning audit.port_conflict
 * expect: warning audit.tcp_mss_small TCP_MSS
 * expect-not: lwip.compile.error
 */
#ifndef BOARD_LWIP_LWIPOPTS_H
#define BOARD_LWIP_LWIPOPTS_H

#include BOARD_HAL_HEADER

#define NO_SYS                  1
#define SYS_LIGHTWEIGHT_PROT    1
#define MEM_ALIGNMENT           4
#define LWIP_CHKSUM_ALGORITHM   3
#define LWIP_ARP                1
#define LWIP_ETHERNET           1
#define LWIP_RAW                1
#define LWIP_NETCONN            0
#define LWIP_SOCKET             0
#define LWIP_STATS              0
#define LWIP_NETIF_HOSTNAME     1
#define LWIP_IPV6               0
#define LWIP_DHCP               1
#define LWIP_DNS                1
#define LWIP_IGMP               1
#define TCP_MSS                 800
#define TCP_WND                 (4 * TCP_MSS)
#define TCP_SND_BUF             (4 * TCP_MSS)
#define MEM_SIZE                (16 * 1024)

extern uint32_t board_hw_random(void);
#define LWIP_RAND() board_hw_random()

#define sys_jiffies sys_now
typedef uint32_t sys_prot_t;

#endif
