/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: STM32CubeMX output for an STM32F407 FreeRTOS project with a USER CODE block of socket options and an #undef/#define statistics switch (public CubeMX user projects, LWIP/Target/lwipopts.h, CubeMX lwIP 2.1.2)
 * args: --chip stm32f407
 * expect: info audit.vendor_glue WITH_RTOS
 * expect: info audit.vendor_glue CHECKSUM_BY_HARDWARE
 * expect: info audit.include_not_found
 * expect: warning audit.csum_offload_vs_frag CHECKSUM_GEN_ICMP
 * expect-text: audit.csum_offload_vs_frag Keil knowledge base 3991
 * expect-text-not: audit.csum_offload_vs_frag GEM
 * expect-text-not: audit.csum_offload_vs_frag GD32
 */
/* USER CODE BEGIN Header */
/* lwipopts.h - LwIP stack configuration overriding opt.h (CubeMX-generated shape) */
/* USER CODE END Header */

/* Define to prevent recursive inclusion --------------------------------------*/
#ifndef __LWIPOPTS__H__
#define __LWIPOPTS__H__

#include "main.h"

/*-----------------------------------------------------------------------------*/
/* Current version of LwIP supported by CubeMx: 2.1.2 -*/
/*-----------------------------------------------------------------------------*/

/* Within 'USER CODE' section, code will be kept by default at each generation */
/* USER CODE BEGIN 0 */
#define LWIP_SO_RCVTIMEO 1
#define LWIP_SO_SNDTIMEO 1
#define MEMP_NUM_TCP_PCB 12
#define LWIP_TCP_KEEPALIVE 1
#define SO_REUSE 1
/* USER CODE END 0 */

