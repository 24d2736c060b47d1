/*
 * board_zynq.c - what a standalone (NO_SYS, RAW API) Zynq-7000 application around Xilinx's lwIP BSP
 * library does, for lwipgen's simulator: the start-up and main loop of Xilinx's lwIP echo server
 * example (embeddedsw lib/sw_apps/lwip_echo_server/src/main.c and platform_zynq.c, read at commits
 * 08610dc0 and 03d44e68), in lwipgen's own words. The example's order:
 *   init_platform()           the CPU private timer loaded for 250 ms (CPU_CLK/2 counter, load CPU_CLK/8),
 *                             its handler on the SCU GIC (PPI 29), interrupts still masked
 *   lwip_init()
 *   xemac_add(...)            the adapter's netif (MAC 00:0a:35:00:01:02, GEM0's base address)
 *   netif_set_default()
 *   platform_enable_interrupts()  CPSR I bit cleared, the timer's interrupt enabled and started
 *   netif_set_up()
 *   while (1) { tcp_fasttmr() if its flag is set; tcp_slowtmr() if its flag is set; xemacif_input(); }
 * The timer handler (250 ms): TcpFastTmrFlag every tick, TcpSlowTmrFlag every other tick, every 4th
 * tick (ETH_LINK_DETECT_INTERVAL, 1 s) eth_link_detect(), every 400th (RESET_RX_CNTR_LIMIT, 100 s)
 * xemacpsif_resetrx_on_no_rxdata(). Like the example it calls eth_link_detect - which calls
 * netif_set_link_down/up when the link changed - from the interrupt handler: the simulator's
 * lwip_in_isr check reports it when a link loss outlasts a detect interval.
 * The BSP writes NO_SYS_NO_TIMERS 1 (LWIP_TIMERS 0): lwIP's own timeouts do not run; the TCP timers
 * are the application's. ARP entries therefore never age, as on the board.
 *
 * The addresses are the simulator's (10.0.0.2/24, the peer 10.0.0.1) where the example starts DHCP or
 * uses 192.168.1.10; DHCP is not started (the peer has no DHCP server; the example's 12 s DHCP wait
 * would end in its static fallback).
 */
#include <stdio.h>

#include "lwip/init.h"
#include "lwip/netif.h"
#include "lwip/tcp.h"
#include "lwip/priv/tcp_priv.h"
#include "xemacps.h"
#include "netif/xadapter.h"
#include "devhost.h"

#define TIMER_PERIOD_MS 250u
#define ETH_LINK_DETECT_INTERVAL 4
#define RESET_RX_CNTR_LIMIT 400

static struct netif server_netif;
static volatile int TcpFastTmrFlag, TcpSlowTmrFlag;
static int ResetRxCntr, DetectEthLinkStatus, odd = 1;
static u32 ms_ticks;
static uint64_t fast_runs, slow_runs, link_checks;

void adapter_stats(void (*kv)(const char *key, uint64_t v));

/* lwIP's sys_now for a NO_SYS port (the example's BSP counts its timer; nothing in lwIP needs it with
 * LWIP_TIMERS 0) */
u32_t sys_now(void) { return ms_ticks; }

/* platform_zynq.c's timer_callback, on the private timer's interrupt */
static void timer_callback(void *ref)
{
    (void)ref;
    DetectEthLinkStatus++;
    TcpFastTmrFlag = 1;
    odd = !odd;
    ResetRxCntr++;
    if (odd) {
        TcpSlowTmrFlag = 1;
    }
    if (ResetRxCntr >= RESET_RX_CNTR_LIMIT) {
        xemacpsif_resetrx_on_no_rxdata(&server_netif);
        ResetRxCntr = 0;
    }
    if (DetectEthLinkStatus == ETH_LINK_DETECT_INTERVAL) {
        link_checks++;
        eth_link_detect(&server_netif);
        DetectEthLinkStatus = 0;
    }
}

/* the simulator's millisecond: the private timer counts it */
void board_systick(void)
{
    ms_ticks++;
    sim_scutimer_tick();
}

struct netif *board_init(void)
{
    ip4_addr_t ipaddr, netmask, gw;
    unsigned char mac_ethernet_address[] = {0x00, 0x0a, 0x35, 0x00, 0x01, 0x02};
    /* init_platform: platform_setup_timer, platform_setup_interrupts */
    sim_scutimer_start(TIMER_PERIOD_MS);
    XScuGic_RegisterHandler(XPAR_SCUGIC_0_CPU_BASEADDR, XPAR_SCUTIMER_INTR, timer_callback, NULL);
    XScuGic_EnableIntr(XPAR_SCUGIC_0_DIST_BASEADDR, XPAR_SCUTIMER_INTR);
    IP4_ADDR(&ipaddr, 10, 0, 0, 2);
    IP4_ADDR(&netmask, 255, 255, 255, 0);
    IP4_ADDR(&gw, 0, 0, 0, 0);
    lwip_init();
    if (xemac_add(&server_netif, &ipaddr, &netmask, &gw, mac_ethernet_address, XPAR_XEMACPS_0_BASEADDR) == NULL) {
        fprintf(stderr, "Error adding N/W interface\n");
        return NULL;
    }
    netif_set_default(&server_netif);
    /* platform_enable_interrupts */
    Xil_ExceptionEnableMask(XIL_EXCEPTION_IRQ);
    netif_set_up(&server_netif);
    return &server_netif;
}

void board_loop_once(void)
{
    if (TcpFastTmrFlag) {
        tcp_fasttmr();
        TcpFastTmrFlag = 0;
        fast_runs++;
        dev_tcp_tmr_charge(); /* one TCP timer pass on the CPU (devhost.c); the slow pass rides in its cost */
    }
    if (TcpSlowTmrFlag) {
        tcp_slowtmr();
        TcpSlowTmrFlag = 0;
        slow_runs++;
    }
    xemacif_input(&server_netif);
}

/* a pass is due when a flag is set; otherwise at the timer's next interrupt */
uint64_t board_next_event(void)
{
    if (TcpFastTmrFlag || TcpSlowTmrFlag) {
        return dev_now_ns;
    }
    return sim_scutimer_next_ns();
}

/* lwIP's timeouts are not the loop's: the devhost main-loop model must not wait for them */
int board_runs_lwip_timeouts(void) { return 0; }

void board_stats(void (*kv)(const char *key, uint64_t v))
{
    kv("tcp_fasttmr_runs", fast_runs);
    kv("tcp_slowtmr_runs", slow_runs);
    kv("eth_link_detect_runs", link_checks);
    adapter_stats(kv);
}
