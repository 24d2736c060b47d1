/* GigaDevice's FreeRTOS lwIP demo for the GD32F4xx, values only, rewritten: CommunityGD32Cores/
 * gigadevice-firmware-and-docs@283058aa GD32F4xx/GD32F4xx_Demo_Suites_V2.2.0/GD32450I_EVAL_Demo_Suites/
 * Projects/27_ENET/Projects/FreeRTOS_tcpudp/inc/lwipopts.h (demo V2.0.0, lwIP 1.4.1; the GD32450Z demo's is the
 * same). Driver side (baselines.go): the library's ENET_RXBUF_NUM / ENET_TXBUF_NUM stay at 5, one 1524-byte copy
 * buffer per descriptor; its FreeRTOS ethernetif.c copies each frame into a PBUF_POOL chain from an RX task
 * woken by the ENET interrupt. The demo defines CHECKSUM_BY_HARDWARE, so lwIP neither generates nor checks.
 * Not kept: ETHARP_TRUST_IP_MAC (gone in lwIP 2.x) and LWIP_COMPAT_MUTEX 1 (the demo's 1.4.1 sys_arch has no
 * mutexes; GD's lwIP 2.1.2 FreeRTOS port has them, and lwIP 2.1's init.c refuses the compat mutex with core
 * locking), LWIP_PROVIDE_ERRNO 1 (where errno lives is the C library's matter: lwIP's own `int errno` clashes with
 * a C library that has one, as newlib and the simulator's host libc do); TCPIP_THREAD_PRIO
 * (configMAX_PRIORITIES - 2) is the port's business. */
#define NO_SYS 0
#define SYS_LIGHTWEIGHT_PROT 1
#define IP_REASSEMBLY 0
#define IP_FRAG 0
#define ARP_QUEUEING 0
#define MEM_ALIGNMENT 4
#define MEM_SIZE (5*1024)
#define MEMP_NUM_PBUF 100
#define MEMP_NUM_UDP_PCB 6
#define MEMP_NUM_TCP_PCB 10
#define MEMP_NUM_TCP_PCB_LISTEN 5
#define MEMP_NUM_TCP_SEG 20
#define MEMP_NUM_SYS_TIMEOUT 10
#define MEMP_NUM_NETBUF 8
#define PBUF_POOL_SIZE 20
#define PBUF_POOL_BUFSIZE 500
#define LWIP_TCP 1
#define TCP_TTL 255
#define TCP_QUEUE_OOSEQ 0
#define TCP_MSS (1500 - 40)
#define TCP_SND_BUF (2*TCP_MSS)
#define TCP_SND_QUEUELEN ((4* TCP_SND_BUF)/TCP_MSS)
#define TCP_WND (2*TCP_MSS)
#define LWIP_ICMP 1
#define LWIP_DHCP 1
#define LWIP_UDP 1
#define UDP_TTL 255
#define LWIP_STATS 0
#define CHECKSUM_GEN_IP 0
#define CHECKSUM_GEN_UDP 0
#define CHECKSUM_GEN_TCP 0
#define CHECKSUM_GEN_ICMP 0
#define CHECKSUM_CHECK_IP 0
#define CHECKSUM_CHECK_UDP 0
#define CHECKSUM_CHECK_TCP 0
#define LWIP_NETCONN 1
#define MEMP_NUM_NETCONN 4
#define LWIP_SOCKET 1
#define LWIP_SO_RCVTIMEO 1
#define TCPIP_THREAD_STACKSIZE 1000
#define DEFAULT_THREAD_STACKSIZE 500
/* The lwipopts.h asks for TCPIP_MBOX_SIZE 5 and leaves the receive mailboxes at opt.h's 0, but the demo's
 * sys_arch.c ignores the size lwIP passes and makes every mailbox archMESG_QUEUE_LENGTH (6) deep
 * (lwip-1.4.1/port/GD32F4xx/FreeRTOS/sys_arch.{c,h}); a port that honours the size runs what the board runs
 * with 6 everywhere. */
#define TCPIP_MBOX_SIZE 6
#define DEFAULT_TCP_RECVMBOX_SIZE 6
#define DEFAULT_UDP_RECVMBOX_SIZE 6
#define DEFAULT_RAW_RECVMBOX_SIZE 6
#define DEFAULT_ACCEPTMBOX_SIZE 6
