/* stm32h7xx_hal_cortex.h - lwipgen test stand-in (our own text): NVIC and MPU API as MPU_Config() uses it. */
#ifndef LWIPGEN_SDK_STM32H7XX_HAL_CORTEX_H
#define LWIPGEN_SDK_STM32H7XX_HAL_CORTEX_H
#include "stm32h7xx_hal_def.h"
typedef struct {
    uint8_t Enable, Number;
    uint32_t BaseAddress;
    uint8_t Size, SubRegionDisable, TypeExtField, AccessPermission, DisableExec, IsShareable, IsCacheable, IsBufferable;
} MPU_Region_InitTypeDef;
#define MPU_REGION_ENABLE ((uint8_t)0x01)
#define MPU_REGION_NUMBER0 ((uint8_t)0x00)
#define MPU_REGION_NUMBER1 ((uint8_t)0x01)
#define MPU_REGION_NUMBER2 ((uint8_t)0x02)
#define MPU_REGION_NUMBER3 ((uint8_t)0x03)
#define MPU_REGION_SIZE_512B ((uint8_t)0x08)
#define MPU_REGION_SIZE_128KB ((uint8_t)0x10)
#define MPU_REGION_SIZE_4GB ((uint8_t)0x1F)
#define MPU_TEX_LEVEL0 ((uint8_t)0x00)
#define MPU_TEX_LEVEL1 ((uint8_t)0x01)
#define MPU_REGION_NO_ACCESS ((uint8_t)0x00)
#define MPU_REGION_FULL_ACCESS ((uint8_t)0x03)
#define MPU_INSTRUCTION_ACCESS_DISABLE ((uint8_t)0x01)
#define MPU_ACCESS_SHAREABLE ((uint8_t)0x01)
#define MPU_ACCESS_NOT_SHAREABLE ((uint8_t)0x00)
#define MPU_ACCESS_NOT_CACHEABLE ((uint8_t)0x00)
#define MPU_ACCESS_BUFFERABLE ((uint8_t)0x01)
#define MPU_ACCESS_NOT_BUFFERABLE ((uint8_t)0x00)
#define MPU_PRIVILEGED_DEFAULT 0x00000004U
#define NVIC_PRIORITYGROUP_4 0x00000003U
void HAL_NVIC_SetPriorityGrouping(uint32_t PriorityGroup);
void HAL_NVIC_SetPriority(IRQn_Type IRQn, uint32_t PreemptPriority, uint32_t SubPriority);
void HAL_NVIC_EnableIRQ(IRQn_Type IRQn);
void HAL_NVIC_DisableIRQ(IRQn_Type IRQn);
void HAL_MPU_Enable(uint32_t MPU_Control);
void HAL_MPU_Disable(void);
void HAL_MPU_ConfigRegion(MPU_Region_InitTypeDef *MPU_Init);
#endif
