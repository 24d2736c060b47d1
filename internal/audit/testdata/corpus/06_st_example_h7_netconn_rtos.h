/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: STMicroelectronics/STM32CubeH7 Projects/NUCLEO-H743ZI/Applications/LwIP/LwIP_HTTP_Server_Netconn_RTOS/Inc/lwipopts.h (the examples' hand-written shape)
 * args: --chip stm32h743zi
 * expect: info audit.vendor_glue CHECKSUM_BY_HARDWARE
 * expect: warning audit.csum_offload_vs_frag CHECKSUM_GEN_ICMP
 * expect: warning audit.heap_cacheable LWIP_RAM_HEAP_POINTER
 * expect: warning audit.unresolved_identifier TCPIP_THREAD_PRIO
 */
#ifndef __LWIPOPTS_H__
#define __LWIPOPTS_H__

/* SYS_LIGHTWEIGHT_PROT==1: protect buffer (de)allocation with sys_arch_protect */
#define SYS_LIGHTWEIGHT_PROT    1
#define NO_SYS                  0

/* ---------- Memory options ---------- */
#define MEM_ALIGNMENT           4
#define MEM_SIZE                (14*1024)
/* heap in D2 SRAM, reachable by the ETH DMA */
#define LWIP_RAM_HEAP_POINTER   (0x30044000)

#define MEMP_NUM_PBUF           10
#define MEMP_NUM_UDP_PCB        6
#define MEMP_NUM_TCP_PCB        10
#define MEMP_NUM_TCP_PCB_LISTEN 5
#define MEMP_NUM_TCP_SEG        8
#define MEMP_NUM_SYS_TIMEOUT    10

/* ---------- Pbuf options ---------- */
#define PBUF_POOL_SIZE          12
#define PBUF_POOL_BUFSIZE       1536
/* RX buffers of the MAC are passed to the stack as custom pbufs */
#define LWIP_SUPPORT_CUSTOM_PBUF 1

/* ---------- TCP options ---------- */
#define LWIP_TCP                1
#define TCP_TTL                 255
#define TCP_QUEUE_OOSEQ         0
#define TCP_MSS                 (1500 - 40)
#define TCP_SND_BUF             (4*TCP_MSS)
#define TCP_SND_QUEUELEN        (2* TCP_SND_BUF/TCP_MSS)
#define TCP_WND                 (2*TCP_MSS)

#define LWIP_ICMP               1
#define LWIP_DHCP               1
#define LWIP_UDP                1
#define UDP_TTL                 255
#define LWIP_STATS              0
#define LWIP_NETIF_LINK_CALLBACK 1

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
#define LWIP_SOCKET             0

/* ---------- OS options ---------- */
#define TCPIP_THREAD_NAME              "TCP/IP"
#define TCPIP_THREAD_STACKSIZE          1000
#define TCPIP_MBOX_SIZE                 6
#define DEFAULT_UDP_RECVMBOX_SIZE       6
#define DEFAULT_TCP_RECVMBOX_SIZE       6
#define DEFAULT_ACCEPTMBOX_SIZE         6
#define DEFAULT_THREAD_STACKSIZE        500
#define TCPIP_THREAD_PRIO               osPriorityHigh

#endif /* __LWIPOPTS_H__ */
