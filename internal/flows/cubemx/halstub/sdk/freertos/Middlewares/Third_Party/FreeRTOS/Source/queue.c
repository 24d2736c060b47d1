/* queue.c - lwipgen test stand-in for the FreeRTOS queues (our own text): links, never runs. */
#include <string.h>
#include "FreeRTOS.h"
#include "queue.h"
struct QueueDefinition { UBaseType_t len, size, count; };
QueueHandle_t xQueueCreate(UBaseType_t uxQueueLength, UBaseType_t uxItemSize)
{
    QueueHandle_t q = pvPortMalloc(sizeof(*q));
    if (q != NULL) { q->len = uxQueueLength; q->size = uxItemSize; q->count = 0U; }
    return q;
}
BaseType_t xQueueSend(QueueHandle_t xQueue, const void *pvItemToQueue, TickType_t xTicksToWait) { (void)pvItemToQueue; (void)xTicksToWait; if (xQueue->count >= xQueue->len) { return pdFAIL; } xQueue->count++; return pdPASS; }
BaseType_t xQueueSendFromISR(QueueHandle_t xQueue, const void *pvItemToQueue, BaseType_t *pxHigherPriorityTaskWoken) { (void)pxHigherPriorityTaskWoken; return xQueueSend(xQueue, pvItemToQueue, 0U); }
BaseType_t xQueueReceive(QueueHandle_t xQueue, void *pvBuffer, TickType_t xTicksToWait) { (void)xTicksToWait; if (xQueue->count == 0U) { return pdFAIL; } xQueue->count--; if (pvBuffer != NULL && xQueue->size != 0U) { memset(pvBuffer, 0, xQueue->size); } return pdPASS; }
BaseType_t xQueueGiveFromISR(QueueHandle_t xQueue, BaseType_t *pxHigherPriorityTaskWoken) { return xQueueSendFromISR(xQueue, NULL, pxHigherPriorityTaskWoken); }
BaseType_t xQueueSemaphoreTake(QueueHandle_t xQueue, TickType_t xTicksToWait) { return xQueueReceive(xQueue, NULL, xTicksToWait); }
UBaseType_t uxQueueMessagesWaiting(const QueueHandle_t xQueue) { return xQueue->count; }
void vQueueDelete(QueueHandle_t xQueue) { vPortFree(xQueue); }
