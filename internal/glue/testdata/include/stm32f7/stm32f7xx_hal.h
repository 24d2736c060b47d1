/*
 * Minimal declarations of the STMicroelectronics STM32F7 HAL (ETH "new" driver, stm32f7xx_hal_driver
 * >= v1.3.0) and CMSIS-Core API subset lwipgen's glue uses, written from the vendor's documentation;
 * not vendor code. Only for lwipgen's compile tests.
 *
 * The F7's new ETH driver has the same API as the F4's (stm32-cubemx.md section 5), so this file takes
 * the F4 declarations and adds what a Cortex-M7 has on top: the CMSIS D-cache maintenance functions.
 */
#ifndef LWIPGEN_TEST_STM32F7XX_HAL_H
#define LWIPGEN_TEST_STM32F7XX_HAL_H

#include <stdint.h>

/* ---- CMSIS-Core (Cortex-M7): D-cache maintenance by address ---- */
void SCB_CleanDCache_by_Addr(volatile void *addr, int32_t dsize);
void SCB_InvalidateDCache_by_Addr(volatile void *addr, int32_t dsize);

#include "../stm32f4/stm32f4xx_hal.h"

#endif /* LWIPGEN_TEST_STM32F7XX_HAL_H */
