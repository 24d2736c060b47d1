/*
 * Minimal declarations of the GigaDevice GD32F4xx firmware library (and CMSIS-Core) API subset
 * lwipgen's glue uses, written from the vendor's documentation; not vendor code. Only for
 * lwipgen's compile tests.
 */
#ifndef LWIPGEN_TEST_GD32F4XX_SYSCFG_H
#define LWIPGEN_TEST_GD32F4XX_SYSCFG_H

#include "gd32f4xx.h"

#define SYSCFG_ENET_PHY_MII ((uint32_t)0x00000000U)
#define SYSCFG_ENET_PHY_RMII ((uint32_t)0x00800000U)
void syscfg_enet_phy_interface_config(uint32_t syscfg_enet_phy_interface);

#endif /* LWIPGEN_TEST_GD32F4XX_SYSCFG_H */
