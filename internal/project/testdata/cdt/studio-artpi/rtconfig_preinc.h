#ifndef RTCONFIG_PREINC_H__
#define RTCONFIG_PREINC_H__
/* lwipgen test fixture: the shape of the pre-include file RT-Thread Studio generates */
#define RT_USING_NEWLIB
#define STM32H750xx
#define USE_HAL_DRIVER
#define __RTTHREAD__
#endif
