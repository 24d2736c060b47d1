/* gd32f4xx_libopt.h - stand-in written for lwipgen's tests, as the GD demos keep it in inc/: the peripheral
 * headers the project uses; no GigaDevice code. */
#ifndef GD32F4XX_LIBOPT_H
#define GD32F4XX_LIBOPT_H
#include "gd32f4xx_rcu.h"
#include "gd32f4xx_syscfg.h"
#include "gd32f4xx_enet.h"
#include "gd32f4xx_misc.h"
#endif
