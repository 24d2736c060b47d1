/* stm32h7xx_hal_gpio.c - lwipgen test stand-in (our own text). */
#include "stm32h7xx_hal.h"
void HAL_GPIO_Init(GPIO_TypeDef *GPIOx, GPIO_InitTypeDef *GPIO_Init) { GPIOx->MODER |= GPIO_Init->Pin; GPIOx->AFR[0] = GPIO_Init->Alternate; }
void HAL_GPIO_DeInit(GPIO_TypeDef *GPIOx, uint32_t GPIO_Pin) { GPIOx->MODER &= ~GPIO_Pin; }
