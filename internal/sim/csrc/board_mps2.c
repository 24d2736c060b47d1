/*
 * board_mps2.c - what the generated mps2-an500 firmware's main.c does around its driver, for the
 * simulator: lwipgen_sys_init (SysTick at 1 kHz), lwip_init, netif_add(..., ethernetif_init,
 * ethernet_input), netif_set_default/up/link_up, then lwipgen_poll() on every pass of the main loop
 * (templates/firmware/mps2-an500/main.c.tmpl, in the same order). The firmware's own services
 * (echo, discard, chargen, the stats dump), its start-up code, MPU set-up and UART are not the driver
 * under test; the simulator's workload application takes their place. lwipgen's own code.
 */
#include <stdlib.h>

#include "lwip/init.h"
#include "lwip/netif.h"
#include "netif/ethernet.h"
#include "lan9118.h"
#include "sys.h"
#include "devhost.h"

static struct netif lan_netif;
int sim_systick_enabled(void);
void SysTick_Handler(void);

struct netif *board_init(void)
{
    ip4_addr_t addr, mask, gw;
    lwipgen_sys_init();
    lwip_init();
    IP4_ADDR(&addr, 10, 0, 0, 2); /* the firmware has QEMU slirp's 10.0.2.15; the simulator's link is 10.0.0.0/24 */
    IP4_ADDR(&mask, 255, 255, 255, 0);
    IP4_ADDR(&gw, 0, 0, 0, 0);
    if (netif_add(&lan_netif, &addr, &mask, &gw, NULL, ethernetif_init, ethernet_input) == NULL) {
        return NULL;
    }
    netif_set_default(&lan_netif);
    netif_set_up(&lan_netif);
    netif_set_link_up(&lan_netif); /* QEMU's PHY link is always up */
    return &lan_netif;
}

void board_loop_once(void) { lwipgen_poll(&lan_netif); }

uint64_t board_next_event(void) { return UINT64_MAX; }

/* The SysTick exception reaches the firmware's handler only when it enabled the timer and its interrupt. */
void board_systick(void)
{
    if (sim_systick_enabled()) {
        SysTick_Handler();
    }
}

void lwipgen_semihost_exit(int success) { exit(success ? 0 : 1); }
