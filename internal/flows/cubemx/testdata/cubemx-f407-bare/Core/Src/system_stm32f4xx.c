/* system_stm32f4xx.c - written for lwipgen's tests in the shape of CMSIS's system file: SystemInit and
 * SystemCoreClock; no ST code. */
#include "stm32f4xx.h"
uint32_t SystemCoreClock = 16000000U;
void SystemInit(void)
{
  SCB->VTOR = 0x08000000UL; /* vector table in FLASH */
}
