/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: weiyuanzhu/NUCLEO_F429ZI_LWIP@e2283f54aa LWIP/Target/lwipopts.h (CubeMX, STM32F429 with
 * FreeRTOS): the generator writes the queue and low-water values CubeMX derives from a 536-byte segment but
 * no TCP_MSS, so lwIP's default 536 stays on an Ethernet board, where 1460 fits one frame.
 * args: --chip stm32f429zi
 * expect: warning audit.tcp_mss_small TCP_MSS
 * expect-text: audit.tcp_mss_small left at lwIP's default 536
 * expect-text: audit.tcp_mss_small 2.7x the packets and ACKs
 * expect: warning audit.csum_offload_vs_frag CHECKSUM_GEN_ICMP
 */
#ifndef CUBE_F429_LWIPOPTS_H
#define CUBE_F429_LWIPOPTS_H

#include "main.h"

/* USER CODE BEGIN 0 */
/* USER CODE END 0 */

#define WITH_RTOS 1
#define CHECKSUM_BY_HARDWARE 1
#define ETH_RX_BUFFER_SIZE 1536

#define MEM_ALIGNMENT 4
#define LWIP_ETHERNET 1
#define TCP_SND_QUEUELEN 9
#define TCP_SNDLOWAT 1071
#define TCP_SNDQUEUELOWAT 5
#define TCP_WND_UPDATE_THRESHOLD 536
#define LWIP_NETIF_LINK_CALLBACK 1
#define TCPIP_THREAD_STACKSIZE 1024
#define TCPIP_THREAD_PRIO 24
#define TCPIP_MBOX_SIZE 6
#define DEFAULT_THREAD_STACKSIZE 1024
#define DEFAULT_UDP_RECVMBOX_SIZE 6
#define DEFAULT_TCP_RECVMBOX_SIZE 6
#define DEFAULT_ACCEPTMBOX_SIZE 6
#define LWIP_STATS 0
#define CHECKSUM_GEN_IP 0
#define CHECKSUM_GEN_UDP 0
#define CHECKSUM_GEN_TCP 0
#define CHECKSUM_GEN_ICMP 0
#define CHECKSUM_CHECK_IP 0
#define CHECKSUM_CHECK_UDP 0
#define CHECKSUM_CHECK_TCP 0
#define CHECKSUM_CHECK_ICMP 0

/* USER CODE BEGIN 1 */
/* USER CODE END 1 */

#endif
