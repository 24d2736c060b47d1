/* queue.h - stand-in written for lwipgen's tests (API-faithful declarations; no FreeRTOS code). */
#ifndef INC_QUEUE_H
#define INC_QUEUE_H
#include "FreeRTOS.h"
typedef struct QueueDefinition *QueueHandle_t;
QueueHandle_t xQueueCreate(UBaseType_t uxQueueLength, UBaseType_t uxItemSize);
BaseType_t xQueueSend(QueueHandle_t xQueue, const void *pvItemToQueue, TickType_t xTicksToWait);
BaseType_t xQueueReceive(QueueHandle_t xQueue, void *pvBuffer, TickType_t xTicksToWait);
UBaseType_t uxQueueMessagesWaiting(QueueHandle_t xQueue);
void vQueueDelete(QueueHandle_t xQueue);
#endif
