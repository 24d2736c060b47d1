/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: memfault/mcuxpresso-rt1060-example@bab3b20 source/lwipopts.h and
 * nxp-mcuxpresso/mcux-sdk-examples@ebea46b37a evkmimxrt1060/lwip_examples/lwip_dhcp/bm/lwipopts.h (NO_SYS and the
 * APIs chosen by `#if USE_RTOS`, which the SDK's build passes with -D; the netif API switched on outside the
 * switch; an LPC-only default guarded by defined(...)). Audited alone, #if reads USE_RTOS as 0: the bare-metal
 * branch is judged, lwIP refuses the netif API there, and the audit names the -D to pass.
 * args: --cpu cortex-m7
 * expect: error lwip.init.netif_api_needs_os
 * expect: info audit.undefined_switch USE_RTOS
 * expect: warning audit.reass_pool PBUF_POOL_SIZE
 * expect-not: audit.undefined_switch BOARD_ENET_IS_LPC
 */
#ifndef LWIPOPTS_BOARD_H
#define LWIPOPTS_BOARD_H

#if USE_RTOS
#define SYS_LIGHTWEIGHT_PROT 1
#define NO_SYS 0
#define LWIP_NETCONN 1
#define LWIP_SOCKET 1
#define LWIP_SO_RCVTIMEO 1
#else
#define NO_SYS 1
#define LWIP_NETCONN 0
#define LWIP_SOCKET 0
#if defined(BOARD_ENET_IS_LPC) && (BOARD_ENET_IS_LPC > 0)
#define LWIP_ALLOW_MEM_FREE_FROM_OTHER_CONTEXT 1
#endif
#endif

#define LWIP_NETIF_API 1
#define MEM_ALIGNMENT 4
#define MEM_SIZE (22 * 1024)
#define MEMP_NUM_TCP_SEG 22
#define PBUF_POOL_SIZE 9
#define TCP_MSS (1500 - 40)
#define TCP_SND_BUF (6 * TCP_MSS)
#define TCP_SND_QUEUELEN (3 * TCP_SND_BUF) / TCP_MSS
#define TCP_WND (2 * TCP_MSS)
#define LWIP_DHCP 1
#define TCPIP_MBOX_SIZE 32
#define DEFAULT_TCP_RECVMBOX_SIZE 12
#define DEFAULT_ACCEPTMBOX_SIZE 12

#endif
