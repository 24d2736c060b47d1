/* stm32f4xx.h - lwipgen test stand-in for the CMSIS device family header (our own text): picks the part's
 * header, common register macros, and the HAL when USE_HAL_DRIVER is defined. */
#ifndef LWIPGEN_SDK_STM32F4XX_H
#define LWIPGEN_SDK_STM32F4XX_H
#if defined(STM32F407xx)
#include "stm32f407xx.h"
#else
#error "Please select first the target STM32F4xx device used in your application (in stm32f4xx.h file)"
#endif
typedef enum { RESET = 0U, SET = !RESET } FlagStatus, ITStatus;
typedef enum { DISABLE = 0U, ENABLE = !DISABLE } FunctionalState;
#define SET_BIT(REG, BIT) ((REG) |= (BIT))
#define CLEAR_BIT(REG, BIT) ((REG) &= ~(BIT))
#define READ_BIT(REG, BIT) ((REG) & (BIT))
#define WRITE_REG(REG, VAL) ((REG) = (VAL))
#define READ_REG(REG) ((REG))
#define MODIFY_REG(REG, CLEARMASK, SETMASK) WRITE_REG((REG), (((READ_REG(REG)) & (~(CLEARMASK))) | (SETMASK)))
#if defined(USE_HAL_DRIVER)
#include "stm32f4xx_hal.h"
#endif
#endif
