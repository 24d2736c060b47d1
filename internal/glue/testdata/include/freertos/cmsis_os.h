/* cmsis_os.h - the subset of the CMSIS-RTOS API a CubeMX ethernetif.h pulls in; lwipgen's own test
 * declarations (no ARM or ST code). */
#ifndef LWIPGEN_TEST_CMSIS_OS_H
#define LWIPGEN_TEST_CMSIS_OS_H
#include <stdint.h>
#include "FreeRTOS.h"
#include "task.h"
typedef void *osThreadId_t;
osThreadId_t osThreadGetId(void);
#endif
