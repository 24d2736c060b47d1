/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: stm32-hotspot/STM32H7-LwIP-Examples@b4bcc6cffa STM32H723_Nucleo_ETH/LWIP/Target/lwipopts.h (CubeMX 2.1.2 shape: heap pinned in D2 SRAM, USER CODE 1 block with the ETH_CODE core-locking macros naming functions whose prototypes the same block declares)
 * args: --chip stm32h743zi
 * expect: info audit.vendor_glue WITH_RTOS
 * expect: info audit.vendor_glue CHECKSUM_BY_HARDWARE
 * expect: info audit.vendor_glue ETH_RX_BUFFER_SIZE
 * expect: info audit.include_not_found
 * expect: warning audit.heap_cacheable LWIP_RAM_HEAP_POINTER
 * expect: warning audit.csum_offload_vs_frag CHECKSUM_GEN_UDP
 * expect-not: audit.unresolved_identifier LOCK_TCPIP_CORE
 * expect-not: audit.unresolved_identifier LWIP_ASSERT_CORE_LOCKED
 */
/* USER CODE BEGIN Header */
/* lwipopts.h: stack settings over opt.h (CubeMX-generated shape) */
/* USER CODE END Header */
#ifndef __LWIPOPTS__H__
#define __LWIPOPTS__H__

#include "main.h"

/* USER CODE BEGIN 0 */
/* USER CODE END 0 */

#ifdef __cplusplus
 extern "C" {
#endif

#define WITH_RTOS 1
#define CHECKSUM_BY_HARDWARE 1
#define ETH_RX_BUFFER_SIZE 1536
#define MEM_ALIGNMENT 4
#define MEM_SIZE 32000
#define LWIP_RAM_HEAP_POINTER 0x30000200
#define LWIP_SUPPORT_CUSTOM_PBUF 1
#define LWIP_ETHERNET 1
#define LWIP_DNS_SECURE 7
#define TCP_SND_QUEUELEN 9
#define TCP_SNDLOWAT 1071
#define TCP_SNDQUEUELOWAT 5
#define TCP_WND_UPDATE_THRESHOLD 536
#define LWIP_NETIF_LINK_CALLBACK 1
#define TCPIP_THREAD_STACKSIZE 1024
#define TCPIP_THREAD_PRIO 24
#define TCPIP_MBOX_SIZE 6
#define SLIPIF_THREAD_STACKSIZE 1024
#define SLIPIF_THREAD_PRIO 3
#define DEFAULT_THREAD_STACKSIZE 1024
#define DEFAULT_THREAD_PRIO 3
#define DEFAULT_UDP_RECVMBOX_SIZE 6
#define DEFAULT_TCP_RECVMBOX_SIZE 6
#define DEFAULT_ACCEPTMBOX_SIZE 6
#define RECV_BUFSIZE_DEFAULT 2000000000
#define CHECKSUM_GEN_IP 0
#define CHECKSUM_GEN_UDP 0
#define CHECKSUM_GEN_TCP 0
#define CHECKSUM_GEN_ICMP6 0
#define CHECKSUM_CHECK_IP 0
#define CHECKSUM_CHECK_UDP 0
#define CHECKSUM_CHECK_TCP 0
#define CHECKSUM_CHECK_ICMP6 0

/* USER CODE BEGIN 1 */
#define LWIP_TCPIP_CORE_LOCKING 1
/* the core lock is taken by functions the application's sys_arch.c provides */
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
#endif /*__LWIPOPTS__H__ */
