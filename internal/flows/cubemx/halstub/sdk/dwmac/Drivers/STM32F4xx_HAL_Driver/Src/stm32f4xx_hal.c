/* stm32f4xx_hal.c - lwipgen test stand-in (our own text). The version macros have the names and form of ST's
 * stm32f4xx_hal.c, where lwipgen vendor reads the HAL version; the test fills in the fixture's version. */
#include "stm32f4xx_hal.h"

#define __STM32F4xx_HAL_VERSION_MAIN   (@HAL_MAIN@UL) /*!< [31:24] main version */
#define __STM32F4xx_HAL_VERSION_SUB1   (@HAL_SUB1@UL) /*!< [23:16] sub1 version */
#define __STM32F4xx_HAL_VERSION_SUB2   (@HAL_SUB2@UL) /*!< [15:8]  sub2 version */
#define __STM32F4xx_HAL_VERSION_RC     (0x00UL) /*!< [7:0]  release candidate */
#define __STM32F4xx_HAL_VERSION ((__STM32F4xx_HAL_VERSION_MAIN << 24) | (__STM32F4xx_HAL_VERSION_SUB1 << 16) | (__STM32F4xx_HAL_VERSION_SUB2 << 8) | (__STM32F4xx_HAL_VERSION_RC))

__IO uint32_t uwTick;

HAL_StatusTypeDef HAL_Init(void) { HAL_MspInit(); return HAL_InitTick(15U); }
HAL_StatusTypeDef HAL_DeInit(void) { return HAL_OK; }
__WEAK void HAL_MspInit(void) {}
__WEAK HAL_StatusTypeDef HAL_InitTick(uint32_t TickPriority) { (void)TickPriority; return HAL_OK; }
__WEAK void HAL_IncTick(void) { uwTick += 1U; }
__WEAK uint32_t HAL_GetTick(void) { return uwTick; }
__WEAK void HAL_Delay(uint32_t Delay) { uint32_t start = HAL_GetTick(); while ((HAL_GetTick() - start) < Delay) { } }
uint32_t HAL_GetHalVersion(void) { return __STM32F4xx_HAL_VERSION; }
