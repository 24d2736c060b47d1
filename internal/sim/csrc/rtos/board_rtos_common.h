/* board_rtos_common.h - the shared part of the simulator's RTOS board files (board_rtos_common.c). */
#ifndef LWIPGEN_SIM_BOARD_RTOS_COMMON_H
#define LWIPGEN_SIM_BOARD_RTOS_COMMON_H
#include "FreeRTOS.h"

/* Creates the "sim_app" thread (and its request queue) at FreeRTOS priority prio: the simulator's
 * workload runs there under LOCK_TCPIP_CORE (sim_rtos_call). */
void board_rtos_app_create(UBaseType_t prio);
#endif
