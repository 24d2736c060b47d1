/*
 * netif/xadapter.h - what an application of the Xilinx lwIP BSP library calls (the adapter's public
 * entry points as the embeddedsw lwip2xx contrib/ports/xilinx/include/netif/xadapter.h documents
 * them), declared for lwipgen's simulator; implemented by adapter_xemacpsif.c. No Xilinx code.
 */
#ifndef LWIPGEN_SIM_XADAPTER_H
#define LWIPGEN_SIM_XADAPTER_H

#include "lwip/netif.h"
#include "lwip/ip_addr.h"

enum ethernet_link_status { ETH_LINK_UNDEFINED = 0, ETH_LINK_UP, ETH_LINK_DOWN, ETH_LINK_NEGOTIATING };

struct netif *xemac_add(struct netif *netif, ip4_addr_t *ipaddr, ip4_addr_t *netmask, ip4_addr_t *gw, unsigned char *mac_ethernet_address,
                        unsigned mac_baseaddr);
int xemacif_input(struct netif *netif);
void eth_link_detect(struct netif *netif);
void xemacpsif_resetrx_on_no_rxdata(struct netif *netif);

#endif
