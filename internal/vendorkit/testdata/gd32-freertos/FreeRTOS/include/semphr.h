/* semphr.h - stand-in written for lwipgen's tests (API-faithful declarations; no FreeRTOS code). */
#ifndef SEMAPHORE_H
#define SEMAPHORE_H
#include "queue.h"
typedef QueueHandle_t SemaphoreHandle_t;
typedef SemaphoreHandle_t xSemaphoreHandle; /* the pre-8.0 name GD's port still uses */
SemaphoreHandle_t xSemaphoreCreateBinary(void);
SemaphoreHandle_t xSemaphoreCreateMutex(void);
SemaphoreHandle_t xSemaphoreCreateCounting(UBaseType_t uxMaxCount, UBaseType_t uxInitialCount);
BaseType_t xSemaphoreTake(SemaphoreHandle_t xSemaphore, TickType_t xBlockTime);
BaseType_t xSemaphoreGive(SemaphoreHandle_t xSemaphore);
BaseType_t xSemaphoreGiveFromISR(SemaphoreHandle_t xSemaphore, BaseType_t *pxHigherPriorityTaskWoken);
void vSemaphoreDelete(SemaphoreHandle_t xSemaphore);
#define vSemaphoreCreateBinary(xSemaphore) do { (xSemaphore) = xSemaphoreCreateBinary(); } while (0)
#endif
