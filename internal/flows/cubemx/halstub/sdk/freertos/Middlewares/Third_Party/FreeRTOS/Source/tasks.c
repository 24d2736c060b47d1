/* tasks.c - lwipgen test stand-in for the FreeRTOS scheduler (our own text): links, never runs. */
#include "FreeRTOS.h"
#include "task.h"
struct tskTaskControlBlock { TaskFunction_t fn; void *arg; uint32_t notify; };
static struct tskTaskControlBlock lwipgen_sdk_tasks[8];
static UBaseType_t lwipgen_sdk_ntasks;
static volatile TickType_t lwipgen_sdk_ticks;
BaseType_t xTaskCreate(TaskFunction_t pxTaskCode, const char *const pcName, const configSTACK_DEPTH_TYPE usStackDepth,
                       void *const pvParameters, UBaseType_t uxPriority, TaskHandle_t *const pxCreatedTask)
{
    (void)pcName; (void)usStackDepth; (void)uxPriority;
    if (lwipgen_sdk_ntasks >= 8U) { return pdFAIL; }
    lwipgen_sdk_tasks[lwipgen_sdk_ntasks].fn = pxTaskCode;
    lwipgen_sdk_tasks[lwipgen_sdk_ntasks].arg = pvParameters;
    if (pxCreatedTask != NULL) { *pxCreatedTask = &lwipgen_sdk_tasks[lwipgen_sdk_ntasks]; }
    lwipgen_sdk_ntasks++;
    return pdPASS;
}
void vTaskDelete(TaskHandle_t xTaskToDelete) { if (xTaskToDelete != NULL) { xTaskToDelete->fn = NULL; } }
void vTaskDelay(const TickType_t xTicksToDelay) { TickType_t t = lwipgen_sdk_ticks; while ((TickType_t)(lwipgen_sdk_ticks - t) < xTicksToDelay) { portYIELD(); } }
void vTaskStartScheduler(void) { for (UBaseType_t i = 0; i < lwipgen_sdk_ntasks; i++) { if (lwipgen_sdk_tasks[i].fn != NULL) { lwipgen_sdk_tasks[i].fn(lwipgen_sdk_tasks[i].arg); } } }
TickType_t xTaskGetTickCount(void) { return lwipgen_sdk_ticks; }
TaskHandle_t xTaskGetCurrentTaskHandle(void) { return &lwipgen_sdk_tasks[0]; }
uint32_t ulTaskNotifyTake(BaseType_t xClearCountOnExit, TickType_t xTicksToWait) { uint32_t n = lwipgen_sdk_tasks[0].notify; (void)xTicksToWait; if (xClearCountOnExit) { lwipgen_sdk_tasks[0].notify = 0U; } return n; }
BaseType_t xTaskNotifyGive(TaskHandle_t xTaskToNotify) { xTaskToNotify->notify++; return pdPASS; }
void vTaskNotifyGiveFromISR(TaskHandle_t xTaskToNotify, BaseType_t *pxHigherPriorityTaskWoken) { xTaskToNotify->notify++; if (pxHigherPriorityTaskWoken != NULL) { *pxHigherPriorityTaskWoken = pdTRUE; } }
void xPortSysTickHandler(void) { lwipgen_sdk_ticks++; }
