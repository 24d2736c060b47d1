/* cmsis_os.h - lwipgen test stand-in for the CMSIS-RTOS v1 API (our own text): the names CubeMX's
 * CMSIS_V1 code (main.c osThreadDef/osThreadCreate, lwip.c, ST's lwIP sys_arch) uses. */
#ifndef CMSIS_OS_H_
#define CMSIS_OS_H_
#include <stdint.h>
#include "FreeRTOS.h"
#include "task.h"
#define osCMSIS 0x10002U
typedef enum {
    osPriorityIdle = -3, osPriorityLow = -2, osPriorityBelowNormal = -1, osPriorityNormal = 0,
    osPriorityAboveNormal = +1, osPriorityHigh = +2, osPriorityRealtime = +3, osPriorityError = 0x84
} osPriority;
typedef enum { osOK = 0, osEventSignal = 0x08, osEventMessage = 0x10, osEventTimeout = 0x40, osErrorOS = 0xFF } osStatus;
typedef void (*os_pthread)(void const *argument);
typedef TaskHandle_t osThreadId;
typedef void *osSemaphoreId;
typedef void *osMutexId;
typedef void *osMessageQId;
typedef struct os_thread_def { char *name; os_pthread pthread; osPriority tpriority; uint32_t instances; uint32_t stacksize; } osThreadDef_t;
typedef struct os_semaphore_def { uint32_t dummy; } osSemaphoreDef_t;
typedef struct os_mutex_def { uint32_t dummy; } osMutexDef_t;
typedef struct os_messageQ_def { uint32_t queue_sz; uint32_t item_sz; } osMessageQDef_t;
typedef struct { osStatus status; union { uint32_t v; void *p; int32_t signals; } value; } osEvent;
#define osWaitForever 0xFFFFFFFF
#define osThreadDef(name, thread, priority, instances, stacksz) const osThreadDef_t os_thread_def_##name = { #name, (thread), (priority), (instances), (stacksz) }
#define osThread(name) &os_thread_def_##name
#define osSemaphoreDef(name) const osSemaphoreDef_t os_semaphore_def_##name = { 0 }
#define osSemaphore(name) &os_semaphore_def_##name
#define osMutexDef(name) const osMutexDef_t os_mutex_def_##name = { 0 }
#define osMutex(name) &os_mutex_def_##name
osStatus osKernelStart(void);
uint32_t osKernelSysTick(void);
osThreadId osThreadCreate(const osThreadDef_t *thread_def, void *argument);
osThreadId osThreadGetId(void);
osStatus osDelay(uint32_t millisec);
osSemaphoreId osSemaphoreCreate(const osSemaphoreDef_t *semaphore_def, int32_t count);
int32_t osSemaphoreWait(osSemaphoreId semaphore_id, uint32_t millisec);
osStatus osSemaphoreRelease(osSemaphoreId semaphore_id);
osStatus osSemaphoreDelete(osSemaphoreId semaphore_id);
osMutexId osMutexCreate(const osMutexDef_t *mutex_def);
osStatus osMutexWait(osMutexId mutex_id, uint32_t millisec);
osStatus osMutexRelease(osMutexId mutex_id);
osStatus osMutexDelete(osMutexId mutex_id);
osMessageQId osMessageCreate(const osMessageQDef_t *queue_def, osThreadId thread_id);
osStatus osMessagePut(osMessageQId queue_id, uint32_t info, uint32_t millisec);
osEvent osMessageGet(osMessageQId queue_id, uint32_t millisec);
uint32_t osMessageWaiting(osMessageQId queue_id);
osStatus osMessageDelete(osMessageQId queue_id);
#endif
