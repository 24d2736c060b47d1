/*!
    \file    lwipopts.h
    \brief   lwIP options of a GD32F4xx ENET demo (written for lwipgen's tests in the shape of the
             GD32 firmware library's Examples/ENET lwipopts.h; contains no GigaDevice code)
*/
#ifndef LWIPOPTS_H
#define LWIPOPTS_H

#define SYS_LIGHTWEIGHT_PROT    1
#define NO_SYS                  0
#define MEM_ALIGNMENT           4
#define MEM_SIZE                (20*1024)
#define MEMP_NUM_PBUF           10
#define MEMP_NUM_TCP_PCB        5
#define PBUF_POOL_SIZE          10
#define PBUF_POOL_BUFSIZE       1500
#define TCP_MSS                 (1500 - 40)
#define TCP_SND_BUF             (2*TCP_MSS)
#define TCP_WND                 (2*TCP_MSS)
#define TCP_QUEUE_OOSEQ         0
#define LWIP_DHCP               1
#define LWIP_NETIF_LINK_CALLBACK 1
#define CHECKSUM_BY_HARDWARE

#endif /* LWIPOPTS_H */
