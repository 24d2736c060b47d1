/*
 * arch/cpu.h - lwipgen test stand-in (our own text) shaped like GigaDevice's lwIP port for GD32F4xx
 * (BestSens/gd32-cmake-example@59a0a62f Examples/ENET/Telnet/lwip-2.2.0/port/GD32F4xx/arch/cpu.h):
 * the byte order, defined without an #ifndef guard as GD's file does. Anything that defined
 * BYTE_ORDER before it (newlib's <machine/endian.h>, through <sys/types.h>) makes the compiler warn.
 */
#ifndef GD32PORT_CPU_H
#define GD32PORT_CPU_H

#define BYTE_ORDER LITTLE_ENDIAN

#endif
