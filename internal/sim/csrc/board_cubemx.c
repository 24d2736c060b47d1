/*
 * board_cubemx.c - what a bare-metal STM32CubeMX project around lwipgen's glue does, for the simulator:
 * LWIP/App/lwip.c (MX_LWIP_Init, MX_LWIP_Process, Ethernet_Link_Periodic_Handle) and the interrupt
 * vector of Core/Src/stm32xxxx_it.c (SysTick_Handler -> HAL_IncTick, ETH_IRQHandler ->
 * HAL_ETH_IRQHandler). lwipgen's own code, modelled on the lwip.c STM32CubeMX 6.x generates for a
 * NO_SYS F4/F7 project with the new ETH driver (as in ST's STM32CubeF4 / STM32CubeF7 LwIP
 * applications and the many public CubeMX projects that carry it): the start-up order is CubeMX's,
 * so a glue that leaves the netif down after it (the link check never bringing it up) is caught by
 * the run: no connection is ever established.
 *
 * The addresses are the simulator's (10.0.0.2/24, the peer is 10.0.0.1) where CubeMX puts the .ioc's
 * IP_ADDRESS/NETMASK_ADDRESS/GATEWAY_ADDRESS; DHCP is not started (the peer has no DHCP server).
 */
#include <stdio.h>
#include <stdlib.h>

#include "main.h"
#include "lwip/init.h"
#include "lwip/netif.h"
#include "lwip/timeouts.h"
#include "netif/ethernet.h"
#include "ethernetif.h"
#include "devhost.h"

struct netif gnetif;
static uint32_t EthernetLinkTimer;

/* ---- Core/Src/stm32xxxx_it.c ---- */
extern ETH_HandleTypeDef heth;
void ETH_IRQHandler(void) { HAL_ETH_IRQHandler(&heth); }
/* weak: the glue defines its own SysTick_Handler when LWIPGEN_SYSTICK_HANDLER is 1 */
__attribute__((weak)) void SysTick_Handler(void) { HAL_IncTick(); }
void board_systick(void) { SysTick_Handler(); }

void Error_Handler(void)
{
    fprintf(stderr, "sim: Error_Handler() called by the glue\n");
    exit(4);
}

/* ---- LWIP/App/lwip.c ---- */
static void ethernet_link_status_updated(struct netif *netif)
{
    (void)netif; /* USER CODE 5/6 in CubeMX: empty */
}

void MX_LWIP_Init(void)
{
    ip4_addr_t ipaddr, netmask, gw;
    lwip_init();
    IP4_ADDR(&ipaddr, 10, 0, 0, 2);
    IP4_ADDR(&netmask, 255, 255, 255, 0);
    IP4_ADDR(&gw, 0, 0, 0, 0);
    /* add the network interface (IPv4/IPv6) without RTOS */
    netif_add(&gnetif, &ipaddr, &netmask, &gw, NULL, &ethernetif_init, &ethernet_input);
    /* Registers the default network interface */
    netif_set_default(&gnetif);
    if (netif_is_link_up(&gnetif)) {
        /* When the netif is fully configured this function must be called */
        netif_set_up(&gnetif);
    } else {
        /* When the netif link is down this function must be called */
        netif_set_down(&gnetif);
    }
#if LWIP_NETIF_LINK_CALLBACK
    /* Set the link callback function, this function is called on change of link status */
    netif_set_link_callback(&gnetif, ethernet_link_status_updated);
#else
    (void)ethernet_link_status_updated;
#endif
}

static void Ethernet_Link_Periodic_Handle(struct netif *netif)
{
    /* Ethernet Link every 100ms */
    if (HAL_GetTick() - EthernetLinkTimer >= 100u) {
        EthernetLinkTimer = HAL_GetTick();
        ethernet_link_check_state(netif);
    }
}

void MX_LWIP_Process(void)
{
    ethernetif_input(&gnetif);
    /* Handle timeouts */
    sys_check_timeouts();
    Ethernet_Link_Periodic_Handle(&gnetif);
}

/* ---- the simulator's side ---- */
struct netif *board_init(void)
{
    /* main(): HAL_Init() (SysTick at 1 kHz), SystemClock_Config, MX_GPIO_Init, MX_LWIP_Init */
    MX_LWIP_Init();
    return &gnetif;
}

void board_loop_once(void) { MX_LWIP_Process(); }

uint64_t board_next_event(void) { return ((uint64_t)EthernetLinkTimer + 100u) * 1000000u; }
