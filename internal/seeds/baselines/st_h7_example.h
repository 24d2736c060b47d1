/* ST's own H7 example configuration, values only: STM32CubeH7 Projects/NUCLEO-H743ZI/Applications/LwIP/
 * LwIP_HTTP_Server_Netconn_RTOS/Inc/lwipopts.h (commit abbf9ca). Its ethernetif.c keeps ETH_RX_BUFFER_CNT 12 RX
 * buffers of ETH_RX_BUFFER_SIZE 1000 B with ETH_RX_DESC_CNT 4 (baselines.go). Debug and httpd lines are left out;
 * TCPIP_THREAD_PRIO osPriorityHigh is a CMSIS-RTOS constant the simulator (NO_SYS) does not need. */
#define NO_SYS 0
#define MEM_ALIGNMENT 4
#define MEM_SIZE (14*1024)
#define MEMP_NUM_TCP_PCB 10
#define MEMP_NUM_TCP_SEG TCP_SND_QUEUELEN
#define PBUF_POOL_BUFSIZE 1536
#define LWIP_SUPPORT_CUSTOM_PBUF 1
#define LWIP_IPV4 1
#define LWIP_TCP 1
#define TCP_TTL 255
#define TCP_MSS (1500 - 40)
#define TCP_SND_BUF (4*TCP_MSS)
#define TCP_WND (4*TCP_MSS)
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
#define CHECKSUM_GEN_ICMP 1
#define CHECKSUM_CHECK_ICMP 0
#define LWIP_NETCONN 1
#define LWIP_SOCKET 0
#define LWIP_NETIF_API 1
#define TCPIP_THREAD_STACKSIZE 2048
#define TCPIP_MBOX_SIZE 6
#define DEFAULT_UDP_RECVMBOX_SIZE 6
#define DEFAULT_TCP_RECVMBOX_SIZE 6
#define DEFAULT_ACCEPTMBOX_SIZE 6
#define DEFAULT_THREAD_STACKSIZE 1024
