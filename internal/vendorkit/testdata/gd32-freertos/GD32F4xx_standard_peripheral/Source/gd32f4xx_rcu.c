/* gd32f4xx_rcu.c - stand-in written for lwipgen's tests; no GigaDevice code. */
#include "gd32f4xx_rcu.h"
void rcu_periph_clock_enable(rcu_periph_enum periph) { (void)periph; }
