/* queue.h - lwipgen test stand-in for the FreeRTOS queue API (our own text). */
#ifndef QUEUE_H
#define QUEUE_H
#include "FreeRTOS.h"
typedef struct QueueDefinition *QueueHandle_t;
QueueHandle_t xQueueCreate(UBaseType_t uxQueueLength, UBaseType_t uxItemSize);
BaseType_t xQueueSend(QueueHandle_t xQueue, const void *pvItemToQueue, TickType_t xTicksToWait);
BaseType_t xQueueSendFromISR(QueueHandle_t xQueue, const void *pvItemToQueue, BaseType_t *pxHigherPriorityTaskWoken);
BaseType_t xQueueReceive(QueueHandle_t xQueue, void *pvBuffer, TickType_t xTicksToWait);
BaseType_t xQueueGiveFromISR(QueueHandle_t xQueue, BaseType_t *pxHigherPriorityTaskWoken);
BaseType_t xQueueSemaphoreTake(QueueHandle_t xQueue, TickType_t xTicksToWait);
UBaseType_t uxQueueMessagesWaiting(const QueueHandle_t xQueue);
void vQueueDelete(QueueHandle_t xQueue);
#endif
