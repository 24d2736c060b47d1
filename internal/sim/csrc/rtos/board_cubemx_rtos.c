/*
 * board_cubemx_rtos.c - what an STM32CubeMX FreeRTOS project around lwipgen's glue does, for the
 * simulator's device node (the RTOS counterpart of board_cubemx.c, on the seam of devhost.h):
 *  - Core/Src/main.c: osKernelInitialize, MX_FREERTOS_Init (the defaultTask), osKernelStart;
 *  - Core/Src/freertos.c: StartDefaultTask -> MX_LWIP_Init, then osDelay(1) for ever;
 *  - LWIP/App/lwip.c (RTOS): tcpip_init, netif_add(.., ethernetif_init, tcpip_input), netif_set_default,
 *    netif_set_up/down by the link, the link callback, and the "EthLink" thread running the glue's
 *    ethernet_link_thread (CMSIS-RTOS v2: osThreadNew; v1: osThreadDef/osThreadCreate);
 *  - Core/Src/stm32xxxx_it.c: ETH_IRQHandler -> HAL_ETH_IRQHandler; the HAL time base (TIM6 in a
 *    FreeRTOS project) -> HAL_IncTick. The FreeRTOS tick is the model's own (virtual time).
 * lwipgen's own code, modelled on the lwip.c / freertos.c STM32CubeMX 6.x generates for an H7/F7/F4
 * FreeRTOS project with the new ETH driver (ST's STM32CubeH7 LwIP_HTTP_Server_Netconn_RTOS shape).
 * CubeMX's start-up order is kept: netif_add runs in the defaultTask without the core lock, before
 * the tcpip thread (same priority) has run, exactly as on the board.
 *
 * The workload (sim_node.c's raw-API application) runs in the "sim_app" thread under
 * LOCK_TCPIP_CORE (sim_rtos_call); its callbacks run in the tcpip thread, as lwIP calls them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "main.h"
#include "lwip/init.h"
#include "lwip/netif.h"
#include "lwip/tcpip.h"
#include "netif/ethernet.h"
#include "ethernetif.h"
#include "devhost.h"

#include "FreeRTOS.h"
#include "task.h"
#include "queue.h"
#include "cmsis_os.h"

struct netif gnetif;
static int lwip_ready;

/* ---- Core/Src/stm32xxxx_it.c ---- */
extern ETH_HandleTypeDef heth;
void ETH_IRQHandler(void) { HAL_ETH_IRQHandler(&heth); }
void board_systick(void) { HAL_IncTick(); } /* TIM6_DAC_IRQHandler -> HAL_TIM_IRQHandler -> HAL_IncTick */

void Error_Handler(void) { vrtos_fault("Error_Handler() called by the glue"); }

/* devhost delivers the interrupts; the model must know it is in one (FromISR rules, wake-ups,
 * portYIELD_FROM_ISR). The ETH IRQ's NVIC priority is what the glue gave HAL_NVIC_SetPriority. */
extern uint32_t sim_eth_irq_prio;
void board_isr_enter(int systick)
{
    if (systick) {
        vrtos_isr_enter("TIM6_DAC_IRQHandler", 15, 16u + 54u);
    } else {
        vrtos_isr_enter("ETH_IRQHandler", (int)sim_eth_irq_prio, 16u + 61u);
    }
}
void board_isr_exit(void) { vrtos_isr_exit(); }

/* taskENTER_CRITICAL raises BASEPRI over every interrupt that may call FreeRTOS: devhost holds them. */
void vrtos_port_mask(int masked)
{
    dev_primask = (dev_primask & 1) | (masked ? 2 : 0);
    if (!masked) {
        dev_irq_poll();
    }
}

/* ---- LWIP/App/lwip.c ---- */
static void ethernet_link_status_updated(struct netif *netif) { (void)netif; }

