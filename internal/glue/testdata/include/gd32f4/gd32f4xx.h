/*
 * Minimal declarations of the GigaDevice GD32F4xx firmware library (and CMSIS-Core) API subset
 * lwipgen's glue uses, written from the vendor's documentation; not vendor code. Only for
 * lwipgen's compile tests.
 */
#ifndef LWIPGEN_TEST_GD32F4XX_H
#define LWIPGEN_TEST_GD32F4XX_H

#include <stdint.h>

typedef enum { ENET_IRQn = 61, SysTick_IRQn = -1 } IRQn_Type;
typedef enum { RESET = 0, SET = !RESET } FlagStatus;
typedef enum { ERROR = 0, SUCCESS = !ERROR } ErrStatus;

#define REG32(addr) (*(volatile uint32_t *)(uint32_t)(addr))
#define BIT(x) ((uint32_t)((uint32_t)0x01U << (x)))

/* CMSIS-Core (Cortex-M4, no data cache) */
extern uint32_t SystemCoreClock;
uint32_t SysTick_Config(uint32_t ticks);
uint32_t __get_PRIMASK(void);
void __set_PRIMASK(uint32_t priMask);
void __disable_irq(void);
void NVIC_SetPriority(IRQn_Type IRQn, uint32_t priority);
void NVIC_EnableIRQ(IRQn_Type IRQn);

#endif /* LWIPGEN_TEST_GD32F4XX_H */
