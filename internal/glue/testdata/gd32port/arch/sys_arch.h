/*
 * arch/sys_arch.h - lwipgen test stand-in (our own text) shaped like GigaDevice's FreeRTOS lwIP port
 * for GD32F4xx (BestSens/gd32-cmake-example@59a0a62f
 * Examples/ENET/Telnet/lwip-2.2.0/port/GD32F4xx/arch/sys_arch.h): handles wrapped in one-pointer
 * structs with lwIP's valid/set_invalid macros, a 32-bit protection level, sys_msleep.
 */
#ifndef GD32PORT_SYS_ARCH_H
#define GD32PORT_SYS_ARCH_H

#include "lwip/opt.h"
#include "lwip/arch.h"

void sys_arch_msleep(u32_t delay_ms);
#define sys_msleep(ms) sys_arch_msleep(ms)

#if SYS_LIGHTWEIGHT_PROT
typedef u32_t sys_prot_t;
#endif

typedef struct { void *mut; } sys_mutex_t;
#define sys_mutex_valid_val(m) ((m).mut != NULL)
#define sys_mutex_valid(m) (((m) != NULL) && sys_mutex_valid_val(*(m)))
#define sys_mutex_set_invalid(m) ((m)->mut = NULL)

typedef struct { void *sem; } sys_sem_t;
#define sys_sem_valid_val(s) ((s).sem != NULL)
#define sys_sem_valid(s) (((s) != NULL) && sys_sem_valid_val(*(s)))
#define sys_sem_set_invalid(s) ((s)->sem = NULL)

typedef struct { void *mbx; } sys_mbox_t;
#define sys_mbox_valid_val(b) ((b).mbx != NULL)
#define sys_mbox_valid(b) (((b) != NULL) && sys_mbox_valid_val(*(b)))
#define sys_mbox_set_invalid(b) ((b)->mbx = NULL)

typedef struct { void *thread_handle; } sys_thread_t;

#endif
