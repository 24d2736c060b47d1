/*
 * Minimal declarations of the FreeRTOS kernel API subset lwipgen's glue uses, written from the
 * FreeRTOS documentation; not FreeRTOS code. Only for lwipgen's compile tests.
 */
#ifndef LWIPGEN_TEST_SEMPHR_H
#define LWIPGEN_TEST_SEMPHR_H

#include "FreeRTOS.h"

typedef struct QueueDefinition *SemaphoreHandle_t;
SemaphoreHandle_t xSemaphoreCreateBinary(void);
BaseType_t xSemaphoreTake(SemaphoreHandle_t xSemaphore, TickType_t xBlockTime);
BaseType_t xSemaphoreGiveFromISR(SemaphoreHandle_t xSemaphore, BaseType_t *pxHigherPriorityTaskWoken);

#endif /* LWIPGEN_TEST_SEMPHR_H */
