/* fixture: lwipgen's declaration stub for the RT-Thread names lwipgen/lwipgen_rtthread.c uses (not RT-Thread's file). */
#ifndef RT_THREAD_H__
#define RT_THREAD_H__

#include <rtconfig.h>

typedef int (*init_fn_t)(void);
/* RT-Thread's component init: a pointer in section .rti_fn.<level>, run in level order by rt_components_init. */
#define INIT_EXPORT(fn, level) __attribute__((used)) const init_fn_t __rt_init_##fn __attribute__((section(".rti_fn." level))) = fn
#define INIT_BOARD_EXPORT(fn) INIT_EXPORT(fn, "1")
#define INIT_PREV_EXPORT(fn) INIT_EXPORT(fn, "2")
#define INIT_DEVICE_EXPORT(fn) INIT_EXPORT(fn, "3")

#endif
