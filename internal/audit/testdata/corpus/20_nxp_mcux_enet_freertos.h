/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: NXP MCUXpresso SDK boards/<board>/lwip_examples/lwip_tcpecho/freertos/lwipopts.h (USE_RTOS switch, #ifndef defaults)
 * args: --cpu cortex-m7 -D USE_RTOS=1
 * expect: warning audit.tcp_mss_small TCP_MSS
 * expect: warning audit.reass_pool PBUF_POOL_SIZE
 * expect: error MEMP_NUM_TCP_SEG
 */
#ifndef _LWIPOPTS_H_
#define _LWIPOPTS_H_

#if USE_RTOS
#define NO_SYS                      0
#define SYS_LIGHTWEIGHT_PROT        1
#define LWIP_NETCONN                1
#define LWIP_SOCKET                 1
#define TCPIP_THREAD_NAME           "tcp/ip"
#define DEFAULT_THREAD_PRIO         3
#define TCPIP_THREAD_PRIO           DEFAULT_THREAD_PRIO
#define TCPIP_THREAD_STACKSIZE      1024
#define TCPIP_MBOX_SIZE             32
#define DEFAULT_RAW_RECVMBOX_SIZE   12
#define DEFAULT_UDP_RECVMBOX_SIZE   12
#define DEFAULT_TCP_RECVMBOX_SIZE   12
#define DEFAULT_ACCEPTMBOX_SIZE     12
#else
#define NO_SYS                      1
#define LWIP_NETCONN                0
#define LWIP_SOCKET                 0
#endif

#define MEM_ALIGNMENT               4
#ifndef MEM_SIZE
#define MEM_SIZE                    (22 * 1024)
#endif
#define MEMP_NUM_PBUF               15
#define MEMP_NUM_UDP_PCB            6
#define MEMP_NUM_TCP_PCB            10
#define MEMP_NUM_TCP_PCB_LISTEN     6
#define MEMP_NUM_TCP_SEG            16
#define MEMP_NUM_SYS_TIMEOUT        10

#ifndef PBUF_POOL_SIZE
#define PBUF_POOL_SIZE              9
#endif
#define PBUF_POOL_BUFSIZE           LWIP_MEM_ALIGN_SIZE(1536)

#define LWIP_TCP                    1
#define TCP_TTL                     255
#define TCP_QUEUE_OOSEQ             0
/* TCP Maximum segment size: leaves room for options */
#ifndef TCP_MSS
#define TCP_MSS                     (1500 - 40 - 40)
#endif
#define TCP_SND_BUF                 (6 * TCP_MSS)
#define TCP_SND_QUEUELEN            (3 * TCP_SND_BUF) / TCP_MSS
#define TCP_WND                     (2 * TCP_MSS)

#define LWIP_ICMP                   1
#define LWIP_DHCP                   1
#define LWIP_UDP                    1
#define UDP_TTL                     255
#define LWIP_STATS                  0
#define LWIP_PROVIDE_ERRNO          1
#define LWIP_NETIF_STATUS_CALLBACK  1

#endif /* _LWIPOPTS_H_ */
