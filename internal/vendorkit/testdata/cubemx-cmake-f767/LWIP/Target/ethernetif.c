/* USER CODE BEGIN Header */
/* ethernetif.c - Written for lwipgen's tests in the shape of a CubeMX-generated file; contains no ST code.
 * The descriptor arrays, the zero-copy RX pool and its custom pbufs are declared the way CubeMX's
 * template does (sections as in its F7/H7 variants); no hardware is touched. */
/* USER CODE END Header */
#include "main.h"
#include "lwip/opt.h"
#include "lwip/memp.h"
#include "lwip/pbuf.h"
#include "lwip/timeouts.h"
#include "netif/etharp.h"
#include "ethernetif.h"
#include <string.h>

/* USER CODE BEGIN Include for User BSP */

/* USER CODE END Include for User BSP */

#define ETH_RX_BUFFER_CNT             8U
#define IFNAME0 's'
#define IFNAME1 't'

typedef struct
{
  struct pbuf_custom pbuf_custom;
  uint8_t buff[(ETH_RX_BUF_SIZE + 31) & ~31] __attribute__((aligned(32)));
} RxBuff_t;

/* USER CODE BEGIN 1 */

/* USER CODE END 1 */

ETH_DMADescTypeDef  DMARxDscrTab[ETH_RX_DESC_CNT] __attribute__((section(".RxDecripSection"))); /* Ethernet Rx DMA Descriptors */
ETH_DMADescTypeDef  DMATxDscrTab[ETH_TX_DESC_CNT] __attribute__((section(".TxDecripSection"))); /* Ethernet Tx DMA Descriptors */

LWIP_MEMPOOL_DECLARE(RX_POOL, ETH_RX_BUFFER_CNT, sizeof(RxBuff_t), "Zero-copy RX PBUF pool");
__attribute__((section(".Rx_PoolSection"))) extern u8_t memp_memory_RX_POOL_base[];

/* USER CODE BEGIN 2 */

/* USER CODE END 2 */

static void pbuf_free_custom(struct pbuf *p)
{
  LWIP_MEMPOOL_FREE(RX_POOL, (struct pbuf_custom *)p);
}

static void low_level_init(struct netif *netif)
{
  netif->hwaddr_len = ETH_HWADDR_LEN;
  netif->mtu = 1500;
  netif->flags |= NETIF_FLAG_BROADCAST | NETIF_FLAG_ETHARP;
  LWIP_MEMPOOL_INIT(RX_POOL);
  DMARxDscrTab[0].DESC0 = (uint32_t)&DMATxDscrTab[0];
/* USER CODE BEGIN LOW_LEVEL_INIT */

/* USER CODE END LOW_LEVEL_INIT */
}

static err_t low_level_output(struct netif *netif, struct pbuf *p)
{
  (void)netif;
  (void)p;
  return ERR_OK;
}

static struct pbuf *low_level_input(struct netif *netif)
{
  (void)netif;
  if (DMARxDscrTab[0].DESC3 == 0U) {
    return NULL;
  }
  struct pbuf_custom *c = (struct pbuf_custom *)LWIP_MEMPOOL_ALLOC(RX_POOL);
  if (c == NULL) {
    return NULL;
  }
  c->custom_free_function = pbuf_free_custom;
  return pbuf_alloced_custom(PBUF_RAW, 60, PBUF_REF, c, ((RxBuff_t *)c)->buff, ETH_RX_BUF_SIZE);
}

void ethernetif_input(struct netif *netif)
{
  struct pbuf *p = low_level_input(netif);
  if (p != NULL && netif->input(p, netif) != ERR_OK) {
    pbuf_free(p);
  }
}

err_t ethernetif_init(struct netif *netif)
{
  netif->name[0] = IFNAME0;
  netif->name[1] = IFNAME1;
  netif->output = etharp_output;
  netif->linkoutput = low_level_output;
  low_level_init(netif);
  return ERR_OK;
}

/* USER CODE BEGIN 6 */
u32_t sys_now(void)
{
  return HAL_GetTick();
}
/* USER CODE END 6 */

/* Written for lwipgen's tests in the shape of CubeMX's MSP functions (which CubeMX puts in this file,
 * outside USER CODE); the bodies touch no hardware. */

void HAL_ETH_MspInit(ETH_HandleTypeDef* ethHandle)
{
  if (ethHandle->Instance == ETH)
  {
  /* USER CODE BEGIN ETH_MspInit 0 */

  /* USER CODE END ETH_MspInit 0 */
    __HAL_ETH_DMA_CLEAR_IT(ethHandle, 0U); /* CubeMX: __HAL_RCC_ETH_CLK_ENABLE(); GPIO init for the RMII pins */
  /* USER CODE BEGIN ETH_MspInit 1 */

  /* USER CODE END ETH_MspInit 1 */
  }
}

void HAL_ETH_MspDeInit(ETH_HandleTypeDef* ethHandle)
{
  if (ethHandle->Instance == ETH)
  {
    __HAL_ETH_DMA_CLEAR_IT(ethHandle, 0U); /* CubeMX: __HAL_RCC_ETH_CLK_DISABLE(); GPIO deinit */
  }
}
