/* main.c - written for lwipgen's tests in the shape of a GD32F4xx FreeRTOS ENET demo's main.c: board set-up,
 * the lwIP stack, an init task, the scheduler. No GigaDevice code. */
#include "gd32f4xx.h"
#include "main.h"
#include "FreeRTOS.h"
#include "task.h"
#include "netconf.h"

#define INIT_TASK_PRIO 1

static void init_task(void *pvParameters)
{
    (void)pvParameters;
    enet_system_setup();
    lwip_stack_init();
    vTaskDelete(NULL);
}

int main(void)
{
    xTaskCreate(init_task, "INIT", configMINIMAL_STACK_SIZE, NULL, INIT_TASK_PRIO, NULL);
    vTaskStartScheduler();
    while (1) {
    }
}
