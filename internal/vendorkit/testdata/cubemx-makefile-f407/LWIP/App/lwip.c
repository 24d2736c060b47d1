/* USER CODE BEGIN Header */
/* lwip.c - Written for lwipgen's tests in the shape of a CubeMX-generated file; contains no ST code. */
/* USER CODE END Header */
#include "lwip.h"
#include "lwip/init.h"
#include "lwip/timeouts.h"
#include "netif/ethernet.h"
#include "ethernetif.h"

/* USER CODE BEGIN 0 */
#include "lwipgen_sys.h" /* the project's own: lwipgen's RX/timer poll replaces ethernetif_input() */
/* USER CODE END 0 */
struct netif gnetif;

void MX_LWIP_Init(void)
{
  lwip_init();
  netif_add(&gnetif, IP4_ADDR_ANY4, IP4_ADDR_ANY4, IP4_ADDR_ANY4, NULL, ethernetif_init, ethernet_input);
  netif_set_default(&gnetif);
  netif_set_up(&gnetif);
/* USER CODE BEGIN 3 */

/* USER CODE END 3 */
}

void MX_LWIP_Process(void)
{
/* USER CODE BEGIN 4_1 */
  lwipgen_poll(&gnetif);
/* USER CODE END 4_1 */
/* USER CODE BEGIN 4_2 */
/* USER CODE END 4_2 */
  sys_check_timeouts();
/* USER CODE BEGIN 4_3 */
/* USER CODE END 4_3 */
}
