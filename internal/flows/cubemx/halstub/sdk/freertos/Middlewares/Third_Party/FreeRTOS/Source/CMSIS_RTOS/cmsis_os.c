/* cmsis_os.c - lwipgen test stand-in for the CMSIS-RTOS v1 wrapper over FreeRTOS (our own text). */
#include "cmsis_os.h"
#include "semphr.h"
osStatus osKernelStart(void) { vTaskStartScheduler(); return osErrorOS; }
uint32_t osKernelSysTick(void) { return xTaskGetTickCount(); }
osThreadId osThreadCreate(const osThreadDef_t *thread_def, void *argument)
{
    TaskHandle_t h = NULL;
    UBaseType_t prio = (UBaseType_t)(thread_def->tpriority - osPriorityIdle);
    return xTaskCreate((TaskFunction_t)(void (*)(void))thread_def->pthread, thread_def->name, (configSTACK_DEPTH_TYPE)thread_def->stacksize, argument, prio, &h) == pdPASS ? h : NULL;
}
osThreadId osThreadGetId(void) { return xTaskGetCurrentTaskHandle(); }
osStatus osDelay(uint32_t millisec) { vTaskDelay(millisec); return osOK; }
osSemaphoreId osSemaphoreCreate(const osSemaphoreDef_t *semaphore_def, int32_t count) { QueueHandle_t q = xQueueCreate((UBaseType_t)count, 0U); (void)semaphore_def; return q; }
int32_t osSemaphoreWait(osSemaphoreId semaphore_id, uint32_t millisec) { return xQueueSemaphoreTake(semaphore_id, millisec) == pdPASS ? 0 : -1; }
osStatus osSemaphoreRelease(osSemaphoreId semaphore_id) { return xQueueSend(semaphore_id, NULL, 0U) == pdPASS ? osOK : osErrorOS; }
osStatus osSemaphoreDelete(osSemaphoreId semaphore_id) { vQueueDelete(semaphore_id); return osOK; }
osMutexId osMutexCreate(const osMutexDef_t *mutex_def) { QueueHandle_t q = xQueueCreate(1U, 0U); (void)mutex_def; if (q != NULL) { (void)xQueueSend(q, NULL, 0U); } return q; }
osStatus osMutexWait(osMutexId mutex_id, uint32_t millisec) { return xQueueSemaphoreTake(mutex_id, millisec) == pdPASS ? osOK : osEventTimeout; }
osStatus osMutexRelease(osMutexId mutex_id) { return osSemaphoreRelease(mutex_id); }
osStatus osMutexDelete(osMutexId mutex_id) { return osSemaphoreDelete(mutex_id); }
osMessageQId osMessageCreate(const osMessageQDef_t *queue_def, osThreadId thread_id) { (void)thread_id; return xQueueCreate(queue_def->queue_sz, queue_def->item_sz); }
osStatus osMessagePut(osMessageQId queue_id, uint32_t info, uint32_t millisec) { return xQueueSend(queue_id, &info, millisec) == pdPASS ? osOK : osErrorOS; }
osEvent osMessageGet(osMessageQId queue_id, uint32_t millisec) { osEvent e; e.value.v = 0U; e.status = xQueueReceive(queue_id, &e.value.v, millisec) == pdPASS ? osEventMessage : osEventTimeout; return e; }
uint32_t osMessageWaiting(osMessageQId queue_id) { return uxQueueMessagesWaiting(queue_id); }
osStatus osMessageDelete(osMessageQId queue_id) { vQueueDelete(queue_id); return osOK; }
