/*
 * cmsis_os2.c - CMSIS-RTOS2 on the FreeRTOS API of this model, the way a CubeMX project's
 * CMSIS_RTOS_V2/cmsis_os2.c maps it (CMSIS-RTOS2 API documentation; behaviour of ARM's FreeRTOS
 * wrapper: priorities are FreeRTOS priorities, stack_size is bytes, ISR calls use the FromISR API and
 * portYIELD_FROM_ISR). lwipgen's own code, not ARM or ST code.
 *
 * One deliberate difference: a call with a timeout from interrupt context, which CMSIS answers with
 * osErrorParameter, is a fault here - lwIP's sys_arch loops on such errors (sys_mbox_post), so on a
 * board it hangs; the simulation names the call instead.
 */
#include <string.h>

#include "FreeRTOS.h"
#include "task.h"
#include "queue.h"
#include "semphr.h"
#include "cmsis_os2.h"

#define OBJ(h) ((vrtos_obj_t *)(void *)(h))

static osKernelState_t kstate = osKernelInactive;

static void kernel(void) { vrtos_init(configTICK_RATE_HZ, configMAX_PRIORITIES, configLIBRARY_MAX_SYSCALL_INTERRUPT_PRIORITY); }

static int in_isr_with_timeout(const char *api, uint32_t timeout)
{
    if (!vrtos_in_isr()) {
        return 0;
    }
    if (timeout != 0U) {
        vrtos_fault("%s with a timeout (%u) from interrupt context (CMSIS-RTOS2: osErrorParameter)", api, (unsigned)timeout);
    }
    return 1;
}

osStatus_t osKernelInitialize(void)
{
    if (vrtos_in_isr()) {
        return osErrorISR;
    }
    kernel();
    if (kstate != osKernelInactive) {
        return osError;
    }
    kstate = osKernelReady;
    return osOK;
}

osStatus_t osKernelStart(void)
{
    if (vrtos_in_isr()) {
        return osErrorISR;
    }
    if (kstate != osKernelReady) {
        return osError;
    }
    kstate = osKernelRunning;
    vTaskStartScheduler();
    return osOK;
}

osKernelState_t osKernelGetState(void) { return kstate; }
uint32_t osKernelGetTickCount(void) { return xTaskGetTickCount(); }
uint32_t osKernelGetTickFreq(void) { return configTICK_RATE_HZ; }

int32_t osKernelLock(void)
{
    if (vrtos_in_isr()) {
        return (int32_t)osErrorISR;
    }
    int32_t was = kstate == osKernelLocked;
    if (!was) {
        vTaskSuspendAll();
        kstate = osKernelLocked;
    }
    return was;
}

int32_t osKernelUnlock(void)
{
    if (vrtos_in_isr()) {
        return (int32_t)osErrorISR;
    }
    int32_t was = kstate == osKernelLocked;
    if (was) {
        kstate = osKernelRunning;
        (void)xTaskResumeAll();
    }
    return was;
}

osThreadId_t osThreadNew(osThreadFunc_t func, void *argument, const osThreadAttr_t *attr)
{
    if (vrtos_in_isr() || func == NULL) {
        return NULL;
    }
    kernel();
    const char *name = NULL;
    uint32_t stack = configMINIMAL_STACK_SIZE; /* words */
    int32_t prio = osPriorityNormal;
    if (attr != NULL) {
        name = attr->name;
        if (attr->priority != osPriorityNone) {
            prio = (int32_t)attr->priority;
        }
        if (prio < osPriorityIdle || prio > osPriorityISR || prio >= configMAX_PRIORITIES) {
            return NULL;
        }
        if (attr->stack_size > 0U) {
            stack = attr->stack_size / sizeof(StackType_t);
        }
    }
    TaskHandle_t h = NULL;
    if (xTaskCreate((TaskFunction_t)func, name, (configSTACK_DEPTH_TYPE)stack, argument, (UBaseType_t)prio, &h) != pdPASS) {
        return NULL;
    }
    return (osThreadId_t)h;
}

osThreadId_t osThreadGetId(void) { return (osThreadId_t)xTaskGetCurrentTaskHandle(); }
const char *osThreadGetName(osThreadId_t id) { return vrtos_in_isr() || id == NULL ? NULL : pcTaskGetName((TaskHandle_t)id); }

osStatus_t osThreadYield(void)
{
    if (vrtos_in_isr()) {
        return osErrorISR;
    }
    taskYIELD();
    return osOK;
}

