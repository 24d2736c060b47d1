/* main.c - written for lwipgen's tests in the shape of GD's FreeRTOS_tcpudp ENET demo's main.c
 * (OKMCU/GD32F4xx_Demo_Suites@0e3c087, see README.md): an init task that sets up the ENET and lwIP and
 * starts the application tasks, each at its own priority on FreeRTOS's 0..configMAX_PRIORITIES-1
 * scale. No GigaDevice code. */
#include "gd32f4xx.h"
#include "main.h"
#include "FreeRTOS.h"
#include "task.h"
#include "netconf.h"

#define INIT_TASK_PRIO 1U       /* tskIDLE_PRIORITY + 1 */
#define LED_TASK_PRIO 2U        /* tskIDLE_PRIORITY + 2 */
#define DHCP_TASK_PRIO 4U       /* tskIDLE_PRIORITY + 4 (the demo starts it with USE_DHCP) */
#define TCP_CLIENT_TASK_PRIO 5U /* tskIDLE_PRIORITY + 5 */

static void led_task(void *pvParameters)
{
    (void)pvParameters;
    for (;;) {
        vTaskDelay(250);
    }
}

static void tcp_client_task(void *pvParameters)
{
    (void)pvParameters;
    for (;;) {
        vTaskDelay(1000);
    }
}

static void init_task(void *pvParameters)
{
    (void)pvParameters;
    enet_system_setup();
    lwip_stack_init();
    xTaskCreate(tcp_client_task, "TCP_CLIENT", 500, NULL, TCP_CLIENT_TASK_PRIO, NULL);
    xTaskCreate(led_task, "LED", configMINIMAL_STACK_SIZE, NULL, LED_TASK_PRIO, NULL);
    vTaskDelete(NULL);
}

int main(void)
{
    xTaskCreate(init_task, "INIT", configMINIMAL_STACK_SIZE * 2, NULL, INIT_TASK_PRIO, NULL);
    vTaskStartScheduler();
    while (1) {
    }
}
