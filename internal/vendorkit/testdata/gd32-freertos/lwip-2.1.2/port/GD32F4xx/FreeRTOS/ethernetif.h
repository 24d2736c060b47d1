/* ethernetif.h - written for lwipgen's tests in the shape of the GD32F4xx demo port's FreeRTOS ethernetif.h;
 * no GigaDevice code. */
#ifndef ETHERNETIF_H
#define ETHERNETIF_H
#include "lwip/err.h"
#include "lwip/netif.h"
err_t ethernetif_init(struct netif *netif);
void ethernetif_input(void *pvParameters);
#endif
