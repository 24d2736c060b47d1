/* port.c - lwipgen test stand-in for the FreeRTOS port (our own text): links, never runs. */
#include "FreeRTOS.h"
#include "task.h"
static volatile UBaseType_t lwipgen_sdk_nesting;
void vPortYield(void) { *(volatile uint32_t *)0xE000ED04UL = 1UL << 28; /* PENDSVSET */ }
void vPortEnterCritical(void) { lwipgen_sdk_nesting++; }
void vPortExitCritical(void) { lwipgen_sdk_nesting--; }
void *pvPortMalloc(size_t xSize) { static uint8_t heap[configTOTAL_HEAP_SIZE]; static size_t used; void *p = NULL; xSize = (xSize + 7U) & ~(size_t)7U; if (used + xSize <= sizeof(heap)) { p = &heap[used]; used += xSize; } return p; }
void vPortFree(void *pv) { (void)pv; }
