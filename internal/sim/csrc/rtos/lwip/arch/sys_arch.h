/*
 * arch/sys_arch.h - lwIP's OS types (NO_SYS=0) for the simulator's RTOS boards, one shape per API:
 *  - CMSIS-RTOS v1/v2 (VRTOS_CMSIS_V1 / VRTOS_CMSIS_V2): the handles themselves, as ST's
 *    Middlewares/Third_Party/LwIP/system/arch/sys_arch.h has them (no sys_mutex_valid: ST's port
 *    does not define it, so a glue that needs it fails to link here as on the board);
 *  - native FreeRTOS (VRTOS_SYS_ARCH_FREERTOS): structs around the handles with the valid/invalid
 *    macros, as lwIP's contrib/ports/freertos port has them;
 *  - RT-Thread (VRTOS_RTTHREAD): the kernel object pointers themselves, as RT-Thread's
 *    components/net/lwip-2.1.2/src/arch/include/arch/sys_arch.h has them (valid/invalid are
 *    functions of sys_arch_rtthread.c, as in RT-Thread's sys_arch.c).
 * lwipgen's own file, written from those ports' documented shape.
 */
#ifndef VRTOS_LWIP_SYS_ARCH_H
#define VRTOS_LWIP_SYS_ARCH_H

#if defined(VRTOS_RTTHREAD)

#include "rtthread.h"
typedef rt_base_t sys_prot_t; /* rt_hw_interrupt_disable's level */
#define SYS_MBOX_NULL RT_NULL
#define SYS_SEM_NULL RT_NULL
typedef rt_sem_t sys_sem_t;
typedef rt_mutex_t sys_mutex_t;
typedef rt_mailbox_t sys_mbox_t;
typedef rt_thread_t sys_thread_t;
#define VRTOS_SYS_MUTEX_OBJ(m) ((void *)(*(m))->vobj)

#else /* FreeRTOS, native or through CMSIS-RTOS */

#include "FreeRTOS.h"

/* SYS_ARCH_PROTECT's level (ST keeps it in cc.h, contrib in sys_arch.h) */
typedef uint32_t sys_prot_t;

#if defined(VRTOS_SYS_ARCH_FREERTOS)

typedef struct { void *sem; } sys_sem_t;
typedef struct { void *mut; } sys_mutex_t;
typedef struct { void *mbx; } sys_mbox_t;
typedef struct { void *thread_handle; } sys_thread_t;

#define sys_sem_valid(s) ((s) != NULL && (s)->sem != NULL)
#define sys_sem_set_invalid(s) ((s)->sem = NULL)
#define sys_mutex_valid(m) ((m) != NULL && (m)->mut != NULL)
#define sys_mutex_set_invalid(m) ((m)->mut = NULL)
#define sys_mbox_valid(m) ((m) != NULL && (m)->mbx != NULL)
#define sys_mbox_set_invalid(m) ((m)->mbx = NULL)
#define VRTOS_SYS_MUTEX_OBJ(m) ((m)->mut)

#else /* CMSIS-RTOS */

#include "cmsis_os.h"

#if defined(VRTOS_CMSIS_V1)
#define SYS_MBOX_NULL ((osMessageQId)0)
#define SYS_SEM_NULL ((osSemaphoreId)0)
typedef osSemaphoreId sys_sem_t;
typedef osMutexId sys_mutex_t;
typedef osMessageQId sys_mbox_t;
typedef osThreadId sys_thread_t;
#else
#define SYS_MBOX_NULL ((osMessageQueueId_t)0)
#define SYS_SEM_NULL ((osSemaphoreId_t)0)
typedef osSemaphoreId_t sys_sem_t;
typedef osMutexId_t sys_mutex_t;
typedef osMessageQueueId_t sys_mbox_t;
typedef osThreadId_t sys_thread_t;
#endif
#define VRTOS_SYS_MUTEX_OBJ(m) ((void *)*(m))

#endif

#endif /* RT-Thread / FreeRTOS */

#endif /* VRTOS_LWIP_SYS_ARCH_H */
