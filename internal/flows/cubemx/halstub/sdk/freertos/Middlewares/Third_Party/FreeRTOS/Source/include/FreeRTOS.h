/* FreeRTOS.h - lwipgen test stand-in for the FreeRTOS kernel header (our own text): the project's
 * FreeRTOSConfig.h, the port's types, and the defaults the kernel header supplies. */
#ifndef INC_FREERTOS_H
#define INC_FREERTOS_H
#include <stddef.h>
#include <stdint.h>
#include "FreeRTOSConfig.h"
#include "projdefs.h"
#include "portable.h"
#ifndef configSTACK_DEPTH_TYPE
#define configSTACK_DEPTH_TYPE uint16_t
#endif
#ifndef configLIBRARY_MAX_SYSCALL_INTERRUPT_PRIORITY
#error "FreeRTOSConfig.h must define configLIBRARY_MAX_SYSCALL_INTERRUPT_PRIORITY"
#endif
#endif
