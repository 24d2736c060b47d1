/*
 * sys_arch_freertos.c - lwIP's sys_arch directly on the FreeRTOS API (boards with rtos = "freertos"
 * and no rtos_api: GD32 projects), behaving as lwIP's contrib/ports/freertos/sys_arch.c does (read
 * for its behaviour; lwipgen's own code): queues of pointers, counting semaphores, FreeRTOS mutexes,
 * SYS_ARCH_PROTECT as a FreeRTOS critical section (nestable), sys_now from the tick count.
 */
#include "lwip/opt.h"
#include "lwip/sys.h"
#include "lwip/stats.h"

#if !NO_SYS

#include "FreeRTOS.h"
#include "task.h"
#include "queue.h"
#include "semphr.h"

void sys_init(void) {}

u32_t sys_now(void) { return (u32_t)(xTaskGetTickCount() * portTICK_PERIOD_MS); }

sys_prot_t sys_arch_protect(void)
{
    taskENTER_CRITICAL();
    return (sys_prot_t)1;
}

void sys_arch_unprotect(sys_prot_t pval)
{
    (void)pval;
    taskEXIT_CRITICAL();
}

static TickType_t ticks_of(u32_t ms) { return ms == 0U ? portMAX_DELAY : (ms / portTICK_PERIOD_MS ? ms / portTICK_PERIOD_MS : 1U); }

err_t sys_mutex_new(sys_mutex_t *mutex)
{
    mutex->mut = xSemaphoreCreateRecursiveMutex();
    if (mutex->mut == NULL) {
        SYS_STATS_INC(mutex.err);
        return ERR_MEM;
    }
    SYS_STATS_INC_USED(mutex);
    return ERR_OK;
}

void sys_mutex_lock(sys_mutex_t *mutex) { (void)xSemaphoreTakeRecursive((SemaphoreHandle_t)mutex->mut, portMAX_DELAY); }
void sys_mutex_unlock(sys_mutex_t *mutex) { (void)xSemaphoreGiveRecursive((SemaphoreHandle_t)mutex->mut); }

void sys_mutex_free(sys_mutex_t *mutex)
{
    SYS_STATS_DEC(mutex.used);
    vSemaphoreDelete((SemaphoreHandle_t)mutex->mut);
    mutex->mut = NULL;
}

err_t sys_sem_new(sys_sem_t *sem, u8_t count)
{
    sem->sem = xSemaphoreCreateCounting(0xFFFF, count);
    if (sem->sem == NULL) {
        SYS_STATS_INC(sem.err);
        return ERR_MEM;
    }
    SYS_STATS_INC_USED(sem);
    return ERR_OK;
}

void sys_sem_signal(sys_sem_t *sem) { (void)xSemaphoreGive((SemaphoreHandle_t)sem->sem); }

u32_t sys_arch_sem_wait(sys_sem_t *sem, u32_t timeout)
{
    TickType_t start = xTaskGetTickCount();
    if (xSemaphoreTake((SemaphoreHandle_t)sem->sem, ticks_of(timeout)) != pdTRUE) {
        return SYS_ARCH_TIMEOUT;
    }
    return (u32_t)((xTaskGetTickCount() - start) * portTICK_PERIOD_MS);
}

void sys_sem_free(sys_sem_t *sem)
{
    SYS_STATS_DEC(sem.used);
    vSemaphoreDelete((SemaphoreHandle_t)sem->sem);
    sem->sem = NULL;
}

err_t sys_mbox_new(sys_mbox_t *mbox, int size)
{
    mbox->mbx = xQueueCreate((UBaseType_t)size, sizeof(void *));
    if (mbox->mbx == NULL) {
        SYS_STATS_INC(mbox.err);
        return ERR_MEM;
    }
    SYS_STATS_INC_USED(mbox);
    return ERR_OK;
}

void sys_mbox_post(sys_mbox_t *mbox, void *msg) { (void)xQueueSendToBack((QueueHandle_t)mbox->mbx, &msg, portMAX_DELAY); }

err_t sys_mbox_trypost(sys_mbox_t *mbox, void *msg)
{
    if (xQueueSendToBack((QueueHandle_t)mbox->mbx, &msg, 0) != pdTRUE) {
        SYS_STATS_INC(mbox.err);
        return ERR_MEM;
    }
    return ERR_OK;
}

err_t sys_mbox_trypost_fromisr(sys_mbox_t *mbox, void *msg)
{
    BaseType_t w = pdFALSE;
    if (xQueueSendToBackFromISR((QueueHandle_t)mbox->mbx, &msg, &w) != pdTRUE) {
        SYS_STATS_INC(mbox.err);
        return ERR_MEM;
    }
    portYIELD_FROM_ISR(w);
    return ERR_OK;
}

u32_t sys_arch_mbox_fetch(sys_mbox_t *mbox, void **msg, u32_t timeout)
{
    void *dummy;
    TickType_t start = xTaskGetTickCount();
    if (xQueueReceive((QueueHandle_t)mbox->mbx, msg != NULL ? msg : &dummy, ticks_of(timeout)) != pdTRUE) {
        if (msg != NULL) {
            *msg = NULL;
        }
        return SYS_ARCH_TIMEOUT;
    }
    return (u32_t)((xTaskGetTickCount() - start) * portTICK_PERIOD_MS);
}

u32_t sys_arch_mbox_tryfetch(sys_mbox_t *mbox, void **msg)
{
    void *dummy;
    if (xQueueReceive((QueueHandle_t)mbox->mbx, msg != NULL ? msg : &dummy, 0) != pdTRUE) {
        return SYS_MBOX_EMPTY;
    }
    return 0;
}

void sys_mbox_free(sys_mbox_t *mbox)
{
    UBaseType_t left = uxQueueMessagesWaiting((QueueHandle_t)mbox->mbx);
    if (left != 0U) {
        vrtos_fault("sys_mbox_free: mailbox freed with %u messages in it", (unsigned)left);
    }
    SYS_STATS_DEC(mbox.used);
    vQueueDelete((QueueHandle_t)mbox->mbx);
    mbox->mbx = NULL;
}

sys_thread_t sys_thread_new(const char *name, lwip_thread_fn thread, void *arg, int stacksize, int prio)
{
    sys_thread_t t;
    TaskHandle_t h = NULL;
    /* contrib's port (LWIP_FREERTOS_THREAD_STACKSIZE_IS_STACKWORDS 0): stacksize in bytes */
    if (xTaskCreate(thread, name, (configSTACK_DEPTH_TYPE)((size_t)stacksize / sizeof(StackType_t)), arg, (UBaseType_t)prio, &h) != pdPASS) {
        vrtos_fault("sys_thread_new(\"%s\", stack %d, prio %d) failed", name ? name : "", stacksize, prio);
    }
    t.thread_handle = h;
    return t;
}

#endif /* !NO_SYS */
