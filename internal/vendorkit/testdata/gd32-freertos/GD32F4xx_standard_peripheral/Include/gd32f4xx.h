/* gd32f4xx.h - stand-in written for lwipgen's tests: the device header's types, IRQ numbers and the
 * CMSIS-Core calls the demo and lwipgen's glue use; no GigaDevice or Arm code. */
#ifndef GD32F4XX_H
#define GD32F4XX_H
#include <stdint.h>

typedef enum { ENET_IRQn = 61, SysTick_IRQn = -1 } IRQn_Type;
typedef enum { RESET = 0, SET = !RESET } FlagStatus;
typedef enum { DISABLE = 0, ENABLE = !DISABLE } ControlStatus;
typedef enum { ERROR = 0, SUCCESS = !ERROR } ErrStatus;
#define __IO volatile
#define REG32(addr) (*(volatile uint32_t *)(uint32_t)(addr))
#define BIT(x) ((uint32_t)((uint32_t)0x01U << (x)))

extern uint32_t SystemCoreClock;
void SystemInit(void);
uint32_t SysTick_Config(uint32_t ticks);
uint32_t __get_PRIMASK(void);
void __set_PRIMASK(uint32_t priMask);
void __disable_irq(void);
void NVIC_SetPriority(IRQn_Type IRQn, uint32_t priority);
void NVIC_EnableIRQ(IRQn_Type IRQn);

#include "gd32f4xx_libopt.h"
#endif
