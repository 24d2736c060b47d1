/* stm32h7xx_hal_def.h - lwipgen test stand-in (our own text): the HAL's common types and macros. */
#ifndef LWIPGEN_SDK_STM32H7XX_HAL_DEF_H
#define LWIPGEN_SDK_STM32H7XX_HAL_DEF_H
#include <stddef.h>
#include "stm32h7xx.h"
typedef enum { HAL_OK = 0x00U, HAL_ERROR = 0x01U, HAL_BUSY = 0x02U, HAL_TIMEOUT = 0x03U } HAL_StatusTypeDef;
typedef enum { HAL_UNLOCKED = 0x00U, HAL_LOCKED = 0x01U } HAL_LockTypeDef;
#define HAL_MAX_DELAY 0xFFFFFFFFU
#define UNUSED(X) (void)(X)
#endif