void MX_LWIP_Init(void)
{
    ip4_addr_t ipaddr, netmask, gw;
    tcpip_init(NULL, NULL);
    IP4_ADDR(&ipaddr, 10, 0, 0, 2);
    IP4_ADDR(&netmask, 255, 255, 255, 0);
    IP4_ADDR(&gw, 0, 0, 0, 0);
    netif_add(&gnetif, &ipaddr, &netmask, &gw, NULL, &ethernetif_init, &tcpip_input);
    netif_set_default(&gnetif);
    if (netif_is_link_up(&gnetif)) {
        netif_set_up(&gnetif);
    } else {
        netif_set_down(&gnetif);
    }
#if LWIP_NETIF_LINK_CALLBACK
    netif_set_link_callback(&gnetif, ethernet_link_status_updated);
#else
    (void)ethernet_link_status_updated;
#endif
#if defined(VRTOS_CMSIS_V1)
    osThreadDef(EthLink, ethernet_link_thread, osPriorityBelowNormal, 0, configMINIMAL_STACK_SIZE * 2);
    osThreadCreate(osThread(EthLink), &gnetif);
#else
    osThreadAttr_t attributes;
    memset(&attributes, 0, sizeof attributes);
    attributes.name = "EthLink";
    attributes.stack_size = 1024 * 4;
    attributes.priority = osPriorityBelowNormal;
    osThreadNew(ethernet_link_thread, &gnetif, &attributes);
#endif
}

/* ---- Core/Src/freertos.c ---- */
#if defined(VRTOS_CMSIS_V1)
static void StartDefaultTask(void const *argument)
#else
static void StartDefaultTask(void *argument)
#endif
{
    (void)argument;
    MX_LWIP_Init();
    lwip_ready = 1;
    for (;;) {
        osDelay(1);
    }
}

static void MX_FREERTOS_Init(void)
{
#if defined(VRTOS_CMSIS_V1)
    osThreadDef(defaultTask, StartDefaultTask, osPriorityNormal, 0, 1024);
    (void)osThreadCreate(osThread(defaultTask), NULL);
#else
    osThreadAttr_t attr;
    memset(&attr, 0, sizeof attr);
    attr.name = "defaultTask";
    attr.stack_size = 1024 * 4;
    attr.priority = osPriorityNormal;
    (void)osThreadNew(StartDefaultTask, NULL, &attr);
#endif
}

/* ---- the application thread the simulator's workload runs in ---- */
struct app_req {
    void (*fn)(void *);
    void *arg;
};
static QueueHandle_t appq;

static void sim_app(void *arg)
{
    (void)arg;
    for (;;) {
        struct app_req r;
        if (xQueueReceive(appq, &r, portMAX_DELAY) == pdPASS) {
            LOCK_TCPIP_CORE();
            r.fn(r.arg);
            UNLOCK_TCPIP_CORE();
        }
    }
}

/* Runs fn(arg) in the application thread, holding the core lock, before returning (the harness
 * context cannot take the lock: it is not a thread). */
void sim_rtos_call(void (*fn)(void *), void *arg)
{
    struct app_req r = {fn, arg};
    if (xQueueSend(appq, &r, 0) != pdPASS) {
        vrtos_fault("sim: the application request queue is full");
    }
    (void)vrtos_run(dev_now_ns);
}

/* ---- the simulator's side ---- */
struct netif *board_init(void)
{
    osKernelInitialize();
    MX_FREERTOS_Init();
    appq = xQueueCreate(16, sizeof(struct app_req));
    (void)xTaskCreate(sim_app, "sim_app", 1024, NULL, osPriorityNormal, NULL);
    osKernelStart();
    (void)vrtos_run(dev_now_ns);
    if (!lwip_ready) {
        fprintf(stderr, "sim: MX_LWIP_Init did not complete at start-up\n");
        return NULL;
    }
    return &gnetif;
}

/* One pass of "the main loop": every thread runs until it blocks at the current time. */
void board_loop_once(void)
{
    uint64_t before = vrtos_switches();
    (void)vrtos_run(dev_now_ns);
    if (vrtos_switches() != before) {
        dev_progress++;
    }
}

uint64_t board_next_event(void) { return vrtos_next_event_ns(); }

/* The RTOS model's counters for the report's driver counters: switches, the schedule hash (two runs
 * with the same inputs give the same), and per thread the host stack bytes used of its budget and
 * the target-equivalent bytes never used (uxTaskGetStackHighWaterMark x 4). */
void board_stats(void (*kv)(const char *key, uint64_t v))
{
    char key[64];
    kv("rtos_switches", vrtos_switches());
    kv("rtos_schedule_hash_low32", vrtos_schedule_hash() & 0xffffffffu);
    for (int i = 0; vrtos_thread_at(i) != NULL; i++) {
        vrtos_thread_t *t = vrtos_thread_at(i);
        snprintf(key, sizeof key, "rtos_stack_host_used_%s", vrtos_thread_name(t));
        kv(key, vrtos_stack_used_host(t));
        snprintf(key, sizeof key, "rtos_stack_unused_%s", vrtos_thread_name(t));
        kv(key, vrtos_stack_unused(t));
    }
}
