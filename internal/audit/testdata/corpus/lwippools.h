/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: polarfire-soc/hart-software-services baremetal/polarfire-soc-bare-metal-library/examples/
 * mss-ethernet-mac/pse-mss-uart-mac-freertos_lwip/src/modules/lwip-2.0.0-wip/lwippools.h (the pools
 * mem_malloc() uses with MEM_USE_POOLS, smallest first). Found beside 52_pools_lwippools_beside.h, as a
 * project has it next to its lwipopts.h. */
LWIP_MALLOC_MEMPOOL_START
LWIP_MALLOC_MEMPOOL(16, 256)
LWIP_MALLOC_MEMPOOL(8, 512)
LWIP_MALLOC_MEMPOOL(6, 1560)
LWIP_MALLOC_MEMPOOL_END
