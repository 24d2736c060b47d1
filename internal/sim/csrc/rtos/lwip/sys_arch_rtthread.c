/*
 * sys_arch_rtthread.c - lwIP's sys_arch on the RT-Thread API (rtthread.h on the virtual-time model),
 * behaving as RT-Thread 4.0.3's components/net/lwip-2.1.2/src/arch/sys_arch.c does (read for its
 * behaviour in RT-Thread/rt-thread and the ART-Pi SDK; lwipgen's own code):
 *  - semaphores, mutexes and mailboxes are rt_sem/rt_mutex/rt_mb objects created with generated
 *    names ("sem0", "mu0", "mbox0"), RT_IPC_FLAG_FIFO;
 *  - a wait of 0 ms is RT_WAITING_FOREVER, any other is converted to ticks and is at least one;
 *    the waits return the milliseconds elapsed, or SYS_ARCH_TIMEOUT;
 *  - sys_mbox_post blocks (rt_mb_send_wait forever), trypost does not (rt_mb_send: -RT_EFULL);
 *  - SYS_ARCH_PROTECT is rt_hw_interrupt_disable/enable;
 *  - sys_thread_new is rt_thread_create + rt_thread_startup with RT-Thread's priority numbers
 *    (TCPIP_THREAD_PRIO = RT_LWIP_TCPTHREAD_PRIORITY) and a 20-tick slice;
 *  - lwip_system_init is INIT_PREV_EXPORT: it starts tcpip_init and waits for its callback, in the
 *    main thread, before any INIT_DEVICE_EXPORT driver registers its netif.
 * The eth_device layer (erx/etx threads, eth_device_ready) is ethernetif_rtthread.c.
 */
#include <stdio.h>

#include "lwip/opt.h"
#include "lwip/sys.h"
#include "lwip/stats.h"
#include "lwip/tcpip.h"

#if !NO_SYS

#include "rtthread.h"

static unsigned long counter; /* RT-Thread names each object after a running number */

static rt_int32_t ticks_of(u32_t ms)
{
    if (ms == 0) {
        return RT_WAITING_FOREVER;
    }
    rt_int32_t t = (rt_int32_t)((uint64_t)ms * RT_TICK_PER_SECOND / 1000u);
    return t > 0 ? t : 1;
}
static u32_t ms_since(rt_tick_t start) { return (u32_t)((uint64_t)(rt_tick_get() - start) * 1000u / RT_TICK_PER_SECOND); }

void sys_init(void) {}

u32_t sys_now(void) { return (u32_t)((uint64_t)rt_tick_get() * 1000u / RT_TICK_PER_SECOND); }
u32_t sys_jiffies(void) { return rt_tick_get(); }

sys_prot_t sys_arch_protect(void) { return rt_hw_interrupt_disable(); }
void sys_arch_unprotect(sys_prot_t pval) { rt_hw_interrupt_enable(pval); }

/* ---- semaphores ---- */
err_t sys_sem_new(sys_sem_t *sem, u8_t count)
{
    char name[RT_NAME_MAX];
    snprintf(name, sizeof name, "sem%lu", counter++);
    *sem = rt_sem_create(name, count, RT_IPC_FLAG_FIFO);
    if (*sem == RT_NULL) {
        SYS_STATS_INC(sem.err);
        return ERR_MEM;
    }
    SYS_STATS_INC_USED(sem);
    return ERR_OK;
}
void sys_sem_free(sys_sem_t *sem)
{
    SYS_STATS_DEC(sem.used);
    rt_sem_delete(*sem);
}
void sys_sem_signal(sys_sem_t *sem) { rt_sem_release(*sem); }
u32_t sys_arch_sem_wait(sys_sem_t *sem, u32_t timeout)
{
    rt_tick_t start = rt_tick_get();
    if (rt_sem_take(*sem, ticks_of(timeout)) != RT_EOK) {
        return SYS_ARCH_TIMEOUT;
    }
    return ms_since(start);
}
int sys_sem_valid(sys_sem_t *sem) { return sem != NULL && *sem != RT_NULL; }
void sys_sem_set_invalid(sys_sem_t *sem) { *sem = RT_NULL; }

