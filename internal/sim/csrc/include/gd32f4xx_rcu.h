/* gd32f4xx_rcu.h for lwipgen's host simulator (clock enables are recorded, nothing else). Not vendor code. */
#ifndef LWIPGEN_SIM_GD32F4XX_RCU_H
#define LWIPGEN_SIM_GD32F4XX_RCU_H
#include "gd32f4xx.h"
typedef enum { RCU_ENET, RCU_ENETTX, RCU_ENETRX, RCU_SYSCFG } rcu_periph_enum;
void rcu_periph_clock_enable(rcu_periph_enum periph);
#endif
