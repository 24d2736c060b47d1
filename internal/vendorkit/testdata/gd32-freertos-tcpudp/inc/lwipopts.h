/* lwipopts.h - written for lwipgen's tests in the shape of the lwIP options of GD's FreeRTOS_tcpudp ENET
 * demo (OKMCU/GD32F4xx_Demo_Suites@0e3c087, see README.md): small heap and pools, checksums by hardware,
 * netconn and sockets, the tcpip thread two below the top of FreeRTOS's scale; no GigaDevice code. */
#ifndef LWIPOPTS_H
#define LWIPOPTS_H

#define ETHARP_TRUST_IP_MAC     0
#define IP_REASSEMBLY           0
#define IP_FRAG                 0
#define ARP_QUEUEING            0
#define SYS_LIGHTWEIGHT_PROT    1
#define NO_SYS                  0
#define MEM_ALIGNMENT           4
#define MEM_SIZE                (5 * 1024)
#define MEMP_NUM_PBUF           100
#define MEMP_NUM_UDP_PCB        6
#define MEMP_NUM_TCP_PCB        10
#define MEMP_NUM_TCP_PCB_LISTEN 5
#define MEMP_NUM_TCP_SEG        20
#define MEMP_NUM_SYS_TIMEOUT    10
#define MEMP_NUM_NETBUF         8
#define PBUF_POOL_SIZE          20
#define PBUF_POOL_BUFSIZE       500
#define LWIP_TCP                1
#define TCP_TTL                 255
#define TCP_QUEUE_OOSEQ         0
#define TCP_MSS                 (1500 - 40)
#define TCP_SND_BUF             (2 * TCP_MSS)
#define TCP_SND_QUEUELEN        ((4 * TCP_SND_BUF) / TCP_MSS)
#define TCP_WND                 (2 * TCP_MSS)
#define LWIP_ICMP               1
#define LWIP_DHCP               1
#define LWIP_UDP                1
#define UDP_TTL                 255
#define LWIP_STATS              0
#define LWIP_PROVIDE_ERRNO      1
#define CHECKSUM_BY_HARDWARE
#define LWIP_NETCONN            1
#define MEMP_NUM_NETCONN        4
#define LWIP_SOCKET             1
#define LWIP_SO_RCVTIMEO        1

#ifdef CHECKSUM_BY_HARDWARE
#define CHECKSUM_GEN_IP         0
#define CHECKSUM_GEN_UDP        0
#define CHECKSUM_GEN_TCP        0
#define CHECKSUM_CHECK_IP       0
#define CHECKSUM_CHECK_UDP      0
#define CHECKSUM_CHECK_TCP      0
#define CHECKSUM_GEN_ICMP       0
#else
#define CHECKSUM_GEN_IP         1
#define CHECKSUM_GEN_UDP        1
#define CHECKSUM_GEN_TCP        1
#define CHECKSUM_CHECK_IP       1
#define CHECKSUM_CHECK_UDP      1
#define CHECKSUM_CHECK_TCP      1
#define CHECKSUM_GEN_ICMP       1
#endif

#define TCPIP_THREAD_NAME       "TCP/IP"
#define TCPIP_THREAD_STACKSIZE  1000
#define TCPIP_MBOX_SIZE         5
#define DEFAULT_THREAD_STACKSIZE 500
#define TCPIP_THREAD_PRIO       (configMAX_PRIORITIES - 2)
/* GD's demo (lwIP 1.4.1) sets LWIP_COMPAT_MUTEX 1; lwIP 2.1 stops on it with core locking (init.c),
 * and the 2.1.2 port this overlay sits on implements mutexes: left at 0 (see README.md). */
#define LWIP_COMPAT_MUTEX       0

#endif /* LWIPOPTS_H */
