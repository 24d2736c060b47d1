/* main.h - written for lwipgen's tests in the shape of a GD32F4xx ENET demo's main.h; no GigaDevice code. */
#ifndef MAIN_H
#define MAIN_H
#include "gd32f4xx.h"
#include "stdint.h"
#include "gd32f4xx_enet_eval.h"
#define USE_ENET_INTERRUPT
#define USE_DHCP
#define MAC_ADDR0 2
#define MAC_ADDR1 0xA
#define MAC_ADDR2 0xF
#define MAC_ADDR3 0xE
#define MAC_ADDR4 0xD
#define MAC_ADDR5 6
#define IP_ADDR0 192
#define IP_ADDR1 0
#define IP_ADDR2 2
#define IP_ADDR3 10
#define NETMASK_ADDR0 255
#define NETMASK_ADDR1 255
#define NETMASK_ADDR2 255
#define NETMASK_ADDR3 0
#define GW_ADDR0 192
#define GW_ADDR1 0
#define GW_ADDR2 2
#define GW_ADDR3 1
#define RMII_MODE
#endif
