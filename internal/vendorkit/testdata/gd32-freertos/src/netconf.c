/* netconf.c - written for lwipgen's tests in the shape of a GD32F4xx FreeRTOS ENET demo's lwip_stack_init():
 * tcpip_init, netif_add with ethernetif_init and tcpip_input, default, up. No GigaDevice code. */
#include "lwip/opt.h"
#include "lwip/tcpip.h"
#include "lwip/netif.h"
#include "lwip/dhcp.h"
#include "ethernetif.h"
#include "main.h"
#include "netconf.h"

struct netif g_mynetif;

void lwip_stack_init(void)
{
    ip_addr_t ipaddr, netmask, gw;
    tcpip_init(NULL, NULL);
#ifdef USE_DHCP
    ip_addr_set_zero_ip4(&ipaddr);
    ip_addr_set_zero_ip4(&netmask);
    ip_addr_set_zero_ip4(&gw);
#else
    IP4_ADDR(&ipaddr, IP_ADDR0, IP_ADDR1, IP_ADDR2, IP_ADDR3);
    IP4_ADDR(&netmask, NETMASK_ADDR0, NETMASK_ADDR1, NETMASK_ADDR2, NETMASK_ADDR3);
    IP4_ADDR(&gw, GW_ADDR0, GW_ADDR1, GW_ADDR2, GW_ADDR3);
#endif
    netif_add(&g_mynetif, &ipaddr, &netmask, &gw, NULL, &ethernetif_init, &tcpip_input);
    netif_set_default(&g_mynetif);
    netif_set_up(&g_mynetif);
#ifdef USE_DHCP
    dhcp_start(&g_mynetif);
#endif
}
