/*
 * cmsis_os2.h - the CMSIS-RTOS2 API subset CubeMX projects (lwip.c, ST's sys_arch.c, freertos.c) and
 * lwipgen's glue call, on lwipgen's virtual-time model. Types, constants and signatures follow the
 * CMSIS-RTOS2 API documentation (ARM CMSIS 5, RTOS2); lwipgen's own declarations, not ARM code.
 */
#ifndef VRTOS_CMSIS_OS2_H
#define VRTOS_CMSIS_OS2_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define osCMSIS 0x20001U /* API version 2.1 */
#define osWaitForever 0xFFFFFFFFU

typedef enum {
    osOK = 0,
    osError = -1,
    osErrorTimeout = -2,
    osErrorResource = -3,
    osErrorParameter = -4,
    osErrorNoMemory = -5,
    osErrorISR = -6,
    osStatusReserved = 0x7FFFFFFF
} osStatus_t;

typedef enum {
    osKernelInactive = 0,
    osKernelReady = 1,
    osKernelRunning = 2,
    osKernelLocked = 3,
    osKernelSuspended = 4,
    osKernelError = -1,
    osKernelReserved = 0x7FFFFFFF
} osKernelState_t;

typedef enum {
    osPriorityNone = 0,
    osPriorityIdle = 1,
    osPriorityLow = 8, osPriorityLow1, osPriorityLow2, osPriorityLow3, osPriorityLow4, osPriorityLow5, osPriorityLow6, osPriorityLow7,
    osPriorityBelowNormal = 16, osPriorityBelowNormal1, osPriorityBelowNormal2, osPriorityBelowNormal3, osPriorityBelowNormal4,
    osPriorityBelowNormal5, osPriorityBelowNormal6, osPriorityBelowNormal7,
    osPriorityNormal = 24, osPriorityNormal1, osPriorityNormal2, osPriorityNormal3, osPriorityNormal4, osPriorityNormal5,
    osPriorityNormal6, osPriorityNormal7,
    osPriorityAboveNormal = 32, osPriorityAboveNormal1, osPriorityAboveNormal2, osPriorityAboveNormal3, osPriorityAboveNormal4,
    osPriorityAboveNormal5, osPriorityAboveNormal6, osPriorityAboveNormal7,
    osPriorityHigh = 40, osPriorityHigh1, osPriorityHigh2, osPriorityHigh3, osPriorityHigh4, osPriorityHigh5, osPriorityHigh6,
    osPriorityHigh7,
    osPriorityRealtime = 48, osPriorityRealtime1, osPriorityRealtime2, osPriorityRealtime3, osPriorityRealtime4,
    osPriorityRealtime5, osPriorityRealtime6, osPriorityRealtime7,
    osPriorityISR = 56,
    osPriorityError = -1,
    osPriorityReserved = 0x7FFFFFFF
} osPriority_t;

typedef void (*osThreadFunc_t)(void *argument);
typedef void *osThreadId_t;
typedef void *osSemaphoreId_t;
typedef void *osMutexId_t;
typedef void *osMessageQueueId_t;
typedef uint32_t TZ_ModuleId_t;

#define osMutexRecursive 0x00000001U
#define osMutexPrioInherit 0x00000002U
#define osMutexRobust 0x00000008U

typedef struct {
    const char *name;
    uint32_t attr_bits;
    void *cb_mem;
    uint32_t cb_size;
    void *stack_mem;
    uint32_t stack_size; /* bytes */
    osPriority_t priority;
    TZ_ModuleId_t tz_module;
    uint32_t reserved;
} osThreadAttr_t;

typedef struct {
    const char *name;
    uint32_t attr_bits;
    void *cb_mem;
    uint32_t cb_size;
} osMutexAttr_t;

typedef struct {
    const char *name;
    uint32_t attr_bits;
    void *cb_mem;
    uint32_t cb_size;
} osSemaphoreAttr_t;

typedef struct {
    const char *name;
    uint32_t attr_bits;
    void *cb_mem;
    uint32_t cb_size;
    void *mq_mem;
    uint32_t mq_size;
} osMessageQueueAttr_t;

osStatus_t osKernelInitialize(void);
osStatus_t osKernelStart(void);
osKernelState_t osKernelGetState(void);
uint32_t osKernelGetTickCount(void);
uint32_t osKernelGetTickFreq(void);
int32_t osKernelLock(void);
int32_t osKernelUnlock(void);

osThreadId_t osThreadNew(osThreadFunc_t func, void *argument, const osThreadAttr_t *attr);
osThreadId_t osThreadGetId(void);
const char *osThreadGetName(osThreadId_t thread_id);
osStatus_t osThreadYield(void);
osStatus_t osThreadTerminate(osThreadId_t thread_id);
void osThreadExit(void);
osPriority_t osThreadGetPriority(osThreadId_t thread_id);
uint32_t osThreadGetStackSpace(osThreadId_t thread_id);

osStatus_t osDelay(uint32_t ticks);
osStatus_t osDelayUntil(uint32_t ticks);

osSemaphoreId_t osSemaphoreNew(uint32_t max_count, uint32_t initial_count, const osSemaphoreAttr_t *attr);
osStatus_t osSemaphoreAcquire(osSemaphoreId_t semaphore_id, uint32_t timeout);
osStatus_t osSemaphoreRelease(osSemaphoreId_t semaphore_id);
uint32_t osSemaphoreGetCount(osSemaphoreId_t semaphore_id);
osStatus_t osSemaphoreDelete(osSemaphoreId_t semaphore_id);

osMutexId_t osMutexNew(const osMutexAttr_t *attr);
osStatus_t osMutexAcquire(osMutexId_t mutex_id, uint32_t timeout);
osStatus_t osMutexRelease(osMutexId_t mutex_id);
osThreadId_t osMutexGetOwner(osMutexId_t mutex_id);
osStatus_t osMutexDelete(osMutexId_t mutex_id);

osMessageQueueId_t osMessageQueueNew(uint32_t msg_count, uint32_t msg_size, const osMessageQueueAttr_t *attr);
osStatus_t osMessageQueuePut(osMessageQueueId_t mq_id, const void *msg_ptr, uint8_t msg_prio, uint32_t timeout);
osStatus_t osMessageQueueGet(osMessageQueueId_t mq_id, void *msg_ptr, uint8_t *msg_prio, uint32_t timeout);
uint32_t osMessageQueueGetCount(osMessageQueueId_t mq_id);
uint32_t osMessageQueueGetSpace(osMessageQueueId_t mq_id);
osStatus_t osMessageQueueDelete(osMessageQueueId_t mq_id);

#ifdef __cplusplus
}
#endif
#endif /* VRTOS_CMSIS_OS2_H */
