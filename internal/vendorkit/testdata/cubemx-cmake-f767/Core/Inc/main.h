/* USER CODE BEGIN Header */
/* main.h - Written for lwipgen's tests in the shape of a CubeMX-generated file; contains no ST code. */
/* USER CODE END Header */
#ifndef __MAIN_H
#define __MAIN_H
#include "stm32f7xx_hal.h"
/* USER CODE BEGIN Includes */

/* USER CODE END Includes */
void Error_Handler(void);
#endif /* __MAIN_H */
