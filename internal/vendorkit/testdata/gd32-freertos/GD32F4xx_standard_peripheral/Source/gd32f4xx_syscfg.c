/* gd32f4xx_syscfg.c - stand-in written for lwipgen's tests; no GigaDevice code. */
#include "gd32f4xx_syscfg.h"
void syscfg_enet_phy_interface_config(uint32_t syscfg_enet_phy_interface) { (void)syscfg_enet_phy_interface; }