osStatus_t osThreadTerminate(osThreadId_t id)
{
    if (vrtos_in_isr()) {
        return osErrorISR;
    }
    if (id == NULL) {
        return osErrorParameter;
    }
    vTaskDelete((TaskHandle_t)id);
    return osOK;
}

void osThreadExit(void)
{
    vTaskDelete(NULL);
    for (;;) {
    }
}

osPriority_t osThreadGetPriority(osThreadId_t id)
{
    if (vrtos_in_isr() || id == NULL) {
        return osPriorityError;
    }
    return (osPriority_t)uxTaskPriorityGet((TaskHandle_t)id);
}

uint32_t osThreadGetStackSpace(osThreadId_t id)
{
    if (vrtos_in_isr() || id == NULL) {
        return 0U;
    }
    return (uint32_t)(uxTaskGetStackHighWaterMark((TaskHandle_t)id) * sizeof(StackType_t));
}

osStatus_t osDelay(uint32_t ticks)
{
    if (vrtos_in_isr()) {
        vrtos_fault("osDelay from interrupt context (CMSIS-RTOS2: osErrorISR)");
    }
    if (ticks != 0U) {
        vTaskDelay(ticks);
    }
    return osOK;
}

osStatus_t osDelayUntil(uint32_t ticks)
{
    if (vrtos_in_isr()) {
        vrtos_fault("osDelayUntil from interrupt context (CMSIS-RTOS2: osErrorISR)");
    }
    TickType_t now = xTaskGetTickCount();
    TickType_t d = ticks - now;
    if (d == 0U || d > 0x7FFFFFFFU) {
        return osErrorParameter;
    }
    vTaskDelayUntil(&now, d);
    return osOK;
}

osSemaphoreId_t osSemaphoreNew(uint32_t max_count, uint32_t initial_count, const osSemaphoreAttr_t *attr)
{
    (void)attr;
    if (vrtos_in_isr() || max_count == 0U || initial_count > max_count) {
        return NULL;
    }
    SemaphoreHandle_t h;
    if (max_count == 1U) {
        h = xSemaphoreCreateBinary();
        if (h != NULL && initial_count != 0U) {
            (void)xSemaphoreGive(h);
        }
    } else {
        h = xSemaphoreCreateCounting(max_count, initial_count);
    }
    return (osSemaphoreId_t)h;
}

osStatus_t osSemaphoreAcquire(osSemaphoreId_t id, uint32_t timeout)
{
    if (id == NULL) {
        return osErrorParameter;
    }
    if (in_isr_with_timeout("osSemaphoreAcquire", timeout)) {
        BaseType_t w = pdFALSE;
        if (xSemaphoreTakeFromISR((SemaphoreHandle_t)id, &w) != pdPASS) {
            return osErrorResource;
        }
        portYIELD_FROM_ISR(w);
        return osOK;
    }
    if (xSemaphoreTake((SemaphoreHandle_t)id, timeout) != pdPASS) {
        return timeout != 0U ? osErrorTimeout : osErrorResource;
    }
    return osOK;
}

osStatus_t osSemaphoreRelease(osSemaphoreId_t id)
{
    if (id == NULL) {
        return osErrorParameter;
    }
    if (vrtos_in_isr()) {
        BaseType_t w = pdFALSE;
        if (xSemaphoreGiveFromISR((SemaphoreHandle_t)id, &w) != pdTRUE) {
            return osErrorResource;
        }
        portYIELD_FROM_ISR(w);
        return osOK;
    }
    return xSemaphoreGive((SemaphoreHandle_t)id) == pdPASS ? osOK : osErrorResource;
}

uint32_t osSemaphoreGetCount(osSemaphoreId_t id) { return id == NULL ? 0U : (uint32_t)uxSemaphoreGetCount((SemaphoreHandle_t)id); }

osStatus_t osSemaphoreDelete(osSemaphoreId_t id)
{
    if (vrtos_in_isr()) {
        return osErrorISR;
    }
    if (id == NULL) {
        return osErrorParameter;
    }
    vSemaphoreDelete((SemaphoreHandle_t)id);
    return osOK;
}

osMutexId_t osMutexNew(const osMutexAttr_t *attr)
{
    if (vrtos_in_isr()) {
        return NULL;
    }
    if (attr != NULL && (attr->attr_bits & osMutexRecursive) != 0U) {
        return (osMutexId_t)xSemaphoreCreateRecursiveMutex();
    }
    return (osMutexId_t)xSemaphoreCreateMutex();
}

