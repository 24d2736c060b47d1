/* gd32f4xx_syscfg.h - stand-in written for lwipgen's tests; no GigaDevice code. */
#ifndef GD32F4XX_SYSCFG_H
#define GD32F4XX_SYSCFG_H
#include "gd32f4xx.h"
#define SYSCFG_ENET_PHY_MII ((uint32_t)0x00000000U)
#define SYSCFG_ENET_PHY_RMII ((uint32_t)0x00800000U)
void syscfg_enet_phy_interface_config(uint32_t syscfg_enet_phy_interface);
#endif
