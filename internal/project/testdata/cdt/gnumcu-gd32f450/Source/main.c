/* lwipgen test fixture: what this file includes and checks tells whether the reader got the IDE's flags */
#include "gd32f4xx.h"
#include "gd32f4xx_enet.h"
#include "core_cm4.h"
#ifndef GD32F450
#error "GD32F450 is defined by the build"
#endif
#ifdef USE_FULL_ASSERT
#error "USE_FULL_ASSERT is undefined by the build"
#endif
