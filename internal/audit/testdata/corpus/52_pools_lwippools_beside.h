/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: polarfire-soc/hart-software-services baremetal/polarfire-soc-bare-metal-library/examples/
 * mss-ethernet-mac/pse-mss-uart-mac-freertos_lwip/src/modules/lwip-2.0.0-wip/lwipopts.h (mem_malloc() from
 * pools: MEM_USE_POOLS and MEMP_USE_CUSTOM_POOLS, the pools in lwippools.h beside it) and
 * EngineeringSpirit/FreeLwIP-Nios-II lwip/FreeRTOS/inc/lwippools.h. lwIP's memp_std.h includes
 * "lwippools.h" by name: it is found in the file's own folder, as the project's build finds it; the
 * audit used to stop with gcc's "lwippools.h: No such file or directory".
 * args: --cpu cortex-m4
 * expect-not: audit.mem_size_send
 * expect-not: audit.include_not_found
 * expect-not: lwip.compile.error
 */
#ifndef POOLS_LWIPOPTS_H
#define POOLS_LWIPOPTS_H

#define NO_SYS                      0
#define SYS_LIGHTWEIGHT_PROT        1
#define MEM_ALIGNMENT               4
#define MEM_USE_POOLS               1
#define MEMP_USE_CUSTOM_POOLS       1
#define MEM_USE_POOLS_TRY_BIGGER_POOL 1
#define MEMP_NUM_PBUF               16
#define MEMP_NUM_TCP_PCB            6
#define MEMP_NUM_TCP_SEG            24
#define PBUF_POOL_SIZE              16
#define TCP_MSS                     1460
#define TCP_SND_BUF                 (4 * TCP_MSS)
#define TCP_WND                     (4 * TCP_MSS)
#define TCPIP_MBOX_SIZE             16
#define DEFAULT_TCP_RECVMBOX_SIZE   8
#define DEFAULT_UDP_RECVMBOX_SIZE   8
#define DEFAULT_ACCEPTMBOX_SIZE     8
#define LWIP_DHCP                   1

#endif
