/*
 * board_gd32.c - what a bare-metal GD32F4xx project around lwipgen's GD32 glue does, for the
 * simulator: the start-up of GigaDevice's ENET demos (GD32F4xx firmware library, Examples/ENET:
 * main() -> systick_config, lwip_stack_init: lwip_init, netif_add(..., ethernetif_init,
 * ethernet_input), netif_set_default, netif_set_up), in the order the generated ethernetif.h gives
 * ("Use:"), then lwipgen_poll() on every pass of the main loop. lwipgen's own code.
 */
#include <stdlib.h>

#include "lwip/init.h"
#include "lwip/netif.h"
#include "netif/ethernet.h"
#include "ethernetif.h"
#include "lwipgen_sys.h"
#include "devhost.h"

static struct netif g_mynetif;
int sim_systick_enabled(void);
void SysTick_Handler(void);

/* the demo's gd32f4xx_it.c SysTick_Handler (weak: the glue defines its own with LWIPGEN_SYSTICK_HANDLER 1) */
__attribute__((weak)) void SysTick_Handler(void) { lwipgen_systick(); }

struct netif *board_init(void)
{
    ip4_addr_t addr, mask, gw;
    lwipgen_sys_init();
    lwip_init();
    IP4_ADDR(&addr, 10, 0, 0, 2);
    IP4_ADDR(&mask, 255, 255, 255, 0);
    IP4_ADDR(&gw, 0, 0, 0, 0);
    if (netif_add(&g_mynetif, &addr, &mask, &gw, NULL, ethernetif_init, ethernet_input) == NULL) {
        return NULL;
    }
    netif_set_default(&g_mynetif);
    netif_set_up(&g_mynetif);
    return &g_mynetif;
}

void board_loop_once(void) { lwipgen_poll(&g_mynetif); }

uint64_t board_next_event(void) { return UINT64_MAX; }

void board_systick(void)
{
    if (sim_systick_enabled()) {
        SysTick_Handler();
    }
}
