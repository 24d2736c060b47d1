/* OS/sys_arch.c - lwipgen test stand-in for ST's CMSIS-RTOS lwIP port (our own text): lwIP's sys_arch API
 * over CMSIS-RTOS v1 or v2. Like ST's, it has no sys_now(): CubeMX defines that in ethernetif.c. */
#include "lwip/opt.h"
#include "lwip/sys.h"
#include "lwip/err.h"
#include "arch/sys_arch.h"

#if (osCMSIS < 0x20000U)
osMutexDef(lwip_sys_mutex);
static osMutexId lwip_sys_mutex;
#else
static osMutexId_t lwip_sys_mutex;
#endif

void sys_init(void)
{
#if (osCMSIS < 0x20000U)
    lwip_sys_mutex = osMutexCreate(osMutex(lwip_sys_mutex));
#else
    lwip_sys_mutex = osMutexNew(NULL);
#endif
}

err_t sys_sem_new(sys_sem_t *sem, u8_t count)
{
#if (osCMSIS < 0x20000U)
    osSemaphoreDef(SEM);
    *sem = osSemaphoreCreate(osSemaphore(SEM), 1);
    if (*sem != NULL && count == 0U) { (void)osSemaphoreWait(*sem, 0U); }
#else
    *sem = osSemaphoreNew(UINT16_MAX, count, NULL);
#endif
    return *sem != NULL ? ERR_OK : ERR_MEM;
}
void sys_sem_free(sys_sem_t *sem) { (void)osSemaphoreDelete(*sem); }
void sys_sem_signal(sys_sem_t *sem) { (void)osSemaphoreRelease(*sem); }
u32_t sys_arch_sem_wait(sys_sem_t *sem, u32_t timeout)
{
    u32_t start = sys_now();
#if (osCMSIS < 0x20000U)
    if (osSemaphoreWait(*sem, timeout != 0U ? timeout : osWaitForever) != 0) { return SYS_ARCH_TIMEOUT; }
#else
    if (osSemaphoreAcquire(*sem, timeout != 0U ? timeout : osWaitForever) != osOK) { return SYS_ARCH_TIMEOUT; }
#endif
    return sys_now() - start;
}
int sys_sem_valid(sys_sem_t *sem) { return *sem != SYS_SEM_NULL; }
void sys_sem_set_invalid(sys_sem_t *sem) { *sem = SYS_SEM_NULL; }

err_t sys_mutex_new(sys_mutex_t *mutex)
{
#if (osCMSIS < 0x20000U)
    osMutexDef(MUTEX);
    *mutex = osMutexCreate(osMutex(MUTEX));
#else
    *mutex = osMutexNew(NULL);
#endif
    return *mutex != NULL ? ERR_OK : ERR_MEM;
}
void sys_mutex_free(sys_mutex_t *mutex) { (void)osMutexDelete(*mutex); }
#if (osCMSIS < 0x20000U)
void sys_mutex_lock(sys_mutex_t *mutex) { (void)osMutexWait(*mutex, osWaitForever); }
#else
void sys_mutex_lock(sys_mutex_t *mutex) { (void)osMutexAcquire(*mutex, osWaitForever); }
#endif
void sys_mutex_unlock(sys_mutex_t *mutex) { (void)osMutexRelease(*mutex); }

err_t sys_mbox_new(sys_mbox_t *mbox, int size)
{
#if (osCMSIS < 0x20000U)
    osMessageQDef_t def = { (uint32_t)size, sizeof(void *) };
    *mbox = osMessageCreate(&def, NULL);
#else
    *mbox = osMessageQueueNew((uint32_t)size, sizeof(void *), NULL);
#endif
    return *mbox != NULL ? ERR_OK : ERR_MEM;
}
#if (osCMSIS < 0x20000U)
void sys_mbox_free(sys_mbox_t *mbox) { (void)osMessageDelete(*mbox); }
void sys_mbox_post(sys_mbox_t *mbox, void *msg) { while (osMessagePut(*mbox, (uint32_t)(uintptr_t)msg, osWaitForever) != osOK) { } }
err_t sys_mbox_trypost(sys_mbox_t *mbox, void *msg) { return osMessagePut(*mbox, (uint32_t)(uintptr_t)msg, 0U) == osOK ? ERR_OK : ERR_MEM; }
u32_t sys_arch_mbox_fetch(sys_mbox_t *mbox, void **msg, u32_t timeout)
{
    osEvent e = osMessageGet(*mbox, timeout != 0U ? timeout : osWaitForever);
    if (e.status != osEventMessage) { *msg = NULL; return SYS_ARCH_TIMEOUT; }
    *msg = (void *)(uintptr_t)e.value.v;
    return 0U;
}
u32_t sys_arch_mbox_tryfetch(sys_mbox_t *mbox, void **msg)
{
    osEvent e = osMessageGet(*mbox, 0U);
    if (e.status != osEventMessage) { return SYS_MBOX_EMPTY; }
    *msg = (void *)(uintptr_t)e.value.v;
    return 0U;
}
#else
void sys_mbox_free(sys_mbox_t *mbox) { (void)osMessageQueueDelete(*mbox); }
void sys_mbox_post(sys_mbox_t *mbox, void *msg) { while (osMessageQueuePut(*mbox, &msg, 0U, osWaitForever) != osOK) { } }
err_t sys_mbox_trypost(sys_mbox_t *mbox, void *msg) { return osMessageQueuePut(*mbox, &msg, 0U, 0U) == osOK ? ERR_OK : ERR_MEM; }
u32_t sys_arch_mbox_fetch(sys_mbox_t *mbox, void **msg, u32_t timeout)
{
    if (osMessageQueueGet(*mbox, msg, NULL, timeout != 0U ? timeout : osWaitForever) != osOK) { *msg = NULL; return SYS_ARCH_TIMEOUT; }
    return 0U;
}
u32_t sys_arch_mbox_tryfetch(sys_mbox_t *mbox, void **msg) { return osMessageQueueGet(*mbox, msg, NULL, 0U) == osOK ? 0U : SYS_MBOX_EMPTY; }
#endif
err_t sys_mbox_trypost_fromisr(sys_mbox_t *mbox, void *msg) { return sys_mbox_trypost(mbox, msg); }
int sys_mbox_valid(sys_mbox_t *mbox) { return *mbox != SYS_MBOX_NULL; }
void sys_mbox_set_invalid(sys_mbox_t *mbox) { *mbox = SYS_MBOX_NULL; }

sys_thread_t sys_thread_new(const char *name, lwip_thread_fn thread, void *arg, int stacksize, int prio)
{
#if (osCMSIS < 0x20000U)
    const osThreadDef_t def = { (char *)name, (os_pthread)(void (*)(void))thread, (osPriority)prio, 0U, (uint32_t)stacksize };
    return osThreadCreate(&def, arg);
#else
    const osThreadAttr_t attr = { .name = name, .stack_size = (uint32_t)stacksize, .priority = (osPriority_t)prio };
    return osThreadNew(thread, arg, &attr);
#endif
}

sys_prot_t sys_arch_protect(void)
{
    sys_mutex_lock(&lwip_sys_mutex);
    return (sys_prot_t)1;
}
void sys_arch_unprotect(sys_prot_t pval)
{
    (void)pval;
    sys_mutex_unlock(&lwip_sys_mutex);
}
