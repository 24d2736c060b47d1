/*
 * cmsis_os1.c - CMSIS-RTOS v1 on the FreeRTOS API of this model, the way ST's CMSIS_RTOS/cmsis_os.c
 * maps it for CubeMX v1 projects (CMSIS-RTOS v1.02 documentation and ST's wrapper behaviour:
 * priority = osPriority - osPriorityIdle, osThreadDef stack size in words, millisecond timeouts
 * divided by portTICK_PERIOD_MS with a minimum of one tick, status osOK/osErrorOS, the FromISR API
 * in interrupt context). lwipgen's own code, not ST or ARM code. As in cmsis_os2.c, a timeout from
 * interrupt context is a fault.
 */
#include <string.h>

#define VRTOS_CMSIS_V1 1
#include "cmsis_os.h"

static int krunning;

static TickType_t ms_to_ticks(uint32_t ms)
{
    if (ms == osWaitForever) {
        return portMAX_DELAY;
    }
    if (ms == 0U) {
        return 0U;
    }
    TickType_t t = ms / portTICK_PERIOD_MS;
    return t ? t : 1U;
}

static int isr_call(const char *api, uint32_t ms)
{
    if (!vrtos_in_isr()) {
        return 0;
    }
    if (ms != 0U) {
        vrtos_fault("%s with a timeout (%u ms) from interrupt context", api, (unsigned)ms);
    }
    return 1;
}

osStatus osKernelInitialize(void)
{
    vrtos_init(configTICK_RATE_HZ, configMAX_PRIORITIES, configLIBRARY_MAX_SYSCALL_INTERRUPT_PRIORITY);
    return osOK;
}

osStatus osKernelStart(void)
{
    krunning = 1;
    vTaskStartScheduler();
    return osOK;
}

int32_t osKernelRunning(void) { return krunning; }
uint32_t osKernelSysTick(void) { return xTaskGetTickCount(); }

osThreadId osThreadCreate(const osThreadDef_t *def, void *argument)
{
    if (def == NULL || def->tpriority == osPriorityError || vrtos_in_isr()) {
        return NULL;
    }
    int prio = (int)def->tpriority - (int)osPriorityIdle;
    TaskHandle_t h = NULL;
    if (xTaskCreate((TaskFunction_t)(void (*)(void))def->pthread, def->name, (configSTACK_DEPTH_TYPE)def->stacksize, argument,
                    (UBaseType_t)prio, &h) != pdPASS) {
        return NULL;
    }
    return h;
}

osThreadId osThreadGetId(void) { return xTaskGetCurrentTaskHandle(); }

osStatus osThreadTerminate(osThreadId id)
{
    vTaskDelete(id);
    return osOK;
}

osStatus osThreadYield(void)
{
    taskYIELD();
    return osOK;
}

osStatus osDelay(uint32_t ms)
{
    TickType_t t = ms / portTICK_PERIOD_MS;
    vTaskDelay(t ? t : 1U);
    return osOK;
}

osMutexId osMutexCreate(const osMutexDef_t *def)
{
    (void)def;
    return xSemaphoreCreateMutex();
}

osStatus osMutexWait(osMutexId id, uint32_t ms)
{
    if (id == NULL) {
        return osErrorParameter;
    }
    if (vrtos_in_isr()) {
        vrtos_fault("osMutexWait from interrupt context");
    }
    return xSemaphoreTake(id, ms_to_ticks(ms)) == pdTRUE ? osOK : osErrorOS;
}

osStatus osMutexRelease(osMutexId id)
{
    if (vrtos_in_isr()) {
        vrtos_fault("osMutexRelease from interrupt context");
    }
    return xSemaphoreGive(id) == pdTRUE ? osOK : osErrorOS;
}

osStatus osMutexDelete(osMutexId id)
{
    vSemaphoreDelete(id);
    return osOK;
}

osMutexId osRecursiveMutexCreate(const osMutexDef_t *def)
{
    (void)def;
    return xSemaphoreCreateRecursiveMutex();
}

