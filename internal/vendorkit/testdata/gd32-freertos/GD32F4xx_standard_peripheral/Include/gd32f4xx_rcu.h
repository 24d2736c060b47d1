/* gd32f4xx_rcu.h - stand-in written for lwipgen's tests (clock enables the demo uses); no GigaDevice code. */
#ifndef GD32F4XX_RCU_H
#define GD32F4XX_RCU_H
#include "gd32f4xx.h"
typedef enum { RCU_ENET, RCU_ENETTX, RCU_ENETRX, RCU_SYSCFG, RCU_GPIOA, RCU_GPIOB, RCU_GPIOC } rcu_periph_enum;
void rcu_periph_clock_enable(rcu_periph_enum periph);
#endif