#ifdef __cplusplus
 extern "C" {
#endif

/* STM32CubeMX Specific Parameters (not defined in opt.h) ---------------------*/
/* Parameters set in STM32CubeMX LwIP Configuration GUI -*/
/*----- WITH_RTOS enabled (Since FREERTOS is set) -----*/
#define WITH_RTOS 1
/*----- CHECKSUM_BY_HARDWARE enabled -----*/
#define CHECKSUM_BY_HARDWARE 1
/*-----------------------------------------------------------------------------*/

/* LwIP Stack Parameters (modified compared to initialization value in opt.h) -*/
/* Parameters set in STM32CubeMX LwIP Configuration GUI -*/
/*----- Value in opt.h for LWIP_DNS: 0 -----*/
#define LWIP_DNS 0
/*----- Value in opt.h for MEM_ALIGNMENT: 1 -----*/
#define MEM_ALIGNMENT 4
/*----- Default Value for MEM_SIZE: 1600 ---*/
#define MEM_SIZE 24576
/*----- Value in opt.h for MEMP_NUM_TCP_PCB_LISTEN: 8 -----*/
#define MEMP_NUM_TCP_PCB_LISTEN 3
/*----- Value in opt.h for MEMP_NUM_TCP_SEG: 16 -----*/
#define MEMP_NUM_TCP_SEG 32
/*----- Value in opt.h for MEMP_NUM_SYS_TIMEOUT: 4 -----*/
#define MEMP_NUM_SYS_TIMEOUT 12
/*----- Value in opt.h for MEMP_NUM_NETBUF: 2 -----*/
#define MEMP_NUM_NETBUF 10
/*----- Value in opt.h for MEMP_NUM_NETCONN: 4 -----*/
#define MEMP_NUM_NETCONN 16
/*----- Value in opt.h for PBUF_POOL_SIZE: 16 -----*/
#define PBUF_POOL_SIZE 12
/*----- Value in opt.h for PBUF_POOL_BUFSIZE: 592 -----*/
#define PBUF_POOL_BUFSIZE 1536
/*----- Value in opt.h for LWIP_ETHERNET: LWIP_ARP || PPPOE_SUPPORT -----*/
#define LWIP_ETHERNET 1
/*----- Value in opt.h for TCP_MSS: 536 -----*/
#define TCP_MSS 1460
/*----- Value in opt.h for TCP_SND_QUEUELEN: (4*TCP_SND_BUF + (TCP_MSS - 1))/TCP_MSS -----*/
#define TCP_SND_QUEUELEN 9
/*----- Value in opt.h for TCP_SNDQUEUELOWAT: LWIP_MAX(TCP_SND_QUEUELEN)/2, 5) -----*/
#define TCP_SNDQUEUELOWAT 5
/*----- Value in opt.h for LWIP_NETIF_STATUS_CALLBACK: 0 -----*/
#define LWIP_NETIF_STATUS_CALLBACK 1
/*----- Value in opt.h for LWIP_NETIF_LINK_CALLBACK: 0 -----*/
#define LWIP_NETIF_LINK_CALLBACK 1
/*----- Value in opt.h for TCPIP_THREAD_STACKSIZE: 0 -----*/
#define TCPIP_THREAD_STACKSIZE 1024
/*----- Value in opt.h for TCPIP_THREAD_PRIO: 1 -----*/
#define TCPIP_THREAD_PRIO 24
/*----- Value in opt.h for TCPIP_MBOX_SIZE: 0 -----*/
#define TCPIP_MBOX_SIZE 6
/*----- Value in opt.h for SLIPIF_THREAD_STACKSIZE: 0 -----*/
#define SLIPIF_THREAD_STACKSIZE 1024
/*----- Value in opt.h for SLIPIF_THREAD_PRIO: 1 -----*/
#define SLIPIF_THREAD_PRIO 3
/*----- Value in opt.h for DEFAULT_THREAD_STACKSIZE: 0 -----*/
#define DEFAULT_THREAD_STACKSIZE 1024
/*----- Value in opt.h for DEFAULT_THREAD_PRIO: 1 -----*/
#define DEFAULT_THREAD_PRIO 3
/*----- Value in opt.h for DEFAULT_UDP_RECVMBOX_SIZE: 0 -----*/
#define DEFAULT_UDP_RECVMBOX_SIZE 6
/*----- Value in opt.h for DEFAULT_TCP_RECVMBOX_SIZE: 0 -----*/
#define DEFAULT_TCP_RECVMBOX_SIZE 6
/*----- Value in opt.h for DEFAULT_ACCEPTMBOX_SIZE: 0 -----*/
#define DEFAULT_ACCEPTMBOX_SIZE 6
/*----- Value in opt.h for RECV_BUFSIZE_DEFAULT: INT_MAX -----*/
#define RECV_BUFSIZE_DEFAULT 2000000000
/*----- Value in opt.h for LWIP_STATS: 1 -----*/
#define LWIP_STATS 0
/*----- Value in opt.h for CHECKSUM_GEN_IP: 1 -----*/
#define CHECKSUM_GEN_IP 0
/*----- Value in opt.h for CHECKSUM_GEN_UDP: 1 -----*/
#define CHECKSUM_GEN_UDP 0
/*----- Value in opt.h for CHECKSUM_GEN_TCP: 1 -----*/
#define CHECKSUM_GEN_TCP 0
/*----- Value in opt.h for CHECKSUM_GEN_ICMP: 1 -----*/
#define CHECKSUM_GEN_ICMP 0
/*----- Value in opt.h for CHECKSUM_GEN_ICMP6: 1 -----*/
#define CHECKSUM_GEN_ICMP6 0
/*----- Value in opt.h for CHECKSUM_CHECK_IP: 1 -----*/
#define CHECKSUM_CHECK_IP 0
/*----- Value in opt.h for CHECKSUM_CHECK_UDP: 1 -----*/
#define CHECKSUM_CHECK_UDP 0
/*----- Value in opt.h for CHECKSUM_CHECK_TCP: 1 -----*/
#define CHECKSUM_CHECK_TCP 0
/*----- Value in opt.h for CHECKSUM_CHECK_ICMP: 1 -----*/
#define CHECKSUM_CHECK_ICMP 0
/*----- Value in opt.h for CHECKSUM_CHECK_ICMP6: 1 -----*/
#define CHECKSUM_CHECK_ICMP6 0
/*-----------------------------------------------------------------------------*/
/* USER CODE BEGIN 1 */
#if defined(USE_NET_STATS)
#undef LWIP_STATS
#define LWIP_STATS 1
#undef MEM_STATS
#define MEM_STATS 1
#undef MEMP_STATS
#define MEMP_STATS 1
#else
#undef LWIP_STATS
#define LWIP_STATS 0
#endif
/* USER CODE END 1 */

#ifdef __cplusplus
}
#endif
#endif /*__LWIPOPTS__H__ */
