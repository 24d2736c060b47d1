/* gd32f4xx_syscfg.h for lwipgen's host simulator. Not vendor code. */
#ifndef LWIPGEN_SIM_GD32F4XX_SYSCFG_H
#define LWIPGEN_SIM_GD32F4XX_SYSCFG_H
#include "gd32f4xx.h"
#define SYSCFG_ENET_PHY_MII ((uint32_t)0x00000000U)
#define SYSCFG_ENET_PHY_RMII ((uint32_t)0x00800000U)
void syscfg_enet_phy_interface_config(uint32_t syscfg_enet_phy_interface);
#endif