osStatus_t osMutexAcquire(osMutexId_t id, uint32_t timeout)
{
    if (vrtos_in_isr()) {
        vrtos_fault("osMutexAcquire from interrupt context (CMSIS-RTOS2: osErrorISR)");
    }
    if (id == NULL) {
        return osErrorParameter;
    }
    BaseType_t ok = vrtos_obj_kind(OBJ(id)) == VRTOS_RMUTEX ? xSemaphoreTakeRecursive((SemaphoreHandle_t)id, timeout)
                                                           : xSemaphoreTake((SemaphoreHandle_t)id, timeout);
    if (ok != pdPASS) {
        return timeout != 0U ? osErrorTimeout : osErrorResource;
    }
    return osOK;
}

osStatus_t osMutexRelease(osMutexId_t id)
{
    if (vrtos_in_isr()) {
        vrtos_fault("osMutexRelease from interrupt context (CMSIS-RTOS2: osErrorISR)");
    }
    if (id == NULL) {
        return osErrorParameter;
    }
    BaseType_t ok = vrtos_obj_kind(OBJ(id)) == VRTOS_RMUTEX ? xSemaphoreGiveRecursive((SemaphoreHandle_t)id)
                                                           : xSemaphoreGive((SemaphoreHandle_t)id);
    return ok == pdPASS ? osOK : osErrorResource;
}

osThreadId_t osMutexGetOwner(osMutexId_t id)
{
    return vrtos_in_isr() || id == NULL ? NULL : (osThreadId_t)xSemaphoreGetMutexHolder((SemaphoreHandle_t)id);
}

osStatus_t osMutexDelete(osMutexId_t id)
{
    if (vrtos_in_isr()) {
        return osErrorISR;
    }
    if (id == NULL) {
        return osErrorParameter;
    }
    vSemaphoreDelete((SemaphoreHandle_t)id);
    return osOK;
}

osMessageQueueId_t osMessageQueueNew(uint32_t msg_count, uint32_t msg_size, const osMessageQueueAttr_t *attr)
{
    (void)attr;
    if (vrtos_in_isr() || msg_count == 0U || msg_size == 0U) {
        return NULL;
    }
    return (osMessageQueueId_t)xQueueCreate(msg_count, msg_size);
}

osStatus_t osMessageQueuePut(osMessageQueueId_t id, const void *msg, uint8_t prio, uint32_t timeout)
{
    (void)prio;
    if (id == NULL || msg == NULL) {
        return osErrorParameter;
    }
    if (in_isr_with_timeout("osMessageQueuePut", timeout)) {
        BaseType_t w = pdFALSE;
        if (xQueueSendToBackFromISR((QueueHandle_t)id, msg, &w) != pdTRUE) {
            return osErrorResource;
        }
        portYIELD_FROM_ISR(w);
        return osOK;
    }
    if (xQueueSendToBack((QueueHandle_t)id, msg, timeout) != pdPASS) {
        return timeout != 0U ? osErrorTimeout : osErrorResource;
    }
    return osOK;
}

osStatus_t osMessageQueueGet(osMessageQueueId_t id, void *msg, uint8_t *prio, uint32_t timeout)
{
    if (prio != NULL) {
        *prio = 0U;
    }
    if (id == NULL || msg == NULL) {
        return osErrorParameter;
    }
    if (in_isr_with_timeout("osMessageQueueGet", timeout)) {
        BaseType_t w = pdFALSE;
        if (xQueueReceiveFromISR((QueueHandle_t)id, msg, &w) != pdPASS) {
            return osErrorResource;
        }
        portYIELD_FROM_ISR(w);
        return osOK;
    }
    if (xQueueReceive((QueueHandle_t)id, msg, timeout) != pdPASS) {
        return timeout != 0U ? osErrorTimeout : osErrorResource;
    }
    return osOK;
}

uint32_t osMessageQueueGetCount(osMessageQueueId_t id) { return id == NULL ? 0U : (uint32_t)uxQueueMessagesWaiting((QueueHandle_t)id); }
uint32_t osMessageQueueGetSpace(osMessageQueueId_t id) { return id == NULL ? 0U : (uint32_t)uxQueueSpacesAvailable((QueueHandle_t)id); }

osStatus_t osMessageQueueDelete(osMessageQueueId_t id)
{
    if (vrtos_in_isr()) {
        return osErrorISR;
    }
    if (id == NULL) {
        return osErrorParameter;
    }
    vQueueDelete((QueueHandle_t)id);
    return osOK;
}
