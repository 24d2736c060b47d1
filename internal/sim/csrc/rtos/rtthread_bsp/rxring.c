/*
 * rxring.c - the BSP drv_eth.c's RX buffer ring as a free-index stack (lwipgen_rxpool.h here). In
 * its own object so that the HAL model's link-time wraps see every get/put of the driver model.
 */
#include <stddef.h>

#include "lwipgen_rxpool.h"

int lwipgen_rxpool_init(lwipgen_rxpool_t *p, void *mem, uint32_t stride, uint32_t align)
{
    if (((uintptr_t)mem & (align - 1u)) != 0u || stride % align != 0u) {
        return -1;
    }
    p->base = mem;
    p->stride = stride;
    p->nfree = LWIPGEN_RXPOOL_COUNT;
    for (uint16_t i = 0; i < LWIPGEN_RXPOOL_COUNT; i++) {
        p->free_stack[i] = (uint16_t)(LWIPGEN_RXPOOL_COUNT - 1u - i);
        p->out[i] = 0;
    }
    return 0;
}
void *lwipgen_rxpool_get(lwipgen_rxpool_t *p)
{
    if (p->nfree == 0u) {
        return NULL;
    }
    uint16_t i = p->free_stack[--p->nfree];
    p->out[i] = 1;
    return p->base + (size_t)i * p->stride;
}
int lwipgen_rxpool_put(lwipgen_rxpool_t *p, void *e)
{
    uintptr_t off = (uintptr_t)e - (uintptr_t)p->base;
    if ((uint8_t *)e < p->base || off % p->stride != 0u || off / p->stride >= LWIPGEN_RXPOOL_COUNT || !p->out[off / p->stride]) {
        return LWIPGEN_RXPOOL_BAD;
    }
    p->out[off / p->stride] = 0;
    p->free_stack[p->nfree++] = (uint16_t)(off / p->stride);
    return LWIPGEN_RXPOOL_OK;
}
uint16_t lwipgen_rxpool_nfree(const lwipgen_rxpool_t *p) { return p->nfree; }
