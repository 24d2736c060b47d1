/* cmsis_os2.c - lwipgen test stand-in for the CMSIS-RTOS2 wrapper over FreeRTOS (our own text). */
#include "cmsis_os.h"
#include "semphr.h"
osStatus_t osKernelInitialize(void) { return osOK; }
osStatus_t osKernelStart(void) { vTaskStartScheduler(); return osError; }
uint32_t osKernelGetTickCount(void) { return xTaskGetTickCount(); }
osThreadId_t osThreadNew(osThreadFunc_t func, void *argument, const osThreadAttr_t *attr)
{
    TaskHandle_t h = NULL;
    uint32_t stack = (attr != NULL && attr->stack_size != 0U) ? attr->stack_size / 4U : configMINIMAL_STACK_SIZE;
    UBaseType_t prio = (attr != NULL && attr->priority != osPriorityNone) ? (UBaseType_t)attr->priority : (UBaseType_t)osPriorityNormal;
    return xTaskCreate(func, attr != NULL ? attr->name : "", (configSTACK_DEPTH_TYPE)stack, argument, prio, &h) == pdPASS ? (osThreadId_t)h : NULL;
}
osThreadId_t osThreadGetId(void) { return (osThreadId_t)xTaskGetCurrentTaskHandle(); }
osStatus_t osDelay(uint32_t ticks) { vTaskDelay(ticks); return osOK; }
osSemaphoreId_t osSemaphoreNew(uint32_t max_count, uint32_t initial_count, const osSemaphoreAttr_t *attr) { QueueHandle_t q = xQueueCreate(max_count, 0U); (void)attr; while (q != NULL && initial_count-- > 0U) { (void)xQueueSend(q, NULL, 0U); } return q; }
osStatus_t osSemaphoreAcquire(osSemaphoreId_t semaphore_id, uint32_t timeout) { return xQueueSemaphoreTake(semaphore_id, timeout) == pdPASS ? osOK : osErrorTimeout; }
osStatus_t osSemaphoreRelease(osSemaphoreId_t semaphore_id) { return xQueueSend(semaphore_id, NULL, 0U) == pdPASS ? osOK : osErrorResource; }
osStatus_t osSemaphoreDelete(osSemaphoreId_t semaphore_id) { vQueueDelete(semaphore_id); return osOK; }
osMutexId_t osMutexNew(const osMutexAttr_t *attr) { (void)attr; return osSemaphoreNew(1U, 1U, NULL); }
osStatus_t osMutexAcquire(osMutexId_t mutex_id, uint32_t timeout) { return osSemaphoreAcquire(mutex_id, timeout); }
osStatus_t osMutexRelease(osMutexId_t mutex_id) { return osSemaphoreRelease(mutex_id); }
osStatus_t osMutexDelete(osMutexId_t mutex_id) { return osSemaphoreDelete(mutex_id); }
osMessageQueueId_t osMessageQueueNew(uint32_t msg_count, uint32_t msg_size, const osMessageQueueAttr_t *attr) { (void)attr; return xQueueCreate(msg_count, msg_size); }
osStatus_t osMessageQueuePut(osMessageQueueId_t mq_id, const void *msg_ptr, uint8_t msg_prio, uint32_t timeout) { (void)msg_prio; return xQueueSend(mq_id, msg_ptr, timeout) == pdPASS ? osOK : osErrorResource; }
osStatus_t osMessageQueueGet(osMessageQueueId_t mq_id, void *msg_ptr, uint8_t *msg_prio, uint32_t timeout) { (void)msg_prio; return xQueueReceive(mq_id, msg_ptr, timeout) == pdPASS ? osOK : osErrorTimeout; }
uint32_t osMessageQueueGetCount(osMessageQueueId_t mq_id) { return uxQueueMessagesWaiting(mq_id); }
osStatus_t osMessageQueueDelete(osMessageQueueId_t mq_id) { vQueueDelete(mq_id); return osOK; }