osStatus osRecursiveMutexRelease(osMutexId id) { return xSemaphoreGiveRecursive(id) == pdTRUE ? osOK : osErrorOS; }
osStatus osRecursiveMutexWait(osMutexId id, uint32_t ms)
{
    if (id == NULL) {
        return osErrorParameter;
    }
    return xSemaphoreTakeRecursive(id, ms_to_ticks(ms)) == pdTRUE ? osOK : osErrorOS;
}

osSemaphoreId osSemaphoreCreate(const osSemaphoreDef_t *def, int32_t count)
{
    (void)def;
    if (count == 1) {
        /* ST's wrapper: a binary semaphore, created available (vSemaphoreCreateBinary) */
        SemaphoreHandle_t s = xSemaphoreCreateBinary();
        if (s != NULL) {
            (void)xSemaphoreGive(s);
        }
        return s;
    }
    return count > 0 ? xSemaphoreCreateCounting((UBaseType_t)count, (UBaseType_t)count) : NULL;
}

int32_t osSemaphoreWait(osSemaphoreId id, uint32_t ms)
{
    if (id == NULL) {
        return osErrorParameter;
    }
    if (isr_call("osSemaphoreWait", ms)) {
        BaseType_t w = pdFALSE;
        if (xSemaphoreTakeFromISR(id, &w) != pdTRUE) {
            return osErrorOS;
        }
        portEND_SWITCHING_ISR(w);
        return osOK;
    }
    return xSemaphoreTake(id, ms_to_ticks(ms)) == pdTRUE ? osOK : osErrorOS;
}

osStatus osSemaphoreRelease(osSemaphoreId id)
{
    if (vrtos_in_isr()) {
        BaseType_t w = pdFALSE;
        if (xSemaphoreGiveFromISR(id, &w) != pdTRUE) {
            return osErrorOS;
        }
        portEND_SWITCHING_ISR(w);
        return osOK;
    }
    return xSemaphoreGive(id) == pdTRUE ? osOK : osErrorOS;
}

osStatus osSemaphoreDelete(osSemaphoreId id)
{
    if (vrtos_in_isr()) {
        return osErrorISR;
    }
    vSemaphoreDelete(id);
    return osOK;
}

osMessageQId osMessageCreate(const osMessageQDef_t *def, osThreadId thread_id)
{
    (void)thread_id;
    if (def == NULL || def->item_sz > sizeof(osMessageValue)) {
        return NULL; /* a v1 message is one value */
    }
    return xQueueCreate(def->queue_sz, def->item_sz);
}

osStatus osMessagePut(osMessageQId q, osMessageValue info, uint32_t ms)
{
    if (isr_call("osMessagePut", ms)) {
        BaseType_t w = pdFALSE;
        if (xQueueSendFromISR(q, &info, &w) != pdTRUE) {
            return osErrorOS;
        }
        portEND_SWITCHING_ISR(w);
        return osOK;
    }
    return xQueueSend(q, &info, ms_to_ticks(ms)) == pdTRUE ? osOK : osErrorOS;
}

osEvent osMessageGet(osMessageQId q, uint32_t ms)
{
    osEvent ev;
    memset(&ev, 0, sizeof ev);
    ev.def.message_id = q;
    if (q == NULL) {
        ev.status = osErrorParameter;
        return ev;
    }
    if (isr_call("osMessageGet", ms)) {
        BaseType_t w = pdFALSE;
        ev.status = xQueueReceiveFromISR(q, &ev.value.v, &w) == pdTRUE ? osEventMessage : osOK;
        portEND_SWITCHING_ISR(w);
        return ev;
    }
    TickType_t t = ms_to_ticks(ms);
    if (xQueueReceive(q, &ev.value.v, t) == pdTRUE) {
        ev.status = osEventMessage;
    } else {
        ev.status = t == 0U ? osOK : osEventTimeout;
    }
    return ev;
}

uint32_t osMessageWaiting(osMessageQId q) { return (uint32_t)uxQueueMessagesWaiting(q); }

osStatus osMessageDelete(osMessageQId q)
{
    if (vrtos_in_isr()) {
        return osErrorISR;
    }
    vQueueDelete(q);
    return osOK;
}
