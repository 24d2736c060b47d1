/*
 * Minimal declarations of the GigaDevice GD32F4xx firmware library (and CMSIS-Core) API subset
 * lwipgen's glue uses, written from the vendor's documentation; not vendor code. Only for
 * lwipgen's compile tests.
 */
#ifndef LWIPGEN_TEST_GD32F4XX_RCU_H
#define LWIPGEN_TEST_GD32F4XX_RCU_H

#include "gd32f4xx.h"

typedef enum { RCU_ENET, RCU_ENETTX, RCU_ENETRX, RCU_SYSCFG } rcu_periph_enum;
void rcu_periph_clock_enable(rcu_periph_enum periph);

#endif /* LWIPGEN_TEST_GD32F4XX_RCU_H */
