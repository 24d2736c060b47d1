/* cmsis_os.h - lwipgen test stand-in (our own text): CMSIS-RTOS2 behind the v1 header name, as in ST's
 * CMSIS_RTOS_V2 folder; osCMSIS tells ST's lwIP port which API it has. */
#ifndef CMSIS_OS_H_
#define CMSIS_OS_H_
#include "FreeRTOS.h"
#include "task.h"
#include "cmsis_os2.h"
#define osCMSIS 0x20001U
#endif
