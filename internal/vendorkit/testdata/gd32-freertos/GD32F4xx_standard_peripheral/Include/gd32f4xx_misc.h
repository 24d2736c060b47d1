/* gd32f4xx_misc.h - stand-in written for lwipgen's tests (NVIC helper the demo uses); no GigaDevice code. */
#ifndef GD32F4XX_MISC_H
#define GD32F4XX_MISC_H
#include "gd32f4xx.h"
#define NVIC_PRIGROUP_PRE2_SUB2 ((uint32_t)0x500U)
void nvic_priority_group_set(uint32_t nvic_prigroup);
void nvic_irq_enable(uint8_t nvic_irq, uint8_t nvic_irq_pre_priority, uint8_t nvic_irq_sub_priority);
#endif
