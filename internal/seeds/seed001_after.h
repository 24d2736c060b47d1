/* Seed 001 (GD32F407 firmware download), the "after" column of its tuning table.
 * The article does not print TCP_MSS; its text assumes 1460. */
#define TCP_MSS 1460
#define PBUF_POOL_SIZE 64
#define TCP_WND 32768
#define TCP_SND_BUF 32768
#define TCP_SND_QUEUELEN 36
#define MEMP_NUM_TCP_SEG 36
#define ETH_RXBUFNB 12
