/*
 * ethernetif_rtthread.c - a behavioural model of RT-Thread 4.0.3's lwIP eth_device layer
 * (components/net/lwip-2.1.2/src/netif/ethernetif.c, read for its behaviour in RT-Thread/rt-thread
 * and the ART-Pi SDK; lwipgen's own code), on the RT-Thread API of the model:
 *  - eth_system_device_init_private: the "erxmb"/"etxmb" mailboxes (RT_LWIP_ETHTHREAD_MBOX_SIZE
 *    mails) and the "erx"/"etx" threads (RT_LWIP_ETHTHREAD_PRIORITY, RT_LWIP_ETHTHREAD_STACKSIZE,
 *    16-tick slice), called by lwip_system_init before tcpip_init;
 *  - eth_device_ready (the driver's RX interrupt): rt_mb_send of the device to erxmb; a full box is
 *    -RT_EFULL and the interrupt's frames wait for the next mail (4.0.3 has no rx_notice flag);
 *  - erx: per mail, the link change first (netifapi_netif_set_link_up/down), then eth_rx until it
 *    returns NULL, each pbuf to netif->input (tcpip_input); a refused pbuf is freed (a silent drop);
 *  - linkoutput: the {netif, pbuf} message to etxmb (blocking), then rt_sem_take(tx_ack) until etx
 *    ran eth_tx: the tcpip thread waits for every frame; LWIP_NO_TX_THREAD calls eth_tx directly;
 *  - eth_device_init_with_flag: the netif (rt_malloc'ed), tx_ack, netifapi_netif_add with
 *    tcpip_input, the default netif, DHCP when RT_LWIP_DHCP, else RT_LWIP_IPADDR/GWADDR/MSKADDR.
 */
#include <stdio.h>

#include "lwip/opt.h"
#include "lwip/dhcp.h"
#include "lwip/etharp.h"
#include "lwip/netifapi.h"
#include "lwip/tcpip.h"
#include "netif/ethernet.h"
#include "netif/ethernetif.h"

#ifndef RT_LWIP_ETHTHREAD_PRIORITY
#define RT_LWIP_ETHTHREAD_PRIORITY 0x90 /* 4.0.3's fall-backs when the Kconfig symbols are missing */
#endif
#ifndef RT_LWIP_ETHTHREAD_MBOX_SIZE
#define RT_LWIP_ETHTHREAD_MBOX_SIZE 48
#endif
#if !LWIP_NETIF_API
/* RT-Thread's ethernetif.c calls netifapi_netif_add / netifapi_netif_set_link_up: its lwipopts.h sets
 * LWIP_NETIF_API 1, and a configuration without it does not link on the board either */
#error "RT-Thread's lwIP port (ethernetif.c) needs LWIP_NETIF_API 1, which this configuration does not set"
#endif
#ifndef RT_LWIP_IPADDR /* Kconfig's defaults (only written to rtconfig.h without RT_LWIP_DHCP) */
#define RT_LWIP_IPADDR "192.168.1.30"
#define RT_LWIP_GWADDR "192.168.1.1"
#define RT_LWIP_MSKADDR "255.255.255.0"
#endif
#ifndef RT_LWIP_ETHTHREAD_STACKSIZE
#define RT_LWIP_ETHTHREAD_STACKSIZE 1024
#endif

struct eth_tx_msg {
    struct netif *netif;
    struct pbuf *buf;
};

static struct rt_mailbox erxmb, etxmb;
static rt_ubase_t erx_pool[RT_LWIP_ETHTHREAD_MBOX_SIZE], etx_pool[RT_LWIP_ETHTHREAD_MBOX_SIZE];
static struct rt_thread erx, etx;
static unsigned long rx_mb_full, rx_input_dropped, tx_frames;
static int ready;

void vrtt_eth_stats(unsigned long *full, unsigned long *dropped, unsigned long *tx)
{
    *full = rx_mb_full;
    *dropped = rx_input_dropped;
    *tx = tx_frames;
}

/* ---- TX ---- */
static err_t linkoutput(struct netif *netif, struct pbuf *p)
{
    struct eth_device *dev = (struct eth_device *)netif->state;
#ifndef LWIP_NO_TX_THREAD
    struct eth_tx_msg msg = {netif, p};
    rt_mb_send_wait(&etxmb, (rt_ubase_t)&msg, RT_WAITING_FOREVER);
    rt_sem_take(&dev->tx_ack, RT_WAITING_FOREVER); /* msg lives on this stack: etx is done with it */
#else
    if (dev->eth_tx) {
        dev->eth_tx(&dev->parent, p);
    }
    tx_frames++;
#endif
    return ERR_OK;
}

static void etx_entry(void *arg)
{
    (void)arg;
    for (;;) {
        rt_ubase_t v;
        if (rt_mb_recv(&etxmb, &v, RT_WAITING_FOREVER) != RT_EOK) {
            continue;
        }
        struct eth_tx_msg *msg = (struct eth_tx_msg *)v;
        struct eth_device *dev = (struct eth_device *)msg->netif->state;
        if (dev->eth_tx) {
            dev->eth_tx(&dev->parent, msg->buf);
            tx_frames++;
        }
        rt_sem_release(&dev->tx_ack);
    }
}

