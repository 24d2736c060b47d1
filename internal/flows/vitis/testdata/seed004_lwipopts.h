/*
 * Seed 004 (ZYNQ7Z035 TCP upload stuck at 10 KB/s): the lwipopts.h edits the article recommends, as a user
 * would paste them into the BSP's generated lwipopts.h (section 2.1 and 2.2 of the article), on top of the
 * BSP's TCP_MSS 1460. Kept verbatim in substance so the audit can show what is wrong with them.
 */
#ifndef __LWIPOPTS_H_
#define __LWIPOPTS_H_

#define TCP_MSS 1460

/* 2.1 send buffer */
#define TCP_SND_BUF (16*TCP_MSS)
#define TCP_SND_QUEUELEN (4*TCP_SND_BUF/TCP_MSS)
#define TCP_WND (8*TCP_MSS)

/* pools */
#define MEMP_NUM_PBUF 256
#define PBUF_POOL_SIZE 256
#define MEMP_NUM_TCP_PCB 32
#define MEMP_NUM_TCP_PCB_LISTEN 8

/* 2.2 TCP behaviour */
#define LWIP_TCP_TIMESTAMPS 0
#define TCP_TMR_INTERVAL 100
#define TCP_FAST_INTERVAL TCP_TMR_INTERVAL/4
#define TCP_SLOW_INTERVAL TCP_TMR_INTERVAL

#define LWIP_STATS 0
#define LWIP_ARP_QUEUEING 0

#endif
