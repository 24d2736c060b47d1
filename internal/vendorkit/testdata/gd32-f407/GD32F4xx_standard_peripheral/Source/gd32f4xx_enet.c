/* gd32f4xx_enet.c - a stand-in written for lwipgen's tests; no GigaDevice code */
#include "gd32f4xx_enet.h"