/* ---- RX ---- */
rt_err_t eth_device_ready(struct eth_device *dev)
{
    if (dev->netif == NULL) {
        return RT_EOK;
    }
    rt_err_t r = rt_mb_send(&erxmb, (rt_ubase_t)dev);
    if (r == -RT_EFULL) {
        rx_mb_full++;
    }
    return r;
}

rt_err_t eth_device_linkchange(struct eth_device *dev, rt_bool_t up)
{
    rt_base_t level = rt_hw_interrupt_disable();
    dev->link_changed = 1;
    dev->link_status = up ? 1 : 0;
    rt_hw_interrupt_enable(level);
    return rt_mb_send(&erxmb, (rt_ubase_t)dev);
}

static void erx_entry(void *arg)
{
    (void)arg;
    for (;;) {
        rt_ubase_t v;
        if (rt_mb_recv(&erxmb, &v, RT_WAITING_FOREVER) != RT_EOK) {
            continue;
        }
        struct eth_device *dev = (struct eth_device *)v;
        if (dev->link_changed) {
            rt_base_t level = rt_hw_interrupt_disable();
            int up = dev->link_status;
            dev->link_changed = 0;
            rt_hw_interrupt_enable(level);
            if (up) {
                netifapi_netif_set_link_up(dev->netif);
            } else {
                netifapi_netif_set_link_down(dev->netif);
            }
        }
        for (;;) {
            struct pbuf *p = dev->eth_rx ? dev->eth_rx(&dev->parent) : NULL;
            if (p == NULL) {
                break;
            }
            if (dev->netif->input(p, dev->netif) != ERR_OK) {
                rx_input_dropped++;
                pbuf_free(p);
            }
        }
    }
}

int eth_system_device_init_private(void)
{
    if (ready) {
        return 0;
    }
    ready = 1;
    rt_mb_init(&erxmb, "erxmb", erx_pool, RT_LWIP_ETHTHREAD_MBOX_SIZE, RT_IPC_FLAG_FIFO);
    rt_thread_init(&erx, "erx", erx_entry, RT_NULL, RT_NULL, RT_LWIP_ETHTHREAD_STACKSIZE, RT_LWIP_ETHTHREAD_PRIORITY, 16);
    rt_thread_startup(&erx);
#ifndef LWIP_NO_TX_THREAD
    rt_mb_init(&etxmb, "etxmb", etx_pool, RT_LWIP_ETHTHREAD_MBOX_SIZE, RT_IPC_FLAG_FIFO);
    rt_thread_init(&etx, "etx", etx_entry, RT_NULL, RT_NULL, RT_LWIP_ETHTHREAD_STACKSIZE, RT_LWIP_ETHTHREAD_PRIORITY, 16);
    rt_thread_startup(&etx);
#endif
    return 0;
}

/* ---- registration ---- */
static err_t netif_device_init(struct netif *netif)
{
    struct eth_device *dev = (struct eth_device *)netif->state;
    netif->name[0] = dev->parent.name[0];
    netif->name[1] = dev->parent.name[1];
    netif->output = etharp_output;
    netif->linkoutput = linkoutput;
    netif->mtu = ETHERNET_MTU;
    netif->hwaddr_len = 6;
    netif->flags = (u8_t)(dev->flags & 0xff);
    if (dev->parent.init && dev->parent.init(&dev->parent) != RT_EOK) {
        return ERR_IF;
    }
    if (dev->parent.control) {
        dev->parent.control(&dev->parent, NIOCTL_GADDR, netif->hwaddr);
    }
    if (dev->flags & ETHIF_LINK_PHYUP) {
        netif_set_link_up(netif);
    }
    return ERR_OK;
}

rt_err_t eth_device_init_with_flag(struct eth_device *dev, const char *name, rt_uint16_t flags)
{
    struct netif *netif = rt_malloc(sizeof *netif);
    if (netif == NULL) {
        rt_kprintf("malloc netif failed\n");
        return -RT_ERROR;
    }
    memset(netif, 0, sizeof *netif);
    memset(dev->parent.name, 0, sizeof dev->parent.name);
    strncpy(dev->parent.name, name, RT_NAME_MAX);
    dev->netif = netif;
    dev->flags = flags;
    dev->link_changed = 0;
    dev->link_status = 0;
    rt_sem_init(&dev->tx_ack, name, 0, RT_IPC_FLAG_FIFO);
    ip4_addr_t ip, mask, gw;
#if LWIP_DHCP
    ip4_addr_set_zero(&ip);
    ip4_addr_set_zero(&mask);
    ip4_addr_set_zero(&gw);
#else
    ip4addr_aton(RT_LWIP_IPADDR, &ip);
    ip4addr_aton(RT_LWIP_MSKADDR, &mask);
    ip4addr_aton(RT_LWIP_GWADDR, &gw);
#endif
    if (netifapi_netif_add(netif, &ip, &mask, &gw, dev, netif_device_init, tcpip_input) != ERR_OK) {
        return -RT_ERROR;
    }
    netifapi_netif_set_default(netif);
    netifapi_netif_set_up(netif);
#if LWIP_DHCP
    netifapi_dhcp_start(netif);
#endif
    return RT_EOK;
}

rt_err_t eth_device_init(struct eth_device *dev, const char *name)
{
    return eth_device_init_with_flag(dev, name, NETIF_FLAG_BROADCAST | NETIF_FLAG_ETHARP);
}
