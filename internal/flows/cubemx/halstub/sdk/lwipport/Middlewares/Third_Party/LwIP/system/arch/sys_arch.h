/* arch/sys_arch.h - lwipgen test stand-in for ST's CMSIS-RTOS lwIP port header (our own text): lwIP's OS
 * types are CMSIS-RTOS objects, v1 or v2 after osCMSIS. */
#ifndef LWIPGEN_SDK_SYS_ARCH_H
#define LWIPGEN_SDK_SYS_ARCH_H
#include "lwip/opt.h"
#if (NO_SYS != 0)
#error "NO_SYS need to be set to 0 to use threaded API"
#endif
#include "cmsis_os.h"
#if (osCMSIS < 0x20000U)
typedef osSemaphoreId sys_sem_t;
typedef osMutexId sys_mutex_t;
typedef osMessageQId sys_mbox_t;
typedef osThreadId sys_thread_t;
#else
typedef osSemaphoreId_t sys_sem_t;
typedef osMutexId_t sys_mutex_t;
typedef osMessageQueueId_t sys_mbox_t;
typedef osThreadId_t sys_thread_t;
#endif
#define SYS_MBOX_NULL ((sys_mbox_t)0)
#define SYS_SEM_NULL ((sys_sem_t)0)
#endif
