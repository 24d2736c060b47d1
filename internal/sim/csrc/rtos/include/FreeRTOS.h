/*
 * FreeRTOS.h - the FreeRTOS kernel types and port macros lwipgen's glue and lwIP's sys_arch use, on
 * lwipgen's virtual-time model (vrtos.h). Written from the FreeRTOS reference manual (Cortex-M port
 * types: BaseType_t long, TickType_t uint32_t, StackType_t uint32_t); not FreeRTOS code.
 */
#ifndef VRTOS_FREERTOS_H
#define VRTOS_FREERTOS_H

#include <stddef.h>
#include <stdint.h>

#include "vrtos.h"

typedef long BaseType_t;
typedef unsigned long UBaseType_t;
typedef uint32_t TickType_t;
typedef uint32_t StackType_t;

#include "FreeRTOSConfig.h"

#ifndef configSTACK_DEPTH_TYPE
#define configSTACK_DEPTH_TYPE uint16_t
#endif

#define pdFALSE ((BaseType_t)0)
#define pdTRUE ((BaseType_t)1)
#define pdPASS (pdTRUE)
#define pdFAIL (pdFALSE)
#define errQUEUE_EMPTY ((BaseType_t)0)
#define errQUEUE_FULL ((BaseType_t)0)
#define errCOULD_NOT_ALLOCATE_REQUIRED_MEMORY (-1)
#define portMAX_DELAY ((TickType_t)0xffffffffUL)
#define portTICK_PERIOD_MS ((TickType_t)1000 / configTICK_RATE_HZ)
#ifndef pdMS_TO_TICKS
#define pdMS_TO_TICKS(xTimeInMs) ((TickType_t)(((TickType_t)(xTimeInMs) * (TickType_t)configTICK_RATE_HZ) / (TickType_t)1000U))
#endif
#define portSTACK_TYPE uint32_t
#define portBASE_TYPE long
#define portBYTE_ALIGNMENT 8
#define portNOP() do { } while (0)

/* The Cortex-M port: a yield pends PendSV; in the model a switch point. */
#define portYIELD() vrtos_yield()
#define portEND_SWITCHING_ISR(xSwitchRequired) vrtos_yield_from_isr((xSwitchRequired) != pdFALSE)
#define portYIELD_FROM_ISR(x) portEND_SWITCHING_ISR(x)
#define portENTER_CRITICAL() vrtos_enter_critical()
#define portEXIT_CRITICAL() vrtos_exit_critical()
#define portSET_INTERRUPT_MASK_FROM_ISR() ((UBaseType_t)(vrtos_enter_critical(), 0u))
#define portCLEAR_INTERRUPT_MASK_FROM_ISR(x) ((void)(x), vrtos_exit_critical())
#define portDISABLE_INTERRUPTS() vrtos_enter_critical()
#define portENABLE_INTERRUPTS() vrtos_exit_critical()
#define xPortIsInsideInterrupt() ((BaseType_t)(vrtos_in_isr() != 0))

#endif /* VRTOS_FREERTOS_H */
