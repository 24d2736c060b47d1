/*
 * sys_arch_cmsis.c - lwIP's sys_arch over CMSIS-RTOS v1/v2, behaving as the port CubeMX puts in a
 * FreeRTOS project (ST's Middlewares/Third_Party/LwIP/system/OS/sys_arch.c, read for its behaviour;
 * lwipgen's own code):
 *  - mailboxes are message queues of pointers; posting blocks forever, trypost does not wait;
 *  - semaphores are counting semaphores (v2: max UINT16_MAX);
 *  - SYS_ARCH_PROTECT takes one global, non-recursive mutex (so a nested protect, or one from an
 *    interrupt, is a fault of the model - as it would deadlock or assert on the board);
 *  - no sys_now(): CubeMX's ethernetif.c (lwipgen's glue: HAL_GetTick) defines it.
 * Timeouts: lwIP's milliseconds are passed as ticks (v2) or milliseconds (v1), as ST's port does:
 * identical at configTICK_RATE_HZ 1000.
 */
#include "lwip/opt.h"
#include "lwip/sys.h"
#include "lwip/stats.h"

#if !NO_SYS

#include "cmsis_os.h"

#if defined(VRTOS_CMSIS_V1)
static osMutexId lwip_sys_mutex;
#else
static osMutexId_t lwip_sys_mutex;
#endif

void sys_init(void)
{
#if defined(VRTOS_CMSIS_V1)
    osMutexDef(lwip_sys);
    lwip_sys_mutex = osMutexCreate(osMutex(lwip_sys));
#else
    lwip_sys_mutex = osMutexNew(NULL);
#endif
}

err_t sys_mbox_new(sys_mbox_t *mbox, int size)
{
#if defined(VRTOS_CMSIS_V1)
    osMessageQDef(QUEUE, size, void *);
    *mbox = osMessageCreate(osMessageQ(QUEUE), NULL);
#else
    *mbox = osMessageQueueNew((uint32_t)size, sizeof(void *), NULL);
#endif
    if (*mbox == NULL) {
        return ERR_MEM;
    }
    SYS_STATS_INC_USED(mbox);
    return ERR_OK;
}

void sys_mbox_free(sys_mbox_t *mbox)
{
#if defined(VRTOS_CMSIS_V1)
    uint32_t left = osMessageWaiting(*mbox);
#else
    uint32_t left = osMessageQueueGetCount(*mbox);
#endif
    if (left != 0U) {
        /* lwIP frees a mailbox only when it is empty; ST's port stops at a breakpoint here */
        vrtos_fault("sys_mbox_free: mailbox freed with %u messages in it (a leak of what they carry)", (unsigned)left);
    }
#if defined(VRTOS_CMSIS_V1)
    osMessageDelete(*mbox);
#else
    osMessageQueueDelete(*mbox);
#endif
    SYS_STATS_DEC(mbox.used);
}

void sys_mbox_post(sys_mbox_t *mbox, void *msg)
{
#if defined(VRTOS_CMSIS_V1)
    while (osMessagePut(*mbox, (osMessageValue)msg, osWaitForever) != osOK) {
    }
#else
    while (osMessageQueuePut(*mbox, &msg, 0U, osWaitForever) != osOK) {
    }
#endif
}

err_t sys_mbox_trypost(sys_mbox_t *mbox, void *msg)
{
#if defined(VRTOS_CMSIS_V1)
    int ok = osMessagePut(*mbox, (osMessageValue)msg, 0U) == osOK;
#else
    int ok = osMessageQueuePut(*mbox, &msg, 0U, 0U) == osOK;
#endif
    if (!ok) {
        SYS_STATS_INC(mbox.err);
        return ERR_MEM;
    }
    return ERR_OK;
}

err_t sys_mbox_trypost_fromisr(sys_mbox_t *mbox, void *msg) { return sys_mbox_trypost(mbox, msg); }

u32_t sys_arch_mbox_fetch(sys_mbox_t *mbox, void **msg, u32_t timeout)
{
#if defined(VRTOS_CMSIS_V1)
    uint32_t start = osKernelSysTick();
    osEvent ev = osMessageGet(*mbox, timeout != 0U ? timeout : osWaitForever);
    if (ev.status != osEventMessage) {
        if (msg != NULL) {
            *msg = NULL;
        }
        return SYS_ARCH_TIMEOUT;
    }
    if (msg != NULL) {
        *msg = ev.value.p;
    }
    return osKernelSysTick() - start;
#else
    uint32_t start = osKernelGetTickCount();
    void *dummy;
    if (osMessageQueueGet(*mbox, msg != NULL ? (void *)msg : (void *)&dummy, NULL, timeout != 0U ? timeout : osWaitForever) != osOK) {
        if (msg != NULL) {
            *msg = NULL;
        }
        return SYS_ARCH_TIMEOUT;
    }
    return osKernelGetTickCount() - start;
#endif
}

