/*
 * Minimal declarations of the FreeRTOS kernel API subset lwipgen's glue uses, written from the
 * FreeRTOS documentation; not FreeRTOS code. Only for lwipgen's compile tests.
 */
#ifndef LWIPGEN_TEST_FREERTOS_H
#define LWIPGEN_TEST_FREERTOS_H

#include <stddef.h>
#include <stdint.h>

/* What a project's FreeRTOSConfig.h provides (CubeMX values for CMSIS-RTOS v2). */
#define configMAX_PRIORITIES (56)
#define configLIBRARY_MAX_SYSCALL_INTERRUPT_PRIORITY 5
#define configTICK_RATE_HZ ((TickType_t)1000)

typedef long BaseType_t;
typedef unsigned long UBaseType_t;
typedef uint32_t TickType_t;
typedef uint16_t configSTACK_DEPTH_TYPE;
#define pdFALSE ((BaseType_t)0)
#define pdTRUE ((BaseType_t)1)
#define pdPASS (pdTRUE)
#define portMAX_DELAY ((TickType_t)0xffffffffUL)
#define pdMS_TO_TICKS(xTimeInMs) ((TickType_t)(((TickType_t)(xTimeInMs) * (TickType_t)configTICK_RATE_HZ) / (TickType_t)1000U))
void vPortYieldFromISR(BaseType_t woken);
#define portYIELD_FROM_ISR(x) vPortYieldFromISR(x)

#endif /* LWIPGEN_TEST_FREERTOS_H */
