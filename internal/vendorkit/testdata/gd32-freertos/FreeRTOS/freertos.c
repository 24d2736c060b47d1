/* freertos.c - stand-in written for lwipgen's tests: the kernel entry points the demo links, with trivial
 * bodies (enough to link; the firmware is not meant to run). No FreeRTOS code. */
#include "FreeRTOS.h"
#include "task.h"
#include "semphr.h"

struct QueueDefinition { UBaseType_t count; };
struct tskTaskControlBlock { int unused; };
static struct QueueDefinition queues[32];
static UBaseType_t nqueues;
static struct tskTaskControlBlock tasks[8];
static UBaseType_t ntasks;
static volatile TickType_t ticks;

static QueueHandle_t new_queue(void) { return nqueues < 32U ? &queues[nqueues++] : NULL; }
BaseType_t xTaskCreate(TaskFunction_t pxTaskCode, const char *const pcName, const configSTACK_DEPTH_TYPE usStackDepth,
                       void *const pvParameters, UBaseType_t uxPriority, TaskHandle_t *const pxCreatedTask)
{
    (void)pxTaskCode; (void)pcName; (void)usStackDepth; (void)pvParameters; (void)uxPriority;
    if (ntasks >= 8U) {
        return pdFAIL;
    }
    if (pxCreatedTask != NULL) {
        *pxCreatedTask = &tasks[ntasks];
    }
    ntasks++;
    return pdPASS;
}
void vTaskDelete(TaskHandle_t xTaskToDelete) { (void)xTaskToDelete; }
void vTaskDelay(const TickType_t xTicksToDelay) { ticks += xTicksToDelay; }
void vTaskStartScheduler(void) { for (;;) { } }
TickType_t xTaskGetTickCount(void) { return ticks; }
TaskHandle_t xTaskGetCurrentTaskHandle(void) { return &tasks[0]; }
BaseType_t xTaskNotifyGive(TaskHandle_t xTaskToNotify) { (void)xTaskToNotify; return pdPASS; }
void vTaskNotifyGiveFromISR(TaskHandle_t xTaskToNotify, BaseType_t *pxHigherPriorityTaskWoken) { (void)xTaskToNotify; (void)pxHigherPriorityTaskWoken; }
uint32_t ulTaskNotifyTake(BaseType_t xClearCountOnExit, TickType_t xTicksToWait) { (void)xClearCountOnExit; (void)xTicksToWait; return 0U; }
void vPortYield(void) {}
void vPortYieldFromISR(BaseType_t woken) { (void)woken; }
void vPortEnterCritical(void) {}
void vPortExitCritical(void) {}
QueueHandle_t xQueueCreate(UBaseType_t uxQueueLength, UBaseType_t uxItemSize) { (void)uxQueueLength; (void)uxItemSize; return new_queue(); }
BaseType_t xQueueSend(QueueHandle_t xQueue, const void *pvItemToQueue, TickType_t xTicksToWait) { (void)pvItemToQueue; (void)xTicksToWait; xQueue->count++; return pdPASS; }
BaseType_t xQueueReceive(QueueHandle_t xQueue, void *pvBuffer, TickType_t xTicksToWait) { (void)pvBuffer; (void)xTicksToWait; if (xQueue->count == 0U) { return pdFALSE; } xQueue->count--; return pdPASS; }
UBaseType_t uxQueueMessagesWaiting(QueueHandle_t xQueue) { return xQueue->count; }
void vQueueDelete(QueueHandle_t xQueue) { (void)xQueue; }
SemaphoreHandle_t xSemaphoreCreateBinary(void) { return new_queue(); }
SemaphoreHandle_t xSemaphoreCreateMutex(void) { SemaphoreHandle_t s = new_queue(); if (s != NULL) { s->count = 1U; } return s; }
SemaphoreHandle_t xSemaphoreCreateCounting(UBaseType_t uxMaxCount, UBaseType_t uxInitialCount) { SemaphoreHandle_t s = new_queue(); (void)uxMaxCount; if (s != NULL) { s->count = uxInitialCount; } return s; }
BaseType_t xSemaphoreTake(SemaphoreHandle_t xSemaphore, TickType_t xBlockTime) { return xQueueReceive(xSemaphore, NULL, xBlockTime); }
BaseType_t xSemaphoreGive(SemaphoreHandle_t xSemaphore) { xSemaphore->count++; return pdPASS; }
BaseType_t xSemaphoreGiveFromISR(SemaphoreHandle_t xSemaphore, BaseType_t *pxHigherPriorityTaskWoken) { if (pxHigherPriorityTaskWoken != NULL) { *pxHigherPriorityTaskWoken = pdFALSE; } return xSemaphoreGive(xSemaphore); }
void vSemaphoreDelete(SemaphoreHandle_t xSemaphore) { (void)xSemaphore; }
