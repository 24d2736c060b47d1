/*
 * freertos.c - the FreeRTOS V10 API subset of include/ on the virtual-time model (vrtos.c).
 * Semantics from the FreeRTOS reference manual; lwipgen's own code, no FreeRTOS code.
 */
#include <stdio.h>

#include "FreeRTOS.h"
#include "task.h"
#include "queue.h"
#include "semphr.h"

#define TH(h) ((vrtos_thread_t *)(void *)(h))
#define OB(h) ((vrtos_obj_t *)(void *)(h))
#define TICKS(x) ((x) == portMAX_DELAY ? VRTOS_FOREVER : (uint32_t)(x))

static void kernel(void) { vrtos_init(configTICK_RATE_HZ, configMAX_PRIORITIES, configLIBRARY_MAX_SYSCALL_INTERRUPT_PRIORITY); }

BaseType_t xTaskCreate(TaskFunction_t fn, const char *const name, const configSTACK_DEPTH_TYPE depth, void *const arg,
                       UBaseType_t prio, TaskHandle_t *const created)
{
    kernel();
    if (prio >= (UBaseType_t)configMAX_PRIORITIES) {
        prio = configMAX_PRIORITIES - 1; /* FreeRTOS caps the priority (configASSERT in debug builds) */
    }
    vrtos_thread_t *t = vrtos_thread_create(name, fn, arg, (size_t)depth * sizeof(StackType_t), (int)prio);
    if (created) {
        *created = (TaskHandle_t)(void *)t;
    }
    return t ? pdPASS : errCOULD_NOT_ALLOCATE_REQUIRED_MEMORY;
}

void vTaskDelete(TaskHandle_t t) { vrtos_thread_delete(TH(t)); }
void vTaskDelay(const TickType_t n) { vrtos_delay_ticks(TICKS(n)); }
void vTaskDelayUntil(TickType_t *const prev, const TickType_t inc) { vrtos_delay_until(prev, inc); }
TickType_t xTaskGetTickCount(void)
{
    kernel();
    return vrtos_tick_count();
}
TickType_t xTaskGetTickCountFromISR(void) { return xTaskGetTickCount(); }
TaskHandle_t xTaskGetCurrentTaskHandle(void) { return (TaskHandle_t)(void *)vrtos_self(); }
char *pcTaskGetName(TaskHandle_t t) { return (char *)vrtos_thread_name(t ? TH(t) : vrtos_self()); }
UBaseType_t uxTaskPriorityGet(TaskHandle_t t) { return (UBaseType_t)vrtos_thread_base_prio(t ? TH(t) : vrtos_self()); }
void vTaskPrioritySet(TaskHandle_t t, UBaseType_t p) { vrtos_thread_set_prio(TH(t), (int)p); }
UBaseType_t uxTaskGetStackHighWaterMark(TaskHandle_t t)
{
    return (UBaseType_t)(vrtos_stack_unused(t ? TH(t) : vrtos_self()) / sizeof(StackType_t));
}
void vTaskStartScheduler(void)
{
    kernel();
    vrtos_start(); /* returns: the harness runs the scheduler (vrtos_run) */
}
void vTaskSuspendAll(void) { vrtos_suspend_all(); }
BaseType_t xTaskResumeAll(void)
{
    vrtos_resume_all();
    return pdFALSE;
}
BaseType_t xTaskGetSchedulerState(void) { return vrtos_started() ? taskSCHEDULER_RUNNING : taskSCHEDULER_NOT_STARTED; }

BaseType_t xTaskGenericNotify(TaskHandle_t t, uint32_t v, eNotifyAction a, uint32_t *prev)
{
    return vrtos_notify(TH(t), v, (int)a, prev) ? pdPASS : pdFAIL;
}
BaseType_t xTaskGenericNotifyFromISR(TaskHandle_t t, uint32_t v, eNotifyAction a, uint32_t *prev, BaseType_t *woken)
{
    int w = 0;
    int r = vrtos_notify_isr(TH(t), v, (int)a, prev, &w);
    if (w && woken) {
        *woken = pdTRUE;
    }
    return r ? pdPASS : pdFAIL;
}
void vTaskNotifyGiveFromISR(TaskHandle_t t, BaseType_t *woken) { (void)xTaskGenericNotifyFromISR(t, 0, eIncrement, NULL, woken); }
uint32_t ulTaskNotifyTake(BaseType_t clear, TickType_t n) { return vrtos_notify_take(clear != pdFALSE, TICKS(n)); }
BaseType_t xTaskNotifyWait(uint32_t ce, uint32_t cx, uint32_t *v, TickType_t n)
{
    return vrtos_notify_wait(ce, cx, v, TICKS(n)) ? pdTRUE : pdFALSE;
}

/* ---- queues, semaphores, mutexes: one handle type, dispatched on the object kind ---- */

QueueHandle_t xQueueGenericCreate(const UBaseType_t len, const UBaseType_t size, const uint8_t type)
{
    kernel();
    if (type == queueQUEUE_TYPE_BINARY_SEMAPHORE) {
        return (QueueHandle_t)(void *)vrtos_sem_create("xSemaphoreCreateBinary", 1, 0);
    }
    return (QueueHandle_t)(void *)vrtos_queue_create("xQueueCreate", (uint32_t)len, (uint32_t)size);
}

QueueHandle_t xQueueCreateMutex(const uint8_t type)
{
    kernel();
    return (QueueHandle_t)(void *)vrtos_mutex_create("xSemaphoreCreateMutex", type == queueQUEUE_TYPE_RECURSIVE_MUTEX);
}

