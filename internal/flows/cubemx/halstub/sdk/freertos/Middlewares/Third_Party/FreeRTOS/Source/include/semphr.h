/* semphr.h - lwipgen test stand-in for the FreeRTOS semaphore API (our own text): semaphores are queues. */
#ifndef SEMAPHORE_H
#define SEMAPHORE_H
#include "queue.h"
typedef QueueHandle_t SemaphoreHandle_t;
#define xSemaphoreCreateBinary() xQueueCreate((UBaseType_t)1, (UBaseType_t)0)
#define xSemaphoreCreateMutex() xQueueCreate((UBaseType_t)1, (UBaseType_t)0)
#define xSemaphoreTake(xSemaphore, xBlockTime) xQueueSemaphoreTake((xSemaphore), (xBlockTime))
#define xSemaphoreGive(xSemaphore) xQueueSend((QueueHandle_t)(xSemaphore), NULL, (TickType_t)0)
#define xSemaphoreGiveFromISR(xSemaphore, pxHigherPriorityTaskWoken) xQueueGiveFromISR((QueueHandle_t)(xSemaphore), (pxHigherPriorityTaskWoken))
#define vSemaphoreDelete(xSemaphore) vQueueDelete((QueueHandle_t)(xSemaphore))
#endif