u32_t sys_arch_mbox_tryfetch(sys_mbox_t *mbox, void **msg)
{
#if defined(VRTOS_CMSIS_V1)
    osEvent ev = osMessageGet(*mbox, 0U);
    if (ev.status != osEventMessage) {
        return SYS_MBOX_EMPTY;
    }
    if (msg != NULL) {
        *msg = ev.value.p;
    }
    return 0;
#else
    void *dummy;
    if (osMessageQueueGet(*mbox, msg != NULL ? (void *)msg : (void *)&dummy, NULL, 0U) != osOK) {
        return SYS_MBOX_EMPTY;
    }
    return 0;
#endif
}

int sys_mbox_valid(sys_mbox_t *mbox) { return *mbox != SYS_MBOX_NULL; }
void sys_mbox_set_invalid(sys_mbox_t *mbox) { *mbox = SYS_MBOX_NULL; }

err_t sys_sem_new(sys_sem_t *sem, u8_t count)
{
#if defined(VRTOS_CMSIS_V1)
    osSemaphoreDef(SEM);
    *sem = osSemaphoreCreate(osSemaphore(SEM), 1);
    if (*sem != NULL && count == 0U) {
        (void)osSemaphoreWait(*sem, 0U); /* created available: take it */
    }
#else
    *sem = osSemaphoreNew(UINT16_MAX, count, NULL);
#endif
    if (*sem == NULL) {
        SYS_STATS_INC(sem.err);
        return ERR_MEM;
    }
    SYS_STATS_INC_USED(sem);
    return ERR_OK;
}

u32_t sys_arch_sem_wait(sys_sem_t *sem, u32_t timeout)
{
#if defined(VRTOS_CMSIS_V1)
    uint32_t start = osKernelSysTick();
    if (timeout != 0U) {
        if (osSemaphoreWait(*sem, timeout) != osOK) {
            return SYS_ARCH_TIMEOUT;
        }
    } else {
        while (osSemaphoreWait(*sem, osWaitForever) != osOK) {
        }
    }
    return osKernelSysTick() - start;
#else
    uint32_t start = osKernelGetTickCount();
    if (timeout != 0U) {
        if (osSemaphoreAcquire(*sem, timeout) != osOK) {
            return SYS_ARCH_TIMEOUT;
        }
    } else {
        while (osSemaphoreAcquire(*sem, osWaitForever) != osOK) {
        }
    }
    return osKernelGetTickCount() - start;
#endif
}

void sys_sem_signal(sys_sem_t *sem) { (void)osSemaphoreRelease(*sem); }

void sys_sem_free(sys_sem_t *sem)
{
    SYS_STATS_DEC(sem.used);
    (void)osSemaphoreDelete(*sem);
}

int sys_sem_valid(sys_sem_t *sem) { return *sem != SYS_SEM_NULL; }
void sys_sem_set_invalid(sys_sem_t *sem) { *sem = SYS_SEM_NULL; }

err_t sys_mutex_new(sys_mutex_t *mutex)
{
#if defined(VRTOS_CMSIS_V1)
    osMutexDef(MUTEX);
    *mutex = osMutexCreate(osMutex(MUTEX));
#else
    *mutex = osMutexNew(NULL);
#endif
    if (*mutex == NULL) {
        SYS_STATS_INC(mutex.err);
        return ERR_MEM;
    }
    SYS_STATS_INC_USED(mutex);
    return ERR_OK;
}

void sys_mutex_free(sys_mutex_t *mutex)
{
    SYS_STATS_DEC(mutex.used);
    (void)osMutexDelete(*mutex);
}

void sys_mutex_lock(sys_mutex_t *mutex)
{
#if defined(VRTOS_CMSIS_V1)
    (void)osMutexWait(*mutex, osWaitForever);
#else
    (void)osMutexAcquire(*mutex, osWaitForever);
#endif
}

void sys_mutex_unlock(sys_mutex_t *mutex) { (void)osMutexRelease(*mutex); }

sys_thread_t sys_thread_new(const char *name, lwip_thread_fn thread, void *arg, int stacksize, int prio)
{
    sys_thread_t t;
#if defined(VRTOS_CMSIS_V1)
    const osThreadDef_t def = {(char *)name, (os_pthread)(void (*)(void))thread, (osPriority)prio, 0, (uint32_t)stacksize};
    t = osThreadCreate(&def, arg);
#else
    osThreadAttr_t attr = {0};
    attr.name = name;
    attr.stack_size = (uint32_t)stacksize;
    attr.priority = (osPriority_t)prio;
    t = osThreadNew(thread, arg, &attr);
#endif
    if (t == NULL) {
        vrtos_fault("sys_thread_new(\"%s\", stack %d, prio %d) failed", name ? name : "", stacksize, prio);
    }
    return t;
}

sys_prot_t sys_arch_protect(void)
{
#if defined(VRTOS_CMSIS_V1)
    (void)osMutexWait(lwip_sys_mutex, osWaitForever);
#else
    (void)osMutexAcquire(lwip_sys_mutex, osWaitForever);
#endif
    return (sys_prot_t)1;
}

void sys_arch_unprotect(sys_prot_t pval)
{
    (void)pval;
    (void)osMutexRelease(lwip_sys_mutex);
}

#endif /* !NO_SYS */
