/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: RT-Thread components/net/lwip-2.1.2/src/lwipopts.h (the port header that maps rtconfig.h's RT_LWIP_* symbols onto lwIP options)
 * args: --cpu cortex-m7 -I inc
 * expect: warning audit.mem_size_send MEM_SIZE
 * expect: warning audit.unknown_option ERRNO
 */
#ifndef __LWIPOPTS_H__
#define __LWIPOPTS_H__

#include <rtconfig.h>

#define ERRNO                       1
#define LWIP_IPV4                   1

#define NO_SYS                      0
#define SYS_LIGHTWEIGHT_PROT        1
#define LWIP_SOCKET_SELECT          1
#define LWIP_SOCKET_POLL            1

#ifdef RT_LWIP_ICMP
#define LWIP_ICMP                   1
#else
#define LWIP_ICMP                   0
#endif

#ifdef RT_LWIP_DNS
#define LWIP_DNS                    1
#else
#define LWIP_DNS                    0
#endif

#ifdef RT_LWIP_DHCP
#define LWIP_DHCP                   1
#else
#define LWIP_DHCP                   0
#endif

#ifdef RT_LWIP_RAW
#define LWIP_RAW                    1
#else
#define LWIP_RAW                    0
#endif

#define MEM_ALIGNMENT               4
#define MEM_LIBC_MALLOC             0
#define MEM_SIZE                    (8*1024)

#define MEMP_NUM_PBUF               32
#define MEMP_NUM_RAW_PCB            RT_LWIP_RAW_PCB_NUM
#define MEMP_NUM_UDP_PCB            RT_LWIP_UDP_PCB_NUM
#define MEMP_NUM_TCP_PCB            RT_LWIP_TCP_PCB_NUM
#define MEMP_NUM_TCP_SEG            RT_LWIP_TCP_SEG_NUM
#define MEMP_NUM_NETCONN            RT_MEMP_NUM_NETCONN

#define PBUF_POOL_SIZE              RT_LWIP_PBUF_NUM

#define LWIP_TCP                    1
#define TCP_MSS                     (1500 - 40)
#define TCP_SND_BUF                 RT_LWIP_TCP_SND_BUF
#define TCP_WND                     RT_LWIP_TCP_WND
#define TCP_QUEUE_OOSEQ             1

#define TCPIP_THREAD_NAME           "tcpip"
#define TCPIP_THREAD_PRIO           RT_LWIP_TCPTHREAD_PRIORITY
#define TCPIP_THREAD_STACKSIZE      RT_LWIP_TCPTHREAD_STACKSIZE
#define TCPIP_MBOX_SIZE             RT_LWIP_TCPTHREAD_MBOX_SIZE
#define DEFAULT_RAW_RECVMBOX_SIZE   1
#define DEFAULT_UDP_RECVMBOX_SIZE   1
#define DEFAULT_TCP_RECVMBOX_SIZE   10
#define DEFAULT_ACCEPTMBOX_SIZE     10

#define LWIP_NETCONN                1
#define LWIP_SOCKET                 1
#define LWIP_NETIF_API              1
#define LWIP_TCP_KEEPALIVE          1
#define LWIP_STATS                  0
#define LWIP_PLATFORM_BYTESWAP      0

#endif /* __LWIPOPTS_H__ */
