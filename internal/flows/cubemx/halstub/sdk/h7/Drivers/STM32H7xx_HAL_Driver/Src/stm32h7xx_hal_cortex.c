/* stm32h7xx_hal_cortex.c - lwipgen test stand-in (our own text). */
#include "stm32h7xx_hal.h"
static uint32_t lwipgen_sdk_nvic[96];
void HAL_NVIC_SetPriorityGrouping(uint32_t PriorityGroup) { SCB->AIRCR = (0x5FAUL << 16) | (PriorityGroup << 8); }
void HAL_NVIC_SetPriority(IRQn_Type IRQn, uint32_t PreemptPriority, uint32_t SubPriority) { if (IRQn >= 0) { lwipgen_sdk_nvic[IRQn] = (PreemptPriority << 4) | SubPriority; } }
void HAL_NVIC_EnableIRQ(IRQn_Type IRQn) { if (IRQn >= 0) { lwipgen_sdk_nvic[IRQn] |= 0x80000000U; } }
void HAL_NVIC_DisableIRQ(IRQn_Type IRQn) { if (IRQn >= 0) { lwipgen_sdk_nvic[IRQn] &= ~0x80000000U; } }
void HAL_MPU_Enable(uint32_t MPU_Control) { *(volatile uint32_t *)0xE000ED94UL = MPU_Control | 1U; __DSB(); __ISB(); }
void HAL_MPU_Disable(void) { __DSB(); *(volatile uint32_t *)0xE000ED94UL = 0U; }
void HAL_MPU_ConfigRegion(MPU_Region_InitTypeDef *MPU_Init)
{
    *(volatile uint32_t *)0xE000ED98UL = MPU_Init->Number;
    *(volatile uint32_t *)0xE000ED9CUL = MPU_Init->BaseAddress;
    *(volatile uint32_t *)0xE000EDA0UL = ((uint32_t)MPU_Init->DisableExec << 28) | ((uint32_t)MPU_Init->AccessPermission << 24) |
        ((uint32_t)MPU_Init->TypeExtField << 19) | ((uint32_t)MPU_Init->IsShareable << 18) | ((uint32_t)MPU_Init->IsCacheable << 17) |
        ((uint32_t)MPU_Init->IsBufferable << 16) | ((uint32_t)MPU_Init->SubRegionDisable << 8) | ((uint32_t)MPU_Init->Size << 1) | MPU_Init->Enable;
}
