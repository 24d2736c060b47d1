/* What STM32CubeMX 6.x writes into LWIP/Target/lwipopts.h for an STM32F4 (new ETH HAL, FW_F4 >= 1.27) with LwIP
 * enabled, DHCP on (CubeMX's default for LWIP_DHCP) and the rest of the LwIP GUI untouched: only the options that
 * differ from opt.h, so MEM_SIZE 1600, TCP_MSS 536, TCP_WND 4*TCP_MSS, PBUF_POOL_SIZE 16 are opt.h's. Driver side
 * (ETH_RX_DESC_CNT 4, ETH_RX_BUFFER_CNT 12) in baselines.go. Modelled on: JAECHON-YU/STM32F407VET6_FRTOS_LwIP_MQTT
 * LWIP/Target/lwipopts.h (CubeMX, LwIP 2.1.2, F407; its FreeRTOS mailbox lines and LWIP_SO_RCVBUF are left out)
 * and /work/shared/reference/stm32-cubemx.md. */
#define CHECKSUM_BY_HARDWARE 1
#define LWIP_DHCP 1
#define MEM_ALIGNMENT 4
#define LWIP_ETHERNET 1
#define LWIP_DNS_SECURE 7
#define TCP_SND_QUEUELEN 9
#define TCP_SNDLOWAT 1071
#define TCP_SNDQUEUELOWAT 5
#define TCP_WND_UPDATE_THRESHOLD 536
#define LWIP_NETIF_LINK_CALLBACK 1
#define LWIP_STATS 0
#define CHECKSUM_GEN_IP 0
#define CHECKSUM_GEN_UDP 0
#define CHECKSUM_GEN_TCP 0
#define CHECKSUM_GEN_ICMP 0
#define CHECKSUM_CHECK_IP 0
#define CHECKSUM_CHECK_UDP 0
#define CHECKSUM_CHECK_TCP 0
#define CHECKSUM_CHECK_ICMP 0
