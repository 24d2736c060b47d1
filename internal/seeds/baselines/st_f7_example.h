/* ST's own F7 example configuration, values only: STM32CubeF7 Projects/STM32F767ZI-Nucleo/Applications/LwIP/
 * LwIP_HTTP_Server_Netconn_RTOS/Inc/lwipopts.h (commit f8cefdf). RX: ETH_RX_DESC_CNT 4 with 12 RX buffers
 * (baselines.go). httpd lines left out. */
#define NO_SYS 0
#define MEM_ALIGNMENT 4
#define MEM_SIZE (10*1024)
#define MEMP_NUM_PBUF 10
#define MEMP_NUM_UDP_PCB 6
#define MEMP_NUM_TCP_PCB 10
#define MEMP_NUM_TCP_PCB_LISTEN 5
#define MEMP_NUM_TCP_SEG 8
#define MEMP_NUM_SYS_TIMEOUT 10
#define PBUF_POOL_SIZE 8
#define PBUF_POOL_BUFSIZE 1524
#define LWIP_IPV4 1
#define LWIP_TCP 1
#define TCP_TTL 255
#define TCP_QUEUE_OOSEQ 0
#define TCP_MSS (1500 - 40)
#define TCP_SND_BUF (4*TCP_MSS)
#define TCP_SND_QUEUELEN (2* TCP_SND_BUF/TCP_MSS)
#define TCP_WND (2*TCP_MSS)
#define LWIP_ICMP 1
#define LWIP_DHCP 1
#define LWIP_UDP 1
#define UDP_TTL 255
#define LWIP_STATS 0
#define LWIP_NETIF_LINK_CALLBACK 1
#define CHECKSUM_GEN_IP 0
#define CHECKSUM_GEN_UDP 0
#define CHECKSUM_GEN_TCP 0
#define CHECKSUM_CHECK_IP 0
#define CHECKSUM_CHECK_UDP 0
#define CHECKSUM_CHECK_TCP 0
#define CHECKSUM_GEN_ICMP 0
#define LWIP_NETCONN 1
#define LWIP_SOCKET 0
#define TCPIP_THREAD_STACKSIZE 1000
#define TCPIP_MBOX_SIZE 6
#define DEFAULT_UDP_RECVMBOX_SIZE 6
#define DEFAULT_TCP_RECVMBOX_SIZE 6
#define DEFAULT_ACCEPTMBOX_SIZE 6
#define DEFAULT_THREAD_STACKSIZE 500
