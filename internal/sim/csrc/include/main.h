/* main.h - the CubeMX main.h shape (includes the HAL); lwipgen simulator declarations, no ST code. */
#ifndef MAIN_H
#define MAIN_H
#include "stm32_sim_hal.h"
void Error_Handler(void);
#endif
