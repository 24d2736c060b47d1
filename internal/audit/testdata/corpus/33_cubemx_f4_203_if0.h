/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: STM32CubeMX lwIP 2.0.3 output for an STM32F4 where the user wrapped the GUI block in #if 0 and wrote everything in USER CODE 1 (public CubeMX user projects, Inc/lwipopts.h)
 * args: --chip stm32f407
 * expect: info audit.vendor_glue WITH_RTOS
 * expect: info audit.vendor_glue WITH_MBEDTLS
 * expect: info audit.include_not_found
 * expect: info audit.vendor_glue CHECKSUM_BY_HARDWARE
 * expect: warning audit.csum_offload_vs_frag CHECKSUM_GEN_ICMP
 * expect: warning audit.unresolved_identifier TCPIP_THREAD_PRIO
 * expect: warning audit.reass_pool PBUF_POOL_SIZE
 */
/* USER CODE BEGIN Header */
/* lwipopts.h - LwIP stack configuration overriding opt.h (CubeMX-generated shape) */
/* USER CODE END Header */

/* Define to prevent recursive inclusion --------------------------------------*/
#ifndef __LWIPOPTS__H__
#define __LWIPOPTS__H__

#include "main.h"

/*-----------------------------------------------------------------------------*/
/* Current version of LwIP supported by CubeMx: 2.0.3 -*/
/*-----------------------------------------------------------------------------*/

/* Within 'USER CODE' section, code will be kept by default at each generation */
/* USER CODE BEGIN 0 */

/* USER CODE END 0 */

#ifdef __cplusplus
 extern "C" {
#endif

/* STM32CubeMX Specific Parameters (not defined in opt.h) ---------------------*/
/* Parameters set in STM32CubeMX LwIP Configuration GUI -*/
/*----- WITH_RTOS enabled (Since FREERTOS is set) -----*/
#define WITH_RTOS 1
/*----- WITH_MBEDTLS enabled -----*/
#define WITH_MBEDTLS 1
#if 0
/*----- CHECKSUM_BY_HARDWARE enabled -----*/
#define CHECKSUM_BY_HARDWARE 0
/*-----------------------------------------------------------------------------*/

/* LwIP Stack Parameters (modified compared to initialization value in opt.h) -*/
/* Parameters set in STM32CubeMX LwIP Configuration GUI -*/
/*----- Value in opt.h for LWIP_DHCP: 0 -----*/
#define LWIP_DHCP 1
/*----- Value in opt.h for MEM_ALIGNMENT: 1 -----*/
#define MEM_ALIGNMENT 4
#define MEM_SIZE 10240
/*----- Value in opt.h for TCP_MSS: 536 -----*/
#define TCP_MSS 1460
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
#endif
/*-----------------------------------------------------------------------------*/
/* USER CODE BEGIN 1 */

#define SYS_LIGHTWEIGHT_PROT    1
#define NO_SYS                  0
#define MEM_ALIGNMENT           4
#define MEM_SIZE                (10*1024)
#define MEMP_NUM_PBUF           10
#define MEMP_NUM_TCP_SEG        12
#define MEMP_NUM_SYS_TIMEOUT    10
#define PBUF_POOL_SIZE          8
#define PBUF_POOL_BUFSIZE       1528
#define TCP_QUEUE_OOSEQ         0
#define TCP_MSS                 (1500 - 40)
#define TCP_SND_BUF             (4*TCP_MSS)
#define TCP_SND_QUEUELEN        (2* TCP_SND_BUF/TCP_MSS)
#define TCP_WND                 (2*TCP_MSS)
#define LWIP_STATS 0
#define LWIP_PROVIDE_ERRNO

/* The STM32 MAC computes and checks IP, UDP, TCP and ICMP checksums:
   leave CHECKSUM_BY_HARDWARE defined to use it, comment it out to compute them in software. */
#define CHECKSUM_BY_HARDWARE

#ifdef CHECKSUM_BY_HARDWARE
  #define CHECKSUM_GEN_IP                 0
  #define CHECKSUM_GEN_UDP                0
  #define CHECKSUM_GEN_TCP                0
  #define CHECKSUM_CHECK_IP               0
  #define CHECKSUM_CHECK_UDP              0
  #define CHECKSUM_CHECK_TCP              0
  #define CHECKSUM_GEN_ICMP               0
#else
  #define CHECKSUM_GEN_IP                 1
  #define CHECKSUM_GEN_UDP                1
  #define CHECKSUM_GEN_TCP                1
  #define CHECKSUM_CHECK_IP               1
  #define CHECKSUM_CHECK_UDP              1
  #define CHECKSUM_CHECK_TCP              1
  #define CHECKSUM_GEN_ICMP               1
#endif

#define LWIP_NETCONN                    1
#define LWIP_SOCKET                     1
#define LWIP_DNS                        1
#define SO_REUSE                        1
#define TCPIP_THREAD_NAME              "TCP/IP"
#define TCPIP_THREAD_STACKSIZE          1000
#define TCPIP_MBOX_SIZE                 6
#define DEFAULT_UDP_RECVMBOX_SIZE       6
#define DEFAULT_TCP_RECVMBOX_SIZE       6
#define DEFAULT_ACCEPTMBOX_SIZE         6
#define DEFAULT_THREAD_STACKSIZE        500
#define TCPIP_THREAD_PRIO               osPriorityHigh
#define LWIP_COMPAT_MUTEX               1
#define LWIP_COMPAT_MUTEX_ALLOWED       1

/* USER CODE END 1 */

#ifdef __cplusplus
}
#endif
#endif /*__LWIPOPTS__H__ */
