/*
 * arch/cc.h - lwipgen test stand-in (our own text) shaped like GigaDevice's lwIP port for GD32F4xx
 * (BestSens/gd32-cmake-example@59a0a62f Examples/ENET/Telnet/lwip-2.2.0/port/GD32F4xx/arch/cc.h):
 * it includes cpu.h and nothing from the C library (no struct timeval), gives printf formats,
 * GCC packing and an assertion that does nothing.
 */
#ifndef GD32PORT_CC_H
#define GD32PORT_CC_H

#include "cpu.h"

#define U16_F "hu"
#define S16_F "d"
#define X16_F "hx"
#define U32_F "u"
#define S32_F "d"
#define X32_F "x"
#define SZT_F "uz"

#define PACK_STRUCT_BEGIN
#define PACK_STRUCT_STRUCT __attribute__((__packed__))
#define PACK_STRUCT_END
#define PACK_STRUCT_FIELD(x) x

#define LWIP_PLATFORM_ASSERT(x) do { } while (0)

#endif
