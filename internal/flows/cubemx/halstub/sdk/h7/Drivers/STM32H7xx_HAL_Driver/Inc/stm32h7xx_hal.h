/* stm32h7xx_hal.h - lwipgen test stand-in (our own text): includes the project's stm32h7xx_hal_conf.h, which
 * includes the enabled module headers, and declares the HAL core API. */
#ifndef LWIPGEN_SDK_STM32H7XX_HAL_H
#define LWIPGEN_SDK_STM32H7XX_HAL_H
#include "stm32h7xx_hal_conf.h"
typedef enum { HAL_TICK_FREQ_1KHZ = 1U } HAL_TickFreqTypeDef;
extern __IO uint32_t uwTick;
HAL_StatusTypeDef HAL_Init(void);
HAL_StatusTypeDef HAL_DeInit(void);
void HAL_MspInit(void);
HAL_StatusTypeDef HAL_InitTick(uint32_t TickPriority);
void HAL_IncTick(void);
void HAL_Delay(uint32_t Delay);
uint32_t HAL_GetTick(void);
uint32_t HAL_GetHalVersion(void);
#endif
