/*
 * board_gd32_rtos.c - what a GD32F4xx FreeRTOS project around lwipgen's GD32 glue does, for the
 * simulator's device node (the RTOS counterpart of board_gd32.c): the shape of GigaDevice's FreeRTOS
 * ENET demos (GD32F4xx firmware library, Examples/ENET/FreeRTOS_tcpudp: main() creates an init task
 * and starts the scheduler; the init task runs lwip_stack_init - tcpip_init, netif_add(...,
 * ethernetif_init, tcpip_input), netif_set_default, netif_set_up - then deletes itself), with the
 * netif added under LOCK_TCPIP_CORE as the generated ethernetif.h asks. The RX task is started by
 * the glue's ethernetif_init. lwIP's sys_arch is the native FreeRTOS one (sys_arch_freertos.c).
 * lwipgen's own code. The workload runs in the "sim_app" thread under LOCK_TCPIP_CORE
 * (board_rtos_common.c).
 */
#include <stdio.h>
#include <stdlib.h>

#include "lwip/init.h"
#include "lwip/netif.h"
#include "lwip/tcpip.h"
#include "netif/ethernet.h"
#include "ethernetif.h"
#include "lwipgen_sys.h"
#include "devhost.h"
#include "board_rtos_common.h"

#include "FreeRTOS.h"
#include "task.h"
#include "queue.h"

static struct netif g_mynetif;
static int lwip_ready;

/* The FreeRTOS port owns SysTick (xPortSysTickHandler): the model's tick is virtual time itself. */
void board_systick(void) {}

extern uint32_t sim_eth_irq_prio;
void board_isr_enter(int systick)
{
    if (systick) {
        vrtos_isr_enter("SysTick_Handler", 15, 15u);
    } else {
        vrtos_isr_enter("ENET_IRQHandler", (int)sim_eth_irq_prio, 16u + 61u);
    }
}
void board_isr_exit(void) { vrtos_isr_exit(); }

static void lwip_stack_init(void)
{
    ip4_addr_t addr, mask, gw;
    tcpip_init(NULL, NULL);
    IP4_ADDR(&addr, 10, 0, 0, 2);
    IP4_ADDR(&mask, 255, 255, 255, 0);
    IP4_ADDR(&gw, 0, 0, 0, 0);
    LOCK_TCPIP_CORE();
    if (netif_add(&g_mynetif, &addr, &mask, &gw, NULL, ethernetif_init, tcpip_input) != NULL) {
        netif_set_default(&g_mynetif);
        netif_set_up(&g_mynetif);
        lwip_ready = 1;
    }
    UNLOCK_TCPIP_CORE();
}

static void init_task(void *arg)
{
    (void)arg;
    lwip_stack_init();
    vTaskDelete(NULL);
}

struct netif *board_init(void)
{
    /* GD demo: INIT_TASK_PRIO tskIDLE_PRIORITY + 1, configMINIMAL_STACK_SIZE * 2 words; the init
     * task runs tcpip_init and netif_add, which need more than the demo's 256 words on a 64-bit host */
    (void)xTaskCreate(init_task, "INIT", 1024, NULL, 1, NULL);
    /* the application at the tcpip thread's priority, on whatever scale the plan chose it
     * (FreeRTOS's own: GD's port passes TCPIP_THREAD_PRIO to xTaskCreate unchanged) */
    board_rtos_app_create(TCPIP_THREAD_PRIO);
    vTaskStartScheduler();
    (void)vrtos_run(dev_now_ns);
    if (!lwip_ready) {
        fprintf(stderr, "sim: lwip_stack_init did not complete at start-up\n");
        return NULL;
    }
    return &g_mynetif;
}
