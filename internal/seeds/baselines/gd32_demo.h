/* The GD32F4xx firmware library's lwIP demo configuration (lwip-2.2.0/port/GD32F4xx, Telnet demo inc/lwipopts.h),
 * values only, from /work/shared/reference/gd32-and-peer-tools.md. The library's ENET_RXBUF_NUM / ENET_TXBUF_NUM
 * default to 5 descriptors each, one copy buffer per descriptor (baselines.go). CHECKSUM_BY_HARDWARE is commented
 * out in the demo, so lwIP computes every checksum. */
#define NO_SYS 1
#define MEM_ALIGNMENT 4
#define MEM_SIZE (20*1024)
#define MEMP_NUM_PBUF 10
#define PBUF_POOL_SIZE 10
#define PBUF_POOL_BUFSIZE 1500
#define TCP_MSS (1500-40)
#define TCP_SND_BUF (2*TCP_MSS)
#define TCP_WND (2*TCP_MSS)
#define TCP_QUEUE_OOSEQ 0
#define LWIP_DHCP 1
#define LWIP_NETCONN 0
#define LWIP_SOCKET 0
