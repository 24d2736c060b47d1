/* Seed 000 (STM32F407/F767, lwIP 2.1.3), the first configuration as printed in the article. */
#define PBUF_POOL_IS_EMPTY 0
#define MEMP_NUM_TCP_SEG 64
#define TCP_MSS 1460
#define TCP_SND_BUF (8 * TCP_MSS)
#define TCP_RCV_BUF (8 * TCP_MSS)
#define MEMP_NUM_TCP_PCB 10
#define MEMP_NUM_TCP_PCB_LISTEN 5
#define LWIP_TIMERS 1
#define LWIP_TIMEVAL_PRIVATE 0
#define LWIP_TCP 1
#define TCP_TTL 255
#define TCP_RTO_MIN 100
#define TCP_RTO_MAX 3000
