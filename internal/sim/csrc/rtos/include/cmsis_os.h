/*
 * cmsis_os.h - what a CubeMX project's "cmsis_os.h" is, on lwipgen's virtual-time model:
 *  - CMSIS-RTOS v2 projects (VRTOS_CMSIS_V2, CubeMX's default): the compatibility header that pulls in
 *    cmsis_os2.h and FreeRTOS (CubeMX's ethernetif.c and lwip.c include cmsis_os.h in both);
 *  - CMSIS-RTOS v1 projects (VRTOS_CMSIS_V1): the v1 API (osThreadDef/osThreadCreate, osMessagePut,
 *    osSemaphoreWait, ...), as documented for CMSIS-RTOS v1.02 and ST's FreeRTOS wrapper (which adds
 *    the recursive-mutex calls). lwipgen's own declarations, not ARM or ST code.
 */
#ifndef VRTOS_CMSIS_OS_H
#define VRTOS_CMSIS_OS_H

#include "FreeRTOS.h"
#include "task.h"
#include "semphr.h"

#if !defined(VRTOS_CMSIS_V1)
#include "cmsis_os2.h"
#else

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define osCMSIS 0x10002U
#define osCMSIS_KERNEL 0x10000U
#define osKernelSystemId "FreeRTOS (lwipgen vrtos)"
#define osFeature_MainThread 0
#define osFeature_Semaphore 65535
#define osFeature_Wait 0
#define osFeature_SysTick 1
#define osWaitForever 0xFFFFFFFFU

typedef enum {
    osPriorityIdle = -3,
    osPriorityLow = -2,
    osPriorityBelowNormal = -1,
    osPriorityNormal = 0,
    osPriorityAboveNormal = +1,
    osPriorityHigh = +2,
    osPriorityRealtime = +3,
    osPriorityError = 0x84
} osPriority;

typedef enum {
    osOK = 0,
    osEventSignal = 0x08,
    osEventMessage = 0x10,
    osEventMail = 0x20,
    osEventTimeout = 0x40,
    osErrorParameter = 0x80,
    osErrorResource = 0x81,
    osErrorTimeoutResource = 0xC1,
    osErrorISR = 0x82,
    osErrorISRRecursive = 0x83,
    osErrorPriority = 0x84,
    osErrorNoMemory = 0x85,
    osErrorValue = 0x86,
    osErrorOS = 0xFF,
    os_status_reserved = 0x7FFFFFFF
} osStatus;

typedef void (*os_pthread)(void const *argument);
typedef TaskHandle_t osThreadId;
typedef SemaphoreHandle_t osMutexId;
typedef SemaphoreHandle_t osSemaphoreId;
typedef QueueHandle_t osMessageQId;
typedef void *osMailQId;

typedef struct os_thread_def {
    char *name;
    os_pthread pthread;
    osPriority tpriority;
    uint32_t instances;
    uint32_t stacksize; /* words (StackType_t), passed to xTaskCreate as ST's wrapper does */
} osThreadDef_t;
typedef struct os_mutex_def { uint32_t dummy; } osMutexDef_t;
typedef struct os_semaphore_def { uint32_t dummy; } osSemaphoreDef_t;
typedef struct os_messageQ_def {
    uint32_t queue_sz;
    uint32_t item_sz;
} osMessageQDef_t;

/* The message value: uint32_t in CMSIS-RTOS v1 on a 32-bit MCU. Pointer-sized here, because the
 * host is 64-bit and lwIP's sys_arch posts pointers through it (ST's sys_arch.c casts them). */
typedef uintptr_t osMessageValue;

typedef struct {
    osStatus status;
    union {
        osMessageValue v;
        void *p;
        int32_t signals;
    } value;
    union {
        osMailQId mail_id;
        osMessageQId message_id;
    } def;
} osEvent;

#define osThreadDef(name, thread, priority, instances, stacksz) \
    const osThreadDef_t os_thread_def_##name = {(char *)#name, (thread), (priority), (instances), (stacksz)}
#define osThread(name) &os_thread_def_##name
#define osMutexDef(name) const osMutexDef_t os_mutex_def_##name = {0}
#define osMutex(name) &os_mutex_def_##name
#define osSemaphoreDef(name) const osSemaphoreDef_t os_semaphore_def_##name = {0}
#define osSemaphore(name) &os_semaphore_def_##name
#define osMessageQDef(name, queue_sz, type) const osMessageQDef_t os_messageQ_def_##name = {(queue_sz), sizeof(type)}
#define osMessageQ(name) &os_messageQ_def_##name

osStatus osKernelInitialize(void);
osStatus osKernelStart(void);
int32_t osKernelRunning(void);
uint32_t osKernelSysTick(void);
#define osKernelSysTickFrequency configTICK_RATE_HZ

osThreadId osThreadCreate(const osThreadDef_t *thread_def, void *argument);
osThreadId osThreadGetId(void);
osStatus osThreadTerminate(osThreadId thread_id);
osStatus osThreadYield(void);
osStatus osDelay(uint32_t millisec);

osMutexId osMutexCreate(const osMutexDef_t *mutex_def);
osStatus osMutexWait(osMutexId mutex_id, uint32_t millisec);
osStatus osMutexRelease(osMutexId mutex_id);
osStatus osMutexDelete(osMutexId mutex_id);
osMutexId osRecursiveMutexCreate(const osMutexDef_t *mutex_def);
osStatus osRecursiveMutexRelease(osMutexId mutex_id);
osStatus osRecursiveMutexWait(osMutexId mutex_id, uint32_t millisec);

osSemaphoreId osSemaphoreCreate(const osSemaphoreDef_t *semaphore_def, int32_t count);
int32_t osSemaphoreWait(osSemaphoreId semaphore_id, uint32_t millisec);
osStatus osSemaphoreRelease(osSemaphoreId semaphore_id);
osStatus osSemaphoreDelete(osSemaphoreId semaphore_id);

osMessageQId osMessageCreate(const osMessageQDef_t *queue_def, osThreadId thread_id);
osStatus osMessagePut(osMessageQId queue_id, osMessageValue info, uint32_t millisec);
osEvent osMessageGet(osMessageQId queue_id, uint32_t millisec);
uint32_t osMessageWaiting(osMessageQId queue_id);
osStatus osMessageDelete(osMessageQId queue_id);

#ifdef __cplusplus
}
#endif
#endif /* VRTOS_CMSIS_V1 */
#endif /* VRTOS_CMSIS_OS_H */
