/* portable.h - lwipgen test stand-in (our own text): the port's portmacro.h. */
#ifndef PORTABLE_H
#define PORTABLE_H
#include "portmacro.h"
void *pvPortMalloc(size_t xSize);
void vPortFree(void *pv);
#endif
