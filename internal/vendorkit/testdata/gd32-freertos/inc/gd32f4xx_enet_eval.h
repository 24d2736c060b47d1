/* gd32f4xx_enet_eval.h - written for lwipgen's tests in the shape of the GD32F4xx ENET demos' board
 * set-up header; no GigaDevice code. */
#ifndef GD32F4XX_ENET_EVAL_H
#define GD32F4XX_ENET_EVAL_H
#include "gd32f4xx.h"
void enet_system_setup(void);
#endif
