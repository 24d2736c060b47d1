#ifndef RTCONFIG_PREINC_H__
#define RTCONFIG_PREINC_H__

/* Automatically generated file; DO NOT EDIT. */
/* RT-Thread pre-include file (fixture, shape of the ART-Pi projects' rtconfig_preinc.h) */

#define RT_USING_NEWLIB
#define STM32H743xx
#define USE_HAL_DRIVER
#define _POSIX_C_SOURCE 1
#define __RTTHREAD__

#endif /*RTCONFIG_PREINC_H__*/
