/*
 * board_rtthread.c - what an RT-Thread 4.0.3 STM32H7 BSP around lwIP does, for the simulator's device
 * node (the RT-Thread counterpart of board_cubemx_rtos.c, on the seam of devhost.h):
 *  - rtthread_startup (components.c): INIT_BOARD_EXPORT steps (the generated lwipgen_rtthread.c)
 *    before the scheduler, then the "main" thread runs INIT_PREV (lwip_system_init: erx, etx, tcpip),
 *    INIT_DEVICE (drv_eth.c: eth_device_init "e0", the PHY monitor) and main();
 *  - main(): the application. The BSP gets its address by DHCP (RT_LWIP_DHCP); the simulated peer has
 *    no DHCP server, so main stops DHCP and sets the simulator's 10.0.0.2/24, then starts "sim_app";
 *  - board/stm32h7xx_it.c: ETH_IRQHandler -> rt_interrupt_enter, HAL_ETH_IRQHandler, rt_interrupt_leave;
 *    SysTick -> HAL_IncTick (the RT-Thread tick is the model's own virtual time).
 * The workload (sim_node.c's raw-API application) runs in "sim_app" under LOCK_TCPIP_CORE
 * (sim_rtos_call). lwipgen's own code, modelled on the ART-Pi BSP's board.c / main.c / drv_eth.c.
 */
#include <stdio.h>
#include <string.h>

#include "main.h"
#include "lwip/netif.h"
#include "lwip/netifapi.h"
#include "lwip/dhcp.h"
#include "lwip/tcpip.h"
#include "devhost.h"
#include "rtthread.h"

extern ETH_HandleTypeDef heth;
struct netif *vrtt_eth_netif(void);
void vrtt_drv_eth_stats(void (*kv)(const char *key, uint64_t v));
void vrtt_eth_stats(unsigned long *rx_mb_full, unsigned long *rx_input_dropped, unsigned long *tx_frames);
const char *vrtt_bsp_trace(void);

static int lwip_ready;

/* ---- board/stm32h7xx_it.c ---- */
void ETH_IRQHandler(void)
{
    rt_interrupt_enter();
    HAL_ETH_IRQHandler(&heth);
    rt_interrupt_leave();
}
void board_systick(void) { HAL_IncTick(); }
void Error_Handler(void) { vrtos_fault("Error_Handler() called"); }

extern uint32_t sim_eth_irq_prio;
void board_isr_enter(int systick)
{
    if (systick) {
        vrtos_isr_enter("SysTick_Handler", 15, 15u);
    } else {
        vrtos_isr_enter("ETH_IRQHandler", (int)sim_eth_irq_prio, 16u + 61u);
    }
}
void board_isr_exit(void) { vrtos_isr_exit(); }


/* ---- the simulator's application thread ---- */
struct app_req {
    void (*fn)(void *);
    void *arg;
};
static struct rt_mailbox appmb;
static rt_ubase_t appmb_pool[16];
static struct app_req reqs[16];
static unsigned req_next;

static void sim_app(void *arg)
{
    (void)arg;
    for (;;) {
        rt_ubase_t v;
        if (rt_mb_recv(&appmb, &v, RT_WAITING_FOREVER) == RT_EOK) {
            struct app_req *r = (struct app_req *)v;
            LOCK_TCPIP_CORE();
            r->fn(r->arg);
            UNLOCK_TCPIP_CORE();
        }
    }
}

void sim_rtos_call(void (*fn)(void *), void *arg)
{
    struct app_req *r = &reqs[req_next++ % 16u];
    r->fn = fn;
    r->arg = arg;
    if (rt_mb_send(&appmb, (rt_ubase_t)r) != RT_EOK) {
        vrtos_fault("sim: the application request mailbox is full");
    }
    (void)vrtos_run(dev_now_ns);
}

/* ---- main() ---- */
static int board_main(void)
{
    struct netif *n = vrtt_eth_netif();
    if (n == NULL) {
        rt_kprintf("sim: drv_eth registered no netif\n");
        return -1;
    }
    ip4_addr_t ip, mask, gw;
    IP4_ADDR(&ip, 10, 0, 0, 2);
    IP4_ADDR(&mask, 255, 255, 255, 0);
    IP4_ADDR(&gw, 0, 0, 0, 0);
#if LWIP_DHCP
    netifapi_dhcp_release_and_stop(n);
#endif
    netifapi_netif_set_addr(n, &ip, &mask, &gw);
    rt_mb_init(&appmb, "simapp", appmb_pool, 16, RT_IPC_FLAG_FIFO);
    rt_thread_startup(rt_thread_create("sim_app", sim_app, RT_NULL, 4096, 20, 10));
    lwip_ready = 1;
    return 0;
}

struct netif *board_init(void)
{
    vrtt_startup(board_main);
    (void)vrtos_run(dev_now_ns);
    if (!lwip_ready) {
        fprintf(stderr, "sim: the RT-Thread start-up (lwip_system_init, drv_eth, main) did not complete\n");
        return NULL;
    }
    if (strcmp(vrtt_bsp_trace(), "clock:D2SRAM1 dcache mpu") != 0) {
        dev_check_failed("board_init", "lwipgen_rtthread.c's INIT_BOARD_EXPORT did \"%s\", not the D2 SRAM1 clock, the D-cache clean, the MPU set-up",
                         vrtt_bsp_trace());
    }
    return vrtt_eth_netif();
}

void board_stats(void (*kv)(const char *key, uint64_t v))
{
    char key[64];
    unsigned long full, dropped, tx;
    size_t used, max_used, failed;
    kv("rtos_switches", vrtos_switches());
    kv("rtos_schedule_hash_low32", vrtos_schedule_hash() & 0xffffffffu);
    vrtt_eth_stats(&full, &dropped, &tx);
    kv("rtt_erxmb_full", full);
    kv("rtt_rx_input_dropped", dropped);
    kv("rtt_etx_frames", tx);
    vrtt_heap_stats(&used, &max_used, &failed);
    kv("rtt_heap_max_used", max_used);
    kv("rtt_heap_failed", failed);
    vrtt_drv_eth_stats(kv);
    for (int i = 0; vrtos_thread_at(i) != NULL; i++) {
        vrtos_thread_t *t = vrtos_thread_at(i);
        snprintf(key, sizeof key, "rtos_stack_host_used_%s", vrtos_thread_name(t));
        kv(key, vrtos_stack_used_host(t));
        snprintf(key, sizeof key, "rtos_stack_unused_%s", vrtos_thread_name(t));
        kv(key, vrtos_stack_unused(t));
    }
}