QueueHandle_t xQueueCreateCountingSemaphore(const UBaseType_t max, const UBaseType_t initial)
{
    kernel();
    return (QueueHandle_t)(void *)vrtos_sem_create("xSemaphoreCreateCounting", (uint32_t)max, (uint32_t)initial);
}

BaseType_t xQueueGenericSend(QueueHandle_t q, const void *const item, TickType_t n, const BaseType_t pos)
{
    switch (vrtos_obj_kind(OB(q))) {
    case VRTOS_SEM: return vrtos_sem_give(OB(q), "xSemaphoreGive") ? pdPASS : errQUEUE_FULL;
    case VRTOS_MUTEX: return vrtos_mutex_unlock(OB(q), "xSemaphoreGive") ? pdPASS : pdFAIL;
    case VRTOS_RMUTEX: vrtos_fault("xSemaphoreGive on a recursive mutex (use xSemaphoreGiveRecursive)");
    default: return vrtos_queue_send(OB(q), item, TICKS(n), pos == queueSEND_TO_FRONT, "xQueueSend") ? pdPASS : errQUEUE_FULL;
    }
}

BaseType_t xQueueGenericSendFromISR(QueueHandle_t q, const void *const item, BaseType_t *const woken, const BaseType_t pos)
{
    int w = 0, r;
    if (vrtos_obj_kind(OB(q)) == VRTOS_SEM) {
        r = vrtos_sem_give_isr(OB(q), &w, "xSemaphoreGiveFromISR");
    } else {
        r = vrtos_queue_send_isr(OB(q), item, pos == queueSEND_TO_FRONT, &w, "xQueueSendFromISR");
    }
    if (w && woken) {
        *woken = pdTRUE;
    }
    return r ? pdPASS : errQUEUE_FULL;
}

BaseType_t xQueueGiveFromISR(QueueHandle_t q, BaseType_t *const woken) { return xQueueGenericSendFromISR(q, NULL, woken, queueSEND_TO_BACK); }

BaseType_t xQueueReceive(QueueHandle_t q, void *const buf, TickType_t n)
{
    if (vrtos_obj_kind(OB(q)) != VRTOS_QUEUE) {
        return xQueueSemaphoreTake(q, n);
    }
    return vrtos_queue_recv(OB(q), buf, TICKS(n), 0, "xQueueReceive") ? pdPASS : errQUEUE_EMPTY;
}

BaseType_t xQueuePeek(QueueHandle_t q, void *const buf, TickType_t n)
{
    return vrtos_queue_recv(OB(q), buf, TICKS(n), 1, "xQueuePeek") ? pdPASS : errQUEUE_EMPTY;
}

BaseType_t xQueueReceiveFromISR(QueueHandle_t q, void *const buf, BaseType_t *const woken)
{
    int w = 0, r;
    if (vrtos_obj_kind(OB(q)) == VRTOS_SEM) {
        r = vrtos_sem_take_isr(OB(q), &w, "xSemaphoreTakeFromISR");
    } else {
        r = vrtos_queue_recv_isr(OB(q), buf, &w, "xQueueReceiveFromISR");
    }
    if (w && woken) {
        *woken = pdTRUE;
    }
    return r ? pdPASS : errQUEUE_EMPTY;
}

BaseType_t xQueueSemaphoreTake(QueueHandle_t q, TickType_t n)
{
    switch (vrtos_obj_kind(OB(q))) {
    case VRTOS_MUTEX: return vrtos_mutex_lock(OB(q), TICKS(n), "xSemaphoreTake") ? pdPASS : pdFAIL;
    case VRTOS_RMUTEX: vrtos_fault("xSemaphoreTake on a recursive mutex (use xSemaphoreTakeRecursive)");
    case VRTOS_SEM: return vrtos_sem_take(OB(q), TICKS(n), "xSemaphoreTake") ? pdPASS : pdFAIL;
    default: return vrtos_queue_recv(OB(q), NULL, TICKS(n), 0, "xSemaphoreTake") ? pdPASS : pdFAIL;
    }
}

BaseType_t xQueueTakeMutexRecursive(QueueHandle_t m, TickType_t n)
{
    if (vrtos_obj_kind(OB(m)) != VRTOS_RMUTEX) {
        vrtos_fault("xSemaphoreTakeRecursive on an object that is not a recursive mutex");
    }
    return vrtos_mutex_lock(OB(m), TICKS(n), "xSemaphoreTakeRecursive") ? pdPASS : pdFAIL;
}

BaseType_t xQueueGiveMutexRecursive(QueueHandle_t m)
{
    if (vrtos_obj_kind(OB(m)) != VRTOS_RMUTEX) {
        vrtos_fault("xSemaphoreGiveRecursive on an object that is not a recursive mutex");
    }
    if (vrtos_mutex_holder(OB(m)) != vrtos_self()) {
        return pdFAIL; /* FreeRTOS: only the holder may give; others get pdFAIL */
    }
    return vrtos_mutex_unlock(OB(m), "xSemaphoreGiveRecursive") ? pdPASS : pdFAIL;
}

TaskHandle_t xQueueGetMutexHolder(QueueHandle_t m) { return (TaskHandle_t)(void *)vrtos_mutex_holder(OB(m)); }
UBaseType_t uxQueueMessagesWaiting(const QueueHandle_t q) { return vrtos_queue_count(OB(q)); }
UBaseType_t uxQueueMessagesWaitingFromISR(const QueueHandle_t q) { return vrtos_queue_count(OB(q)); }
UBaseType_t uxQueueSpacesAvailable(const QueueHandle_t q) { return vrtos_queue_space(OB(q)); }
void vQueueDelete(QueueHandle_t q) { vrtos_obj_delete(OB(q)); }
