/* USER CODE BEGIN Header */
/* ethernetif.h - Written for lwipgen's tests in the shape of a CubeMX-generated file; contains no ST code. */
/* USER CODE END Header */
#ifndef __ETHERNETIF_H__
#define __ETHERNETIF_H__
#include "lwip/err.h"
#include "lwip/netif.h"
err_t ethernetif_init(struct netif *netif);
void ethernetif_input(struct netif *netif);
/* USER CODE BEGIN 1 */

/* USER CODE END 1 */
#endif
