/* USER CODE BEGIN Header */
/* lwip.h - Written for lwipgen's tests in the shape of a CubeMX-generated file; contains no ST code. */
/* USER CODE END Header */
#ifndef __mx_lwip_H
#define __mx_lwip_H
#include "lwip/netif.h"
/* USER CODE BEGIN 0 */

/* USER CODE END 0 */
void MX_LWIP_Init(void);
void MX_LWIP_Process(void);
#endif
