/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: GigaDevice GD32F4xx_Firmware_Library Examples/ENET/FreeRTOS_tcpudp/inc/lwipopts.h (FreeRTOS demo, priorities from FreeRTOSConfig.h)
 * args: --chip gd32f407 -I inc
 * expect: info audit.vendor_glue CHECKSUM_BY_HARDWARE
 * expect: warning audit.csum_offload_vs_frag CHECKSUM_GEN_ICMP
 * expect-text: audit.csum_offload_vs_frag icmp.c
 * expect-text-not: audit.csum_offload_vs_frag STM32
 * expect-text-not: audit.csum_offload_vs_frag GEM
 * expect: error MEMP_NUM_TCP_SEG
 * expect: error audit.lightweight_prot_rtos SYS_LIGHTWEIGHT_PROT
 */
#ifndef LWIPOPTS_H
#define LWIPOPTS_H

#include "FreeRTOSConfig.h"

#define SYS_LIGHTWEIGHT_PROT    0
#define NO_SYS                  0

#define MEM_ALIGNMENT           4
#define MEM_SIZE                (20*1024)
#define MEMP_NUM_PBUF           20
#define MEMP_NUM_UDP_PCB        6
#define MEMP_NUM_TCP_PCB        10
#define MEMP_NUM_TCP_PCB_LISTEN 5
#define MEMP_NUM_TCP_SEG        20
#define MEMP_NUM_SYS_TIMEOUT    10

#define PBUF_POOL_SIZE          20
#define PBUF_POOL_BUFSIZE       1524

#define LWIP_TCP                1
#define TCP_TTL                 255
#define TCP_QUEUE_OOSEQ         0
#define TCP_MSS                 (1500 - 40)
/* bigger send buffer for the download demo */
#define TCP_SND_BUF             (8*TCP_MSS)
#define TCP_SND_QUEUELEN        (4* TCP_SND_BUF/TCP_MSS)
#define TCP_WND                 (2*TCP_MSS)

#define LWIP_ICMP               1
#define LWIP_DHCP               1
#define LWIP_UDP                1
#define UDP_TTL                 255
#define LWIP_STATS              0
#define LWIP_PROVIDE_ERRNO      1

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

#define LWIP_NETCONN            1
#define LWIP_SOCKET             1

#define TCPIP_THREAD_NAME       "TCP/IP"
#define TCPIP_THREAD_STACKSIZE  1024
#define TCPIP_MBOX_SIZE         8
#define DEFAULT_TCP_RECVMBOX_SIZE 8
#define DEFAULT_UDP_RECVMBOX_SIZE 8
#define DEFAULT_ACCEPTMBOX_SIZE 8
#define DEFAULT_THREAD_STACKSIZE 512
#define TCPIP_THREAD_PRIO       (configMAX_PRIORITIES - 2)
#define LWIP_COMPAT_MUTEX       1
#define LWIP_COMPAT_MUTEX_ALLOWED

#endif /* LWIPOPTS_H */
