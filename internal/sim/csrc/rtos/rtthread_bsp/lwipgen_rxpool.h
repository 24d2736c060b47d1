/*
 * lwipgen_rxpool.h (RT-Thread BSP model) - the RX buffer ring of the STM32H7 BSP drv_eth.c
 * (ETH_RX_BUFFER_CNT = 2 x ETH_RX_DESC_CNT buffers of ETH_MAX_PACKET_SIZE, handed to the HAL by
 * HAL_ETH_RxAllocateCallback), behind the pool interface the HAL model's accounting wraps
 * (model_stm32eth.c: --wrap=lwipgen_rxpool_get/put). The RT-Thread flow renders no lwipgen_rxpool.h:
 * the BSP keeps its own driver, so this header stands for that driver's ring. lwipgen's own code.
 */
#ifndef VRTT_BSP_RXPOOL_H
#define VRTT_BSP_RXPOOL_H

#include <stdint.h>

#ifndef ETH_RX_DESC_CNT
#define ETH_RX_DESC_CNT 4U
#endif
#define LWIPGEN_RXPOOL_COUNT (2u * ETH_RX_DESC_CNT) /* drv_eth.c's ETH_RX_BUFFER_CNT */
#define LWIPGEN_RXPOOL_OK 0
#define LWIPGEN_RXPOOL_BAD -1

typedef struct lwipgen_rxpool {
    uint8_t *base;
    uint32_t stride;
    uint16_t nfree;
    uint16_t free_stack[LWIPGEN_RXPOOL_COUNT];
    uint8_t out[LWIPGEN_RXPOOL_COUNT];
} lwipgen_rxpool_t;

int lwipgen_rxpool_init(lwipgen_rxpool_t *pool, void *mem, uint32_t stride, uint32_t align);
void *lwipgen_rxpool_get(lwipgen_rxpool_t *pool);
int lwipgen_rxpool_put(lwipgen_rxpool_t *pool, void *elem);
uint16_t lwipgen_rxpool_nfree(const lwipgen_rxpool_t *pool);

#endif