/* ---- mutexes ---- */
err_t sys_mutex_new(sys_mutex_t *mutex)
{
    char name[RT_NAME_MAX];
    snprintf(name, sizeof name, "mu%lu", counter++);
    *mutex = rt_mutex_create(name, RT_IPC_FLAG_FIFO);
    if (*mutex == RT_NULL) {
        SYS_STATS_INC(mutex.err);
        return ERR_MEM;
    }
    SYS_STATS_INC_USED(mutex);
    return ERR_OK;
}
void sys_mutex_lock(sys_mutex_t *mutex) { rt_mutex_take(*mutex, RT_WAITING_FOREVER); }
void sys_mutex_unlock(sys_mutex_t *mutex) { rt_mutex_release(*mutex); }
void sys_mutex_free(sys_mutex_t *mutex)
{
    SYS_STATS_DEC(mutex.used);
    rt_mutex_delete(*mutex);
}
int sys_mutex_valid(sys_mutex_t *mutex) { return mutex != NULL && *mutex != RT_NULL; }
void sys_mutex_set_invalid(sys_mutex_t *mutex) { *mutex = RT_NULL; }

/* ---- mailboxes ---- */
err_t sys_mbox_new(sys_mbox_t *mbox, int size)
{
    char name[RT_NAME_MAX];
    snprintf(name, sizeof name, "mbox%lu", counter++);
    *mbox = rt_mb_create(name, (rt_size_t)size, RT_IPC_FLAG_FIFO);
    if (*mbox == RT_NULL) {
        SYS_STATS_INC(mbox.err);
        return ERR_MEM;
    }
    SYS_STATS_INC_USED(mbox);
    return ERR_OK;
}
void sys_mbox_free(sys_mbox_t *mbox)
{
    SYS_STATS_DEC(mbox.used);
    rt_mb_delete(*mbox);
}
void sys_mbox_post(sys_mbox_t *mbox, void *msg) { rt_mb_send_wait(*mbox, (rt_ubase_t)msg, RT_WAITING_FOREVER); }
err_t sys_mbox_trypost(sys_mbox_t *mbox, void *msg)
{
    if (rt_mb_send(*mbox, (rt_ubase_t)msg) == RT_EOK) {
        return ERR_OK;
    }
    SYS_STATS_INC(mbox.err);
    return ERR_MEM;
}
err_t sys_mbox_trypost_fromisr(sys_mbox_t *mbox, void *msg) { return sys_mbox_trypost(mbox, msg); }
u32_t sys_arch_mbox_fetch(sys_mbox_t *mbox, void **msg, u32_t timeout)
{
    rt_tick_t start = rt_tick_get();
    rt_ubase_t v = 0;
    if (rt_mb_recv(*mbox, &v, ticks_of(timeout)) != RT_EOK) {
        return SYS_ARCH_TIMEOUT;
    }
    if (msg) {
        *msg = (void *)v;
    }
    return ms_since(start);
}
u32_t sys_arch_mbox_tryfetch(sys_mbox_t *mbox, void **msg)
{
    rt_ubase_t v = 0;
    if (rt_mb_recv(*mbox, &v, RT_WAITING_NO) != RT_EOK) {
        return SYS_MBOX_EMPTY;
    }
    if (msg) {
        *msg = (void *)v;
    }
    return 0;
}
int sys_mbox_valid(sys_mbox_t *mbox) { return mbox != NULL && *mbox != RT_NULL; }
void sys_mbox_set_invalid(sys_mbox_t *mbox) { *mbox = RT_NULL; }

/* ---- threads ---- */
sys_thread_t sys_thread_new(const char *name, lwip_thread_fn thread, void *arg, int stacksize, int prio)
{
    rt_thread_t t = rt_thread_create(name, thread, arg, (rt_uint32_t)stacksize, (rt_uint8_t)prio, 20);
    if (t == RT_NULL) {
        vrtos_fault("sys_thread_new(\"%s\"): rt_thread_create failed", name);
    }
    rt_thread_startup(t);
    return t;
}

/* ---- lwip_system_init: INIT_PREV_EXPORT ---- */
static struct rt_semaphore init_done;
int eth_system_device_init_private(void) __attribute__((weak)); /* ethernetif_rtthread.c when linked */
static void tcpip_init_done(void *arg) { rt_sem_release((rt_sem_t)arg); }

int lwip_system_init(void)
{
    static int inited;
    if (inited) {
        return 0;
    }
    inited = 1;
    if (eth_system_device_init_private) {
        eth_system_device_init_private(); /* erx and etx before the tcpip thread, as 4.0.3 does */
    }
    rt_sem_init(&init_done, "done", 0, RT_IPC_FLAG_FIFO);
    tcpip_init(tcpip_init_done, &init_done);
    rt_sem_take(&init_done, RT_WAITING_FOREVER);
    rt_sem_detach(&init_done);
    return 0;
}
INIT_PREV_EXPORT(lwip_system_init);

#endif /* !NO_SYS */
