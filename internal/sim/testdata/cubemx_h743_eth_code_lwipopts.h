/* A CubeMX-generated STM32H743 lwipopts.h with ST's ETH_CODE additions, written for lwipgen's
 * simulator tests. Modelled on: stm32-hotspot/STM32H7-LwIP-Examples@b4bcc6cffa
 * STM32H743_Nucleo_ETH/LWIP/Target/lwipopts.h (the same option set and values; the comments and
 * layout are lwipgen's). What the simulator must cope with: a project header it does not have
 * (main.h), vendor glue switches lwIP never reads (WITH_RTOS, CHECKSUM_BY_HARDWARE,
 * ETH_RX_BUFFER_SIZE), a heap at a fixed target address (D2 SRAM), and lwIP's core-locking hooks
 * mapped to functions the project defines in its own ethernetif.c. */
#ifndef CUBEMX_H743_ETH_CODE_LWIPOPTS_H
#define CUBEMX_H743_ETH_CODE_LWIPOPTS_H

#include "main.h"

/* USER CODE BEGIN 0 */
/* USER CODE END 0 */

#ifdef __cplusplus
extern "C" {
#endif

/* switches read by the vendor's glue */
#define WITH_RTOS 1
#define CHECKSUM_BY_HARDWARE 1
#define ETH_RX_BUFFER_SIZE 1536

/* lwIP options the generator changes from opt.h */
#define MEM_ALIGNMENT 4
#define MEM_SIZE 131048
#define LWIP_RAM_HEAP_POINTER 0x30020000
#define LWIP_SUPPORT_CUSTOM_PBUF 1
#define LWIP_ETHERNET 1
#define LWIP_DNS_SECURE 7
#define TCP_MSS 1460
#define TCP_SND_BUF 5840
#define TCP_SND_QUEUELEN 16
#define LWIP_NETIF_LINK_CALLBACK 1
#define TCPIP_THREAD_STACKSIZE 2048
#define TCPIP_THREAD_PRIO 24
#define TCPIP_MBOX_SIZE 6
#define SLIPIF_THREAD_STACKSIZE 1024
#define SLIPIF_THREAD_PRIO 3
#define DEFAULT_THREAD_STACKSIZE 2048
#define DEFAULT_THREAD_PRIO 3
#define DEFAULT_UDP_RECVMBOX_SIZE 6
#define DEFAULT_TCP_RECVMBOX_SIZE 6
#define DEFAULT_ACCEPTMBOX_SIZE 6
#define RECV_BUFSIZE_DEFAULT 2000000000
#define LWIP_STATS 0
#define CHECKSUM_GEN_IP 0
#define CHECKSUM_GEN_UDP 0
#define CHECKSUM_GEN_TCP 0
#define CHECKSUM_GEN_ICMP6 0
#define CHECKSUM_CHECK_IP 0
#define CHECKSUM_CHECK_UDP 0
#define CHECKSUM_CHECK_TCP 0
#define CHECKSUM_CHECK_ICMP6 0

/* USER CODE BEGIN 1 */
/* errno from the C library (GCC) */
#undef LWIP_PROVIDE_ERRNO
#define LWIP_ERRNO_STDINCLUDE
#define LWIPERF_CHECK_RX_DATA 1

/* core-locking hooks: the bodies live in the project's ethernetif.c */
#define LOCK_TCPIP_CORE sys_lock_tcpip_core
#define UNLOCK_TCPIP_CORE sys_unlock_tcpip_core
#define LWIP_ASSERT_CORE_LOCKED sys_check_core_locking
#define LWIP_MARK_TCPIP_THREAD sys_mark_tcpip_thread

void sys_lock_tcpip_core(void);
void sys_unlock_tcpip_core(void);
void sys_check_core_locking(void);
void sys_mark_tcpip_thread(void);
/* USER CODE END 1 */

#ifdef __cplusplus
}
#endif
#endif
