/*
 * gd32f4xx.h for lwipgen's host simulator: the GD32F4xx device header and CMSIS-Core subset the
 * generated GD32 glue uses (types and names as in GigaDevice's GD32F4xx firmware library user
 * manual), on the simulator's interrupt model; internal/glue's compile tests use it too.
 * lwipgen's own declarations; not vendor code.
 */
#ifndef LWIPGEN_SIM_GD32F4XX_H
#define LWIPGEN_SIM_GD32F4XX_H

#include <stdint.h>

typedef enum { ENET_IRQn = 61, SysTick_IRQn = -1 } IRQn_Type;
typedef enum { RESET = 0, SET = !RESET } FlagStatus;
typedef enum { ERROR = 0, SUCCESS = !ERROR } ErrStatus;

#define BIT(x) ((uint32_t)((uint32_t)0x01U << (x)))

extern uint32_t SystemCoreClock;
uint32_t SysTick_Config(uint32_t ticks);
uint32_t __get_PRIMASK(void);
void __set_PRIMASK(uint32_t priMask);
void __disable_irq(void);
void __enable_irq(void);
void NVIC_SetPriority(IRQn_Type IRQn, uint32_t priority);
void NVIC_EnableIRQ(IRQn_Type IRQn);
void NVIC_DisableIRQ(IRQn_Type IRQn);

#endif
