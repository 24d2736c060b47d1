/* portmacro.h - lwipgen test stand-in for the FreeRTOS GCC Cortex-M port (our own text); the same file serves
 * ARM_CM4F and ARM_CM7/r0p1 in the fixtures. */
#ifndef PORTMACRO_H
#define PORTMACRO_H
#include <stdint.h>
typedef uint32_t StackType_t;
typedef long BaseType_t;
typedef unsigned long UBaseType_t;
typedef uint32_t TickType_t;
#define portMAX_DELAY (TickType_t)0xffffffffUL
void vPortYield(void);
#define portYIELD() vPortYield()
#define portEND_SWITCHING_ISR(xSwitchRequired) do { if ((xSwitchRequired) != pdFALSE) { portYIELD(); } } while (0)
#define portYIELD_FROM_ISR(x) portEND_SWITCHING_ISR(x)
void vPortEnterCritical(void);
void vPortExitCritical(void);
#define portENTER_CRITICAL() vPortEnterCritical()
#define portEXIT_CRITICAL() vPortExitCritical()
#endif
