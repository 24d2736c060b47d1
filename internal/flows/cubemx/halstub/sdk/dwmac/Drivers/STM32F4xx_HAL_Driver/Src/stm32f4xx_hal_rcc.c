/* stm32f4xx_hal_rcc.c - lwipgen test stand-in (our own text). */
#include "stm32f4xx_hal.h"
extern uint32_t SystemCoreClock; /* Core/Src/system_stm32xxxx.c, as in a CubeMX project */
HAL_StatusTypeDef HAL_RCC_OscConfig(RCC_OscInitTypeDef *RCC_OscInitStruct) { return RCC_OscInitStruct->PLL.PLLState == RCC_PLL_ON ? HAL_OK : HAL_ERROR; }
HAL_StatusTypeDef HAL_RCC_ClockConfig(RCC_ClkInitTypeDef *RCC_ClkInitStruct, uint32_t FLatency) { (void)FLatency; SystemCoreClock = RCC_ClkInitStruct->SYSCLKSource == RCC_SYSCLKSOURCE_PLLCLK ? 168000000U : 16000000U; return HAL_OK; }
uint32_t HAL_RCC_GetHCLKFreq(void) { return SystemCoreClock; }
