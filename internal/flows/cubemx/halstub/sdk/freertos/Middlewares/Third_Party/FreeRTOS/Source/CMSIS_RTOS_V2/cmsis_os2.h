/* cmsis_os2.h - lwipgen test stand-in for the CMSIS-RTOS2 API (our own text): the names CubeMX's
 * CMSIS_V2 code (main.c, lwip.c, ST's lwIP sys_arch) uses. */
#ifndef CMSIS_OS2_H_
#define CMSIS_OS2_H_
#include <stddef.h>
#include <stdint.h>
typedef enum { osOK = 0, osError = -1, osErrorTimeout = -2, osErrorResource = -3 } osStatus_t;
typedef enum {
    osPriorityNone = 0, osPriorityIdle = 1, osPriorityLow = 8, osPriorityBelowNormal = 16, osPriorityNormal = 24,
    osPriorityAboveNormal = 32, osPriorityHigh = 40, osPriorityRealtime = 48, osPriorityISR = 56
} osPriority_t;
typedef void (*osThreadFunc_t)(void *argument);
typedef void *osThreadId_t;
typedef void *osSemaphoreId_t;
typedef void *osMutexId_t;
typedef void *osMessageQueueId_t;
typedef struct {
    const char *name;
    uint32_t attr_bits;
    void *cb_mem;
    uint32_t cb_size;
    void *stack_mem;
    uint32_t stack_size;
    osPriority_t priority;
    uint32_t tz_module;
    uint32_t reserved;
} osThreadAttr_t;
typedef struct { const char *name; uint32_t attr_bits; void *cb_mem; uint32_t cb_size; } osSemaphoreAttr_t, osMutexAttr_t;
typedef struct { const char *name; uint32_t attr_bits; void *cb_mem; uint32_t cb_size; void *mq_mem; uint32_t mq_size; } osMessageQueueAttr_t;
#define osWaitForever 0xFFFFFFFFU
osStatus_t osKernelInitialize(void);
osStatus_t osKernelStart(void);
uint32_t osKernelGetTickCount(void);
osThreadId_t osThreadNew(osThreadFunc_t func, void *argument, const osThreadAttr_t *attr);
osThreadId_t osThreadGetId(void);
osStatus_t osDelay(uint32_t ticks);
osSemaphoreId_t osSemaphoreNew(uint32_t max_count, uint32_t initial_count, const osSemaphoreAttr_t *attr);
osStatus_t osSemaphoreAcquire(osSemaphoreId_t semaphore_id, uint32_t timeout);
osStatus_t osSemaphoreRelease(osSemaphoreId_t semaphore_id);
osStatus_t osSemaphoreDelete(osSemaphoreId_t semaphore_id);
osMutexId_t osMutexNew(const osMutexAttr_t *attr);
osStatus_t osMutexAcquire(osMutexId_t mutex_id, uint32_t timeout);
osStatus_t osMutexRelease(osMutexId_t mutex_id);
osStatus_t osMutexDelete(osMutexId_t mutex_id);
osMessageQueueId_t osMessageQueueNew(uint32_t msg_count, uint32_t msg_size, const osMessageQueueAttr_t *attr);
osStatus_t osMessageQueuePut(osMessageQueueId_t mq_id, const void *msg_ptr, uint8_t msg_prio, uint32_t timeout);
osStatus_t osMessageQueueGet(osMessageQueueId_t mq_id, void *msg_ptr, uint8_t *msg_prio, uint32_t timeout);
uint32_t osMessageQueueGetCount(osMessageQueueId_t mq_id);
osStatus_t osMessageQueueDelete(osMessageQueueId_t mq_id);
#endif
