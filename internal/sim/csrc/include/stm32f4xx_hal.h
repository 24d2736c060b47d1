/* stm32f4xx_hal.h for lwipgen's host simulator: the shared declarations of stm32_sim_hal.h (the ETH
 * flavour and the D-cache come from -DSIM_ETH_H7 / -DSIM_DCACHE, set from the board). Not ST code. */
#include "stm32_sim_hal.h"
