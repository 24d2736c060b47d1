/* Seed 002 (STM32H743 "1000 Mbps"), the values its text gives. */
#define TCP_MSS 1460
#define TCP_WND 8760
#define TCP_SND_BUF 17520
#define MEM_SIZE 65536
#define PBUF_POOL_SIZE 256
