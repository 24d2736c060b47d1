/* main.h - the CubeMX main.h shape (includes the HAL); lwipgen test declarations, no ST code. */
#ifndef MAIN_H
#define MAIN_H
#include "stm32f7xx_hal.h"
void Error_Handler(void);
#endif
