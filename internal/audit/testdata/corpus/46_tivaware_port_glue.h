/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: timothybrown/TivaWare_GCC@681a586d75 examples/boards/ek-tm4c1294xl/enet_lwip/lwipopts.h and
 * dk-tm4c129x/freertos_demo/lwipopts.h (TivaWare's lwIP 1.4.1 port: the EMAC driver's descriptor counts and PHY
 * set-up, lwiplib.c's host timer, the port's RTOS switch; these were "unknown options")
 * args: --cpu cortex-m4
 * expect: info audit.vendor_glue EMAC_PHY_CONFIG
 * expect: info audit.vendor_glue PHY_PHYS_ADDR
 * expect: info audit.vendor_glue NUM_TX_DESCRIPTORS
 * expect: info audit.vendor_glue NUM_RX_DESCRIPTORS
 * expect: info audit.vendor_glue HOST_TMR_INTERVAL
 * expect: info audit.vendor_glue RTOS_FREERTOS
 * expect: warning audit.tcp_mss_above_mtu TCP_MSS
 * expect: warning audit.pbuf_split PBUF_POOL_BUFSIZE
 * expect-not: audit.unknown_option
 */
#ifndef __LWIPOPTS_H__
#define __LWIPOPTS_H__

#define HOST_TMR_INTERVAL       100
#define EMAC_PHY_CONFIG         (0x1 | 0x2)
#define PHY_PHYS_ADDR           0
#define NUM_TX_DESCRIPTORS      8
#define NUM_RX_DESCRIPTORS      8
#define RTOS_FREERTOS           0

#define NO_SYS                  1
#define SYS_LIGHTWEIGHT_PROT    1
#define MEM_ALIGNMENT           4
#define MEM_SIZE                (16 * 1024)
#define MEMP_NUM_PBUF           48
#define MEMP_NUM_TCP_PCB        8
#define MEMP_NUM_TCP_SEG        32
#define PBUF_POOL_SIZE          48
#define PBUF_POOL_BUFSIZE       512
#define PBUF_LINK_HLEN          16
#define LWIP_TCP                1
#define TCP_MSS                 1500
#define TCP_WND                 (4 * TCP_MSS)
#define TCP_SND_BUF             (4 * TCP_MSS)
#define TCP_SND_QUEUELEN        (4 * TCP_SND_BUF / TCP_MSS)
#define LWIP_DHCP               1
#define LWIP_AUTOIP             1
#define LWIP_DHCP_AUTOIP_COOP   1
#define LWIP_NETCONN            0
#define LWIP_SOCKET             0

#endif
