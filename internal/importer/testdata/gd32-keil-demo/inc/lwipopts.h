/* a bare-metal demo's options, as GD's ENET demos set them (values of the Telnet demo, layout ours) */
#ifndef LWIPOPTS_H
#define LWIPOPTS_H
#define NO_SYS                  1
#define SYS_LIGHTWEIGHT_PROT    0
#define MEM_ALIGNMENT           4
#define MEM_SIZE                (20*1024)
#define MEMP_NUM_PBUF           100
#define MEMP_NUM_UDP_PCB        6
#define MEMP_NUM_TCP_PCB        10
#define MEMP_NUM_TCP_PCB_LISTEN 5
#define MEMP_NUM_TCP_SEG        20
#define MEMP_NUM_SYS_TIMEOUT    10
#define PBUF_POOL_SIZE          20
#define PBUF_POOL_BUFSIZE       500
#define LWIP_TCP                1
#define TCP_TTL                 255
#define TCP_QUEUE_OOSEQ         0
#define TCP_MSS                 (1500 - 40)
#define TCP_SND_BUF             (2*TCP_MSS)
#define TCP_SND_QUEUELEN        (6 * TCP_SND_BUF)/TCP_MSS
#define TCP_WND                 (2*TCP_MSS)
#define LWIP_ICMP               1
#define LWIP_DHCP               0
#define LWIP_UDP                1
#define UDP_TTL                 255
#define LWIP_NETCONN            0
#define LWIP_SOCKET             0
#endif
