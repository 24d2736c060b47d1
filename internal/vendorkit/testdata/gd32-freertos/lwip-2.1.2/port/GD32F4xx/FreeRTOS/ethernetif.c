/* ethernetif.c - written for lwipgen's tests in the shape of the GD32F4xx demo port's FreeRTOS driver:
 * low_level_init() sets up the descriptors and creates the input task, which waits on g_rx_semaphore that
 * ENET_IRQHandler (gd32f4xx_it.c) gives. Bodies are trivial; no GigaDevice or lwIP code. lwipgen vendor
 * replaces this file with its own driver. */
#include "lwip/opt.h"
#include "lwip/pbuf.h"
#include "netif/etharp.h"
#include "FreeRTOS.h"
#include "task.h"
#include "semphr.h"
#include "gd32f4xx_enet.h"
#include "ethernetif.h"

xSemaphoreHandle g_rx_semaphore = NULL;

static err_t low_level_output(struct netif *netif, struct pbuf *p)
{
    (void)netif; (void)p;
    return ERR_OK;
}

static void low_level_init(struct netif *netif)
{
    netif->hwaddr_len = ETHARP_HWADDR_LEN;
    netif->mtu = 1500;
    netif->flags |= NETIF_FLAG_BROADCAST | NETIF_FLAG_ETHARP;
    vSemaphoreCreateBinary(g_rx_semaphore);
    enet_mac_address_set(ENET_MAC_ADDRESS0, netif->hwaddr);
    enet_descriptors_chain_init(ENET_DMA_TX);
    enet_descriptors_chain_init(ENET_DMA_RX);
    xTaskCreate(ethernetif_input, "ETHERNETIF_INPUT", 350, netif, 4, NULL);
    enet_enable();
}

void ethernetif_input(void *pvParameters)
{
    (void)pvParameters;
    for (;;) {
        (void)xSemaphoreTake(g_rx_semaphore, portMAX_DELAY);
    }
}

err_t ethernetif_init(struct netif *netif)
{
    netif->name[0] = 'G';
    netif->name[1] = 'D';
    netif->output = etharp_output;
    netif->linkoutput = low_level_output;
    low_level_init(netif);
    return ERR_OK;
}
