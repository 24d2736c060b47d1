/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: AnselPeng2019/LWIP_F107_Test@408ef87 Inc/lwipopts.h (an STM32CubeMX F107 project on lwIP
 * 2.0: LWIP_PERF 1 makes lwIP's def.h include the port's arch/perf.h, which the audit's port must bring,
 * else the audit stopped with "arch/perf.h: No such file or directory")
 * args: --cpu cortex-m3
 * expect: info audit.include_not_found
 * expect: info audit.vendor_glue WITH_RTOS
 * expect: warning audit.csum_offload_vs_frag CHECKSUM_GEN_ICMP
 * expect-text: audit.csum_offload_vs_frag ip4_frag()
 * expect-text-not: audit.csum_offload_vs_frag STM32
 * expect-text-not: audit.csum_offload_vs_frag GEM
 */
#ifndef __LWIPOPTS__H__
#define __LWIPOPTS__H__

#include "main.h"

#define WITH_RTOS 1
#define CHECKSUM_BY_HARDWARE 1
#define MEM_ALIGNMENT 4
#define LWIP_ETHERNET 1
#define TCP_SND_QUEUELEN 9
#define TCP_SNDLOWAT 1071
#define TCP_SNDQUEUELOWAT 5
#define TCP_WND_UPDATE_THRESHOLD 536
#define LWIP_NETIF_LINK_CALLBACK 1
#define TCPIP_THREAD_STACKSIZE 1024
#define TCPIP_THREAD_PRIO 3
#define TCPIP_MBOX_SIZE 6
#define DEFAULT_UDP_RECVMBOX_SIZE 6
#define DEFAULT_TCP_RECVMBOX_SIZE 6
#define DEFAULT_ACCEPTMBOX_SIZE 6
#define LWIP_PERF 1
#define LWIP_STATS 0
#define CHECKSUM_GEN_IP 0
#define CHECKSUM_GEN_UDP 0
#define CHECKSUM_GEN_TCP 0
#define CHECKSUM_GEN_ICMP 0
#define CHECKSUM_CHECK_IP 0
#define CHECKSUM_CHECK_UDP 0
#define CHECKSUM_CHECK_TCP 0
#define CHECKSUM_CHECK_ICMP 0

#endif
