/* sys_arch.c - written for lwipgen's tests: lwIP's OS abstraction (sys.h) on the FreeRTOS API, in the
 * shape of the port the GD32F4xx demos ship (lwip-2.1.2/port/GD32F4xx/FreeRTOS/sys_arch.c: stack sizes in
 * bytes, FreeRTOS priorities as given). No GigaDevice, FreeRTOS or lwIP code. */
#include "lwip/opt.h"
#include "lwip/sys.h"
#include "FreeRTOS.h"
#include "task.h"
#include "semphr.h"

void sys_init(void) {}
u32_t sys_now(void) { return (u32_t)(xTaskGetTickCount() * portTICK_PERIOD_MS); }
u32_t sys_jiffies(void) { return (u32_t)xTaskGetTickCount(); }
sys_prot_t sys_arch_protect(void) { taskENTER_CRITICAL(); return 1; }
void sys_arch_unprotect(sys_prot_t pval) { (void)pval; taskEXIT_CRITICAL(); }

err_t sys_mutex_new(sys_mutex_t *mutex)
{
    mutex->mut = xSemaphoreCreateMutex();
    return mutex->mut == NULL ? ERR_MEM : ERR_OK;
}
void sys_mutex_lock(sys_mutex_t *mutex) { (void)xSemaphoreTake((SemaphoreHandle_t)mutex->mut, portMAX_DELAY); }
void sys_mutex_unlock(sys_mutex_t *mutex) { (void)xSemaphoreGive((SemaphoreHandle_t)mutex->mut); }
void sys_mutex_free(sys_mutex_t *mutex) { vSemaphoreDelete((SemaphoreHandle_t)mutex->mut); mutex->mut = NULL; }

err_t sys_sem_new(sys_sem_t *sem, u8_t initial_count)
{
    sem->sem = xSemaphoreCreateCounting(0xFFFF, initial_count);
    return sem->sem == NULL ? ERR_MEM : ERR_OK;
}
void sys_sem_signal(sys_sem_t *sem) { (void)xSemaphoreGive((SemaphoreHandle_t)sem->sem); }
u32_t sys_arch_sem_wait(sys_sem_t *sem, u32_t timeout_ms)
{
    TickType_t t = timeout_ms == 0U ? portMAX_DELAY : pdMS_TO_TICKS(timeout_ms);
    return xSemaphoreTake((SemaphoreHandle_t)sem->sem, t) == pdTRUE ? 0U : SYS_ARCH_TIMEOUT;
}
void sys_sem_free(sys_sem_t *sem) { vSemaphoreDelete((SemaphoreHandle_t)sem->sem); sem->sem = NULL; }

err_t sys_mbox_new(sys_mbox_t *mbox, int size)
{
    mbox->mbx = xQueueCreate((UBaseType_t)size, sizeof(void *));
    return mbox->mbx == NULL ? ERR_MEM : ERR_OK;
}
void sys_mbox_post(sys_mbox_t *mbox, void *msg) { (void)xQueueSend((QueueHandle_t)mbox->mbx, &msg, portMAX_DELAY); }
err_t sys_mbox_trypost(sys_mbox_t *mbox, void *msg) { return xQueueSend((QueueHandle_t)mbox->mbx, &msg, 0) == pdPASS ? ERR_OK : ERR_MEM; }
err_t sys_mbox_trypost_fromisr(sys_mbox_t *mbox, void *msg) { return sys_mbox_trypost(mbox, msg); }
u32_t sys_arch_mbox_fetch(sys_mbox_t *mbox, void **msg, u32_t timeout_ms)
{
    void *dummy;
    TickType_t t = timeout_ms == 0U ? portMAX_DELAY : pdMS_TO_TICKS(timeout_ms);
    return xQueueReceive((QueueHandle_t)mbox->mbx, msg != NULL ? msg : &dummy, t) == pdTRUE ? 0U : SYS_ARCH_TIMEOUT;
}
u32_t sys_arch_mbox_tryfetch(sys_mbox_t *mbox, void **msg)
{
    void *dummy;
    return xQueueReceive((QueueHandle_t)mbox->mbx, msg != NULL ? msg : &dummy, 0) == pdTRUE ? 0U : SYS_MBOX_EMPTY;
}
void sys_mbox_free(sys_mbox_t *mbox) { vQueueDelete((QueueHandle_t)mbox->mbx); mbox->mbx = NULL; }

sys_thread_t sys_thread_new(const char *name, lwip_thread_fn thread, void *arg, int stacksize, int prio)
{
    sys_thread_t t = {NULL};
    TaskHandle_t h = NULL;
    if (xTaskCreate(thread, name, (configSTACK_DEPTH_TYPE)(stacksize / sizeof(StackType_t)), arg, (UBaseType_t)prio, &h) == pdPASS) {
        t.thread_handle = h;
    }
    return t;
}
