/*
 * BSP fixture for lwipgen's tests: a port lwipopts.h in the shape of RT-Thread 4.0.3's
 * components/net/lwip-2.1.2/src/lwipopts.h (lwipgen's own text).
 */
#ifndef __LWIPOPTS_H__
#define __LWIPOPTS_H__

#include <rtconfig.h>

#define LWIP_TIMEVAL_PRIVATE 0 /* set by the port's arch/cc.h with RT_USING_LIBC (newlib's struct timeval) */
#define LWIP_IPV4 1
#ifdef RT_USING_LWIP_IPV6
#define LWIP_IPV6 1
#else
#define LWIP_IPV6 0
#endif
#define NO_SYS 0
#define LWIP_SOCKET 1
#define LWIP_NETCONN 1
#ifdef RT_LWIP_IGMP
#define LWIP_IGMP 1
#else
#define LWIP_IGMP 0
#endif
#ifdef RT_LWIP_ICMP
#define LWIP_ICMP 1
#else
#define LWIP_ICMP 0
#endif
#ifdef RT_LWIP_SNMP
#define LWIP_SNMP 1
#else
#define LWIP_SNMP 0
#endif
#ifdef RT_LWIP_DNS
#define LWIP_DNS 1
#else
#define LWIP_DNS 0
#endif
#define LWIP_HAVE_LOOPIF 0
#define LWIP_PLATFORM_BYTESWAP 0
#define MEM_ALIGNMENT 4 /* 4.0.3 has no RT_LWIP_MEM_ALIGNMENT symbol (4.1+ does) */
#define MEMP_OVERFLOW_CHECK 1 /* a debugging aid left on: 12+16+16 B more per pool element */
#define LWIP_ALLOW_MEM_FREE_FROM_OTHER_CONTEXT 1
#define MEMP_MEM_MALLOC 0 /* MEM_SIZE is commented out here: lwIP's default 1600 applies unless rtconfig_project.h sets it */
#define MEMP_NUM_PBUF 32
#ifdef RT_MEMP_NUM_NETCONN
#define MEMP_NUM_NETCONN RT_MEMP_NUM_NETCONN
#endif
#ifdef RT_LWIP_RAW_PCB_NUM
#define MEMP_NUM_RAW_PCB RT_LWIP_RAW_PCB_NUM
#endif
#ifdef RT_LWIP_UDP_PCB_NUM
#define MEMP_NUM_UDP_PCB RT_LWIP_UDP_PCB_NUM
#endif
#ifdef RT_LWIP_TCP_PCB_NUM
#define MEMP_NUM_TCP_PCB RT_LWIP_TCP_PCB_NUM
#endif
#ifdef RT_LWIP_TCP_SEG_NUM
#define MEMP_NUM_TCP_SEG RT_LWIP_TCP_SEG_NUM
#else
#define MEMP_NUM_TCP_SEG TCP_SND_QUEUELEN
#endif
#ifdef RT_LWIP_PBUF_NUM
#define PBUF_POOL_SIZE RT_LWIP_PBUF_NUM
#endif
#ifdef RT_LWIP_PBUF_POOL_BUFSIZE
#define PBUF_POOL_BUFSIZE RT_LWIP_PBUF_POOL_BUFSIZE
#endif /* no Kconfig symbol: only a header can define RT_LWIP_PBUF_POOL_BUFSIZE */
#define PBUF_LINK_HLEN 16
#ifdef RT_LWIP_ETH_PAD_SIZE
#define ETH_PAD_SIZE RT_LWIP_ETH_PAD_SIZE
#endif /* no Kconfig symbol: only a header can define RT_LWIP_ETH_PAD_SIZE */
#define SYS_LIGHTWEIGHT_PROT (NO_SYS==0)
#ifdef RT_LWIP_TCP
#define LWIP_TCP 1
#else
#define LWIP_TCP 0
#endif
#define TCP_TTL 255
#define TCP_QUEUE_OOSEQ 1
#define TCP_MSS 1460
#ifdef RT_LWIP_TCP_SND_BUF
#define TCP_SND_BUF RT_LWIP_TCP_SND_BUF
#else
#define TCP_SND_BUF (TCP_MSS * 2)
#endif
#define TCP_SND_QUEUELEN (4 * TCP_SND_BUF/TCP_MSS) /* derived from RT_LWIP_TCP_SND_BUF; must stay <= MEMP_NUM_TCP_SEG (init.c #error) */
#define TCP_SNDLOWAT (TCP_SND_BUF/2)
#define TCP_SNDQUEUELOWAT TCP_SND_QUEUELEN/2
#ifdef RT_LWIP_TCP_WND
#define TCP_WND RT_LWIP_TCP_WND
#else
#define TCP_WND (TCP_MSS * 2)
#endif
#define TCP_MAXRTX 12
#define TCP_SYNMAXRTX 4
#ifdef RT_LWIP_TCPTHREAD_PRIORITY
#define TCPIP_MBOX_SIZE RT_LWIP_TCPTHREAD_MBOX_SIZE
#else
#define TCPIP_MBOX_SIZE 8
#endif
#ifdef RT_LWIP_TCPTHREAD_PRIORITY
#define TCPIP_THREAD_PRIO RT_LWIP_TCPTHREAD_PRIORITY
#else
#define TCPIP_THREAD_PRIO 128
#endif
#ifdef RT_LWIP_TCPTHREAD_PRIORITY
#define TCPIP_THREAD_STACKSIZE RT_LWIP_TCPTHREAD_STACKSIZE
#else
#define TCPIP_THREAD_STACKSIZE 4096
#endif
#define TCPIP_THREAD_NAME "tcpip"
#define DEFAULT_TCP_RECVMBOX_SIZE 10
#define LWIP_ARP 1
#define ARP_TABLE_SIZE 10
#define ARP_QUEUEING 1
#ifdef RT_LWIP_USING_HW_CHECKSUM
#define CHECKSUM_GEN_IP 0
#define CHECKSUM_GEN_UDP 0
#define CHECKSUM_GEN_TCP 0
#define CHECKSUM_GEN_ICMP 0
#define CHECKSUM_CHECK_IP 0
#define CHECKSUM_CHECK_UDP 0
#define CHECKSUM_CHECK_TCP 0
#define CHECKSUM_CHECK_ICMP 0
#else
#endif
#define IP_FORWARD 0
#ifdef RT_LWIP_REASSEMBLY_FRAG
#define IP_REASSEMBLY 1
#define IP_FRAG 1
#define IP_REASS_MAX_PBUFS 10
#define MEMP_NUM_REASSDATA 10
#else
#define IP_REASSEMBLY 0
#define IP_FRAG 0
#endif
#define ICMP_TTL 255
#ifdef RT_LWIP_DHCP
#define LWIP_DHCP 1
#else
#define LWIP_DHCP 0
#endif
#define DHCP_DOES_ARP_CHECK (LWIP_DHCP)
#define LWIP_AUTOIP 0
#define LWIP_DHCP_AUTOIP_COOP (LWIP_DHCP && LWIP_AUTOIP)
#ifdef RT_LWIP_UDP
#define LWIP_UDP 1
#else
#define LWIP_UDP 0
#endif
#define LWIP_UDPLITE 0
#define UDP_TTL 255
#define DEFAULT_UDP_RECVMBOX_SIZE 1
#ifdef RT_LWIP_RAW
#define LWIP_RAW 1
#else
#define LWIP_RAW 0
#endif
#define DEFAULT_RAW_RECVMBOX_SIZE 1
#define DEFAULT_ACCEPTMBOX_SIZE 10
#ifdef RT_LWIP_STATS
#define LWIP_STATS 1
#define LWIP_STATS_DISPLAY 1
#define LINK_STATS 1
#define IP_STATS 1
#define ICMP_STATS 1
#define IGMP_STATS 1
#define IPFRAG_STATS 1
#define UDP_STATS 1
#define TCP_STATS 1
#define MEM_STATS 1
#define MEMP_STATS 1
#define PBUF_STATS 1
#define SYS_STATS 1
#define MIB2_STATS 1
#else
#define LWIP_STATS 0
#endif
#ifdef RT_LWIP_PPP
#define PPP_SUPPORT 1
#else
#define PPP_SUPPORT 0
#endif
#ifndef LWIP_POSIX_SOCKETS_IO_NAMES
#define LWIP_POSIX_SOCKETS_IO_NAMES 0
#endif
#ifndef LWIP_TCP_KEEPALIVE
#define LWIP_TCP_KEEPALIVE 1
#endif
#ifndef LWIP_NETIF_HOSTNAME
#define LWIP_NETIF_HOSTNAME 1
#endif
#ifndef LWIP_NETIF_API
#define LWIP_NETIF_API 1
#endif
#ifndef LWIP_COMPAT_SOCKETS
#define LWIP_COMPAT_SOCKETS 1
#endif
#ifndef LWIP_SO_SNDTIMEO
#define LWIP_SO_SNDTIMEO 1
#endif
#ifndef LWIP_SO_RCVTIMEO
#define LWIP_SO_RCVTIMEO 1
#endif
#ifndef LWIP_SO_RCVBUF
#define LWIP_SO_RCVBUF 1
#endif
#ifndef RECV_BUFSIZE_DEFAULT
#define RECV_BUFSIZE_DEFAULT 8192
#endif
#ifndef SO_REUSE
#define SO_REUSE 0
#endif

#endif /* __LWIPOPTS_H__ */
