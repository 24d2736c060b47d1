/* What STM32CubeMX 6.x writes into LWIP/Target/lwipopts.h for an STM32H7 with LwIP and FreeRTOS enabled and
 * nothing changed in the LwIP GUI: only the options that differ from opt.h (CubeMX emits no others), so every
 * option left out here is opt.h's default (MEM_SIZE 1600, TCP_MSS 536, TCP_WND 4*TCP_MSS, PBUF_POOL_SIZE 16...).
 * The driver side (ETH_RX_DESC_CNT 4 in hal_conf, ETH_RX_BUFFER_CNT 12 in ethernetif.c) is in baselines.go.
 * Modelled on: IvoBrandao/nucleo-h743zi-lwip LWIP/Target/lwipopts.h (CubeMX, H743, FreeRTOS) and the CubeMX
 * database defaults summarised in /work/shared/reference/stm32-cubemx.md section 6. Values rewritten as facts. */
#define WITH_RTOS 1
#define CHECKSUM_BY_HARDWARE 1
#define MEM_ALIGNMENT 4
#define LWIP_SUPPORT_CUSTOM_PBUF 1
#define LWIP_ETHERNET 1
#define LWIP_DNS_SECURE 7
#define TCP_SND_QUEUELEN 9
#define TCP_SNDLOWAT 1071
#define TCP_SNDQUEUELOWAT 5
#define TCP_WND_UPDATE_THRESHOLD 536
#define TCPIP_THREAD_STACKSIZE 1024
#define TCPIP_MBOX_SIZE 6
#define DEFAULT_THREAD_STACKSIZE 1024
#define DEFAULT_UDP_RECVMBOX_SIZE 6
#define DEFAULT_TCP_RECVMBOX_SIZE 6
#define DEFAULT_ACCEPTMBOX_SIZE 6
#define LWIP_STATS 0
#define CHECKSUM_GEN_IP 0
#define CHECKSUM_GEN_UDP 0
#define CHECKSUM_GEN_TCP 0
#define CHECKSUM_CHECK_IP 0
#define CHECKSUM_CHECK_UDP 0
#define CHECKSUM_CHECK_TCP 0
