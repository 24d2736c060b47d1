/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: Houzich/PPPoS-Bridge-STM32F407@adc7ba3c11 Inc/lwipopts.h (older CubeMX F4 shape with FreeRTOS, netconn and sockets on, LWIP_TIMEVAL_PRIVATE left to the port: CubeMX's GCC cc.h takes struct timeval from newlib, so the file compiles in its project)
 * args: --chip stm32f407
 * expect: info audit.include_not_found
 * expect: info audit.vendor_glue WITH_RTOS
 * expect: info audit.vendor_glue CHECKSUM_BY_HARDWARE
 * expect: warning audit.reass_pool PBUF_POOL_SIZE
 * expect: warning audit.csum_offload_vs_frag CHECKSUM_GEN_UDP
 * expect-not: lwip.compile.error
 */
#ifndef __LWIPOPTS__H__
#define __LWIPOPTS__H__

#include "stm32f4xx_hal.h"

/* USER CODE BEGIN 0 */
/* USER CODE END 0 */

#define WITH_RTOS 1
#define CHECKSUM_BY_HARDWARE 1

#define MEM_ALIGNMENT 4
#define MEM_SIZE 10240
#define PBUF_POOL_SIZE 8
#define LWIP_ETHERNET 1
#define TCP_QUEUE_OOSEQ 0
#define TCP_SND_QUEUELEN 9
#define TCP_SNDLOWAT 1071
#define TCP_SNDQUEUELOWAT 5
#define TCP_WND_UPDATE_THRESHOLD 536
#define LWIP_NETCONN 1
#define LWIP_SOCKET 1
#define TCPIP_THREAD_STACKSIZE 1024
#define TCPIP_THREAD_PRIO 3
#define TCPIP_MBOX_SIZE 6
#define DEFAULT_THREAD_STACKSIZE 1024
#define DEFAULT_UDP_RECVMBOX_SIZE 6
#define DEFAULT_TCP_RECVMBOX_SIZE 6
#define DEFAULT_ACCEPTMBOX_SIZE 6
#define CHECKSUM_GEN_IP 0
#define CHECKSUM_GEN_UDP 0
#define CHECKSUM_GEN_TCP 0
#define CHECKSUM_GEN_ICMP 1
#define CHECKSUM_CHECK_IP 0
#define CHECKSUM_CHECK_UDP 0
#define CHECKSUM_CHECK_TCP 0
#define CHECKSUM_CHECK_ICMP 0

/* USER CODE BEGIN 1 */
/* USER CODE END 1 */
#endif /*__LWIPOPTS__H__ */
