/* gd32f4xx_misc.c - stand-in written for lwipgen's tests: NVIC and core helpers (link only); no GigaDevice or
 * Arm code. */
#include "gd32f4xx_misc.h"
uint32_t SystemCoreClock = 168000000U;
void SystemInit(void) {}
uint32_t SysTick_Config(uint32_t ticks) { (void)ticks; return 0U; }
uint32_t __get_PRIMASK(void) { return 0U; }
void __set_PRIMASK(uint32_t priMask) { (void)priMask; }
void __disable_irq(void) {}
void NVIC_SetPriority(IRQn_Type IRQn, uint32_t priority) { (void)IRQn; (void)priority; }
void NVIC_EnableIRQ(IRQn_Type IRQn) { (void)IRQn; }
void nvic_priority_group_set(uint32_t nvic_prigroup) { (void)nvic_prigroup; }
void nvic_irq_enable(uint8_t nvic_irq, uint8_t nvic_irq_pre_priority, uint8_t nvic_irq_sub_priority)
{
    (void)nvic_irq; (void)nvic_irq_pre_priority; (void)nvic_irq_sub_priority;
}
