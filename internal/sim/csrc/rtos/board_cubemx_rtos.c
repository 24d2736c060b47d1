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
#include "board_rtos_common.h"

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

/* ---- the simulator's side ---- */
struct netif *board_init(void)
{
    osKernelInitialize();
    MX_FREERTOS_Init();
    board_rtos_app_create(osPriorityNormal);
    osKernelStart();
    (void)vrtos_run(dev_now_ns);
    if (!lwip_ready) {
        fprintf(stderr, "sim: MX_LWIP_Init did not complete at start-up\n");
        return NULL;
    }
    return &gnetif;
}
