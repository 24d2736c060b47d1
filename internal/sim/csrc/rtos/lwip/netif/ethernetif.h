/*
 * netif/ethernetif.h - RT-Thread's eth_device layer (components/net/lwip-2.1.2/src/netif/
 * ethernetif.h in RT-Thread 4.0.3) as its drivers use it: a driver embeds struct eth_device, sets
 * eth_rx/eth_tx, registers it with eth_device_init, and calls eth_device_ready from its RX interrupt.
 * lwipgen's own declarations of that documented interface (ethernetif_rtthread.c implements it).
 */
#ifndef VRTOS_RTT_ETHERNETIF_H
#define VRTOS_RTT_ETHERNETIF_H

#include "lwip/netif.h"
#include "rtthread.h"

#define NIOCTL_GADDR 0x01 /* rt_device_control: read the MAC address */
#ifndef ETHERNET_MTU
#define ETHERNET_MTU 1500
#endif
#define ETHIF_LINK_PHYUP 0x100 /* eth_device_init_with_flag: the link is up from the start */

/* The part of rt_device the eth_device layer uses: a name and the driver's control/init calls. */
struct rt_device {
    char name[RT_NAME_MAX + 1];
    rt_err_t (*init)(struct rt_device *dev);
    rt_err_t (*control)(struct rt_device *dev, int cmd, void *args);
    void *user_data;
};
typedef struct rt_device *rt_device_t;

struct eth_device {
    struct rt_device parent;
    struct netif *netif;
    struct rt_semaphore tx_ack; /* linkoutput waits for etx on it */
    rt_uint16_t flags;
    rt_uint8_t link_changed;
    rt_uint8_t link_status;
    struct pbuf *(*eth_rx)(rt_device_t dev);
    rt_err_t (*eth_tx)(rt_device_t dev, struct pbuf *p);
};

rt_err_t eth_device_ready(struct eth_device *dev);
rt_err_t eth_device_init(struct eth_device *dev, const char *name);
rt_err_t eth_device_init_with_flag(struct eth_device *dev, const char *name, rt_uint16_t flag);
rt_err_t eth_device_linkchange(struct eth_device *dev, rt_bool_t up);
/* creates erx and etx (lwip_system_init calls it before tcpip_init) */
int eth_system_device_init_private(void);
/* the eth_device layer's counters for the report: mails refused by a full erxmb (-RT_EFULL), frames
 * the tcpip mailbox refused (freed by erx), frames sent */
void vrtt_eth_stats(unsigned long *rx_mb_full, unsigned long *rx_input_dropped, unsigned long *tx_frames);

#endif
