/* fixture: lwipgen's declaration stub for the CMSIS/HAL names lwipgen/lwipgen_rtthread.c uses (not ST's or RT-Thread's file). */
#ifndef __BOARD_H__
#define __BOARD_H__

#include <stdint.h>

void SCB_CleanInvalidateDCache(void);

/* RCC->AHB2ENR (0x580244DC) bits 29..31: D2 SRAM1..3 clocks, as the HAL macros set them. */
#define LWIPGEN_FIXTURE_RCC_AHB2ENR (*(volatile uint32_t *)0x580244DCu)
#define __HAL_RCC_D2SRAM1_CLK_ENABLE() (LWIPGEN_FIXTURE_RCC_AHB2ENR |= (1u << 29))
#define __HAL_RCC_D2SRAM2_CLK_ENABLE() (LWIPGEN_FIXTURE_RCC_AHB2ENR |= (1u << 30))
#define __HAL_RCC_D2SRAM3_CLK_ENABLE() (LWIPGEN_FIXTURE_RCC_AHB2ENR |= (1u << 31))

#endif
