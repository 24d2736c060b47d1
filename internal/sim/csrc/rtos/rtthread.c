/*
 * rtthread.c - the RT-Thread 4.0.x kernel API of include/rtthread.h on the virtual-time model
 * (vrtos.c). Semantics from RT-Thread's documentation and its kernel headers (RT-Thread/rt-thread
 * include/rtthread.h, include/rtdef.h, src/components.c as 4.0.3 has them; the calls are the ones
 * components/net/lwip-2.1.2/src/arch/sys_arch.c, src/netif/ethernetif.c and the STM32 BSP's
 * drivers/drv_eth.c make). lwipgen's own code, no RT-Thread code.
 *
 * The RT-Thread rules the model enforces (each a fault that ends the run, naming the call):
 *  - a blocking take/receive/send-wait with a timeout from an interrupt (RT_DEBUG_IN_THREAD_CONTEXT);
 *  - rt_malloc/rt_free from an interrupt (RT_DEBUG_NOT_IN_INTERRUPT in the 4.0.3 heap);
 *  - a mutex from an interrupt, or released by a thread that does not own it;
 *  - rt_interrupt_enter/leave outside an interrupt, or unbalanced;
 *  - blocking with the scheduler locked (rt_enter_critical) or interrupts off.
 * Calls that RT-Thread allows in an ISR (rt_sem_release, rt_mb_send, rt_sem_trytake, rt_mb_recv with
 * RT_WAITING_NO) take the model's ISR path; the woken thread switches in at the ISR's exit, as
 * rt_interrupt_leave's deferred rt_schedule does.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "rtthread.h"

#define MAX_THREADS VRTOS_MAX_THREADS

static struct {
    struct rt_thread *by_slot[MAX_THREADS];
    vrtos_thread_t *vt_of[MAX_THREADS];
    rt_uint8_t irq_nest;
    size_t heap_used, heap_max, heap_failed;
} R;

static void kernel(void) { vrtos_init(RT_TICK_PER_SECOND, RT_THREAD_PRIORITY_MAX, VRTT_MAX_SYSCALL_PRIO); }

/* RT-Thread: 0 is the most urgent; the model: the highest number. */
static int vprio(rt_uint8_t p)
{
    if (p >= RT_THREAD_PRIORITY_MAX) {
        vrtos_fault("RT-Thread priority %u outside 0..%d (RT_THREAD_PRIORITY_MAX %d)", p, RT_THREAD_PRIORITY_MAX - 1,
                    RT_THREAD_PRIORITY_MAX);
    }
    return RT_THREAD_PRIORITY_MAX - 1 - (int)p;
}

/* rt_int32_t timeout -> model ticks: negative waits forever, 0 does not wait. */
static uint32_t ticks_of(rt_int32_t t) { return t < 0 ? VRTOS_FOREVER : (uint32_t)t; }

static void name_copy(char *dst, const char *src)
{
    /* RT-Thread keeps the first RT_NAME_MAX bytes of the name ("tcpip_thread" -> "tcpip_th" with 8),
     * and rt_thread_find compares that many; dst has one byte more for the terminator */
    size_t n = src ? strlen(src) : 0;
    if (n > RT_NAME_MAX) {
        n = RT_NAME_MAX;
    }
    memcpy(dst, src ? src : "", n);
    dst[n] = 0;
}

static void no_isr(const char *api)
{
    if (vrtos_in_isr()) {
        vrtos_fault("%s from interrupt \"%s\": not allowed in interrupt context on RT-Thread", api, vrtos_isr_name());
    }
}

static rt_uint16_t sched_lock; /* rt_enter_critical nesting */

/* ---- threads -------------------------------------------------------------------------------------- */

static void map_add(struct rt_thread *t)
{
    for (int i = 0; i < MAX_THREADS; i++) {
        if (R.by_slot[i] == NULL) {
            R.by_slot[i] = t;
            R.vt_of[i] = t->vt;
            return;
        }
    }
    vrtos_fault("more than %d RT-Thread threads", MAX_THREADS);
}

static void map_del(struct rt_thread *t)
{
    for (int i = 0; i < MAX_THREADS; i++) {
        if (R.by_slot[i] == t) {
            R.by_slot[i] = NULL;
            R.vt_of[i] = NULL;
        }
    }
}

static void thread_entry(void *arg)
{
    struct rt_thread *t = arg;
    t->vt = vrtos_self(); /* before its first call: rt_thread_self works even when it preempted its creator */
    map_add(t);
    t->entry(t->parameter);
    /* an RT-Thread thread may return: rt_thread_exit closes it (and frees a created one; one that ended
     * inside its own rt_thread_startup is freed there) */
    t->stat = RT_THREAD_CLOSE;
    map_del(t);
    if (t->dynamic && !t->starting) {
        free(t);
    }
    vrtos_thread_delete(NULL);
}

rt_err_t rt_thread_init(struct rt_thread *thread, const char *name, void (*entry)(void *parameter), void *parameter,
                        void *stack_start, rt_uint32_t stack_size, rt_uint8_t priority, rt_uint32_t tick)
{
    (void)stack_start; /* the model runs the thread on its own host stack, stack_size x VRTOS_STACK_SCALE */
    kernel();
    RT_ASSERT(thread != RT_NULL);
    RT_ASSERT(entry != RT_NULL);
    (void)vprio(priority);
    memset(thread, 0, sizeof *thread);
    name_copy(thread->name, name);
    thread->entry = entry;
    thread->parameter = parameter;
    thread->stack_size = stack_size;
    thread->init_priority = thread->current_priority = priority;
    thread->init_tick = tick;
    thread->stat = RT_THREAD_INIT;
    return RT_EOK;
}

rt_thread_t rt_thread_create(const char *name, void (*entry)(void *parameter), void *parameter, rt_uint32_t stack_size,
                             rt_uint8_t priority, rt_uint32_t tick)
{
    no_isr("rt_thread_create");
    struct rt_thread *t = malloc(sizeof *t);
    if (!t) {
        return RT_NULL;
    }
    rt_thread_init(t, name, entry, parameter, NULL, stack_size, priority, tick);
    t->dynamic = 1;
    return t;
}

rt_err_t rt_thread_startup(rt_thread_t t)
{
    no_isr("rt_thread_startup");
    RT_ASSERT(t != RT_NULL);
    if (t->stat != RT_THREAD_INIT) {
        vrtos_fault("rt_thread_startup(\"%s\"): the thread was already started", t->name);
    }
    t->stat = RT_THREAD_READY;
    t->starting = 1;
    /* a thread more urgent than the caller runs at once (rt_thread_resume + rt_schedule) */
    vrtos_thread_t *vt = vrtos_thread_create(t->name, thread_entry, t, t->stack_size, vprio(t->init_priority));
    t->starting = 0;
    if (!vt) {
        t->stat = RT_THREAD_INIT;
        return -RT_ERROR;
    }
    if (t->stat == RT_THREAD_CLOSE) {
        if (t->dynamic) {
            free(t); /* it ran to completion inside the create */
        }
        return RT_EOK;
    }
    t->vt = vt;
    return RT_EOK;
}

static rt_err_t thread_remove(rt_thread_t t, const char *api)
{
    no_isr(api);
    RT_ASSERT(t != RT_NULL);
    if (t == rt_thread_self()) {
        t->stat = RT_THREAD_CLOSE;
        map_del(t);
        if (t->dynamic) {
            free(t);
        }
        vrtos_thread_delete(NULL);
    }
    if (t->vt) {
        vrtos_thread_delete(t->vt);
    }
    t->stat = RT_THREAD_CLOSE;
    map_del(t);
    if (t->dynamic) {
        free(t);
    }
    return RT_EOK;
}
rt_err_t rt_thread_delete(rt_thread_t t) { return thread_remove(t, "rt_thread_delete"); }
rt_err_t rt_thread_detach(rt_thread_t t) { return thread_remove(t, "rt_thread_detach"); }

rt_thread_t rt_thread_self(void)
{
    vrtos_thread_t *me = vrtos_self();
    if (!me) {
        return RT_NULL;
    }
    for (int i = 0; i < MAX_THREADS; i++) {
        if (R.vt_of[i] == me) {
            return R.by_slot[i];
        }
    }
    return RT_NULL;
}

rt_thread_t rt_thread_find(char *name)
{
    for (int i = 0; i < MAX_THREADS; i++) {
        if (R.by_slot[i] && strncmp(R.by_slot[i]->name, name, RT_NAME_MAX) == 0) {
            return R.by_slot[i];
        }
    }
    return RT_NULL;
}

rt_err_t rt_thread_yield(void)
{
    vrtos_yield();
    return RT_EOK;
}
rt_err_t rt_thread_delay(rt_tick_t tick)
{
    if (sched_lock) {
        vrtos_fault("rt_thread_delay with the scheduler locked (rt_enter_critical): the board would hang here");
    }
    vrtos_delay_ticks(tick);
    return RT_EOK;
}
rt_err_t rt_thread_mdelay(rt_int32_t ms) { return rt_thread_delay(rt_tick_from_millisecond(ms)); }

/* ---- time ----------------------------------------------------------------------------------------- */

rt_tick_t rt_tick_get(void)
{
    kernel();
    return vrtos_tick_count();
}

/* RT-Thread rounds a millisecond count up to whole ticks; a negative count means "forever". */
rt_tick_t rt_tick_from_millisecond(rt_int32_t ms)
{
    if (ms < 0) {
        return (rt_tick_t)RT_WAITING_FOREVER;
    }
    uint64_t whole = (uint64_t)RT_TICK_PER_SECOND * (uint64_t)(ms / 1000);
    uint64_t part = ((uint64_t)RT_TICK_PER_SECOND * (uint64_t)(ms % 1000) + 999u) / 1000u;
    return (rt_tick_t)(whole + part);
}

/* ---- scheduler lock, interrupts -------------------------------------------------------------------- */

void rt_enter_critical(void)
{
    sched_lock++;
    vrtos_suspend_all();
}
void rt_exit_critical(void)
{
    if (sched_lock == 0) {
        vrtos_fault("rt_exit_critical without rt_enter_critical");
    }
    sched_lock--;
    vrtos_resume_all();
}
rt_uint16_t rt_critical_level(void) { return sched_lock; }

rt_base_t rt_hw_interrupt_disable(void)
{
    rt_base_t level = vrtos_in_critical();
    vrtos_enter_critical();
    return level;
}
void rt_hw_interrupt_enable(rt_base_t level)
{
    if (vrtos_in_critical() != (int)level + 1) {
        vrtos_fault("rt_hw_interrupt_enable(%ld) does not match the rt_hw_interrupt_disable that returned it", (long)level);
    }
    vrtos_exit_critical();
}

void rt_interrupt_enter(void)
{
    if (!vrtos_in_isr()) {
        vrtos_fault("rt_interrupt_enter outside an interrupt handler");
    }
    R.irq_nest++;
}
void rt_interrupt_leave(void)
{
    if (!vrtos_in_isr() || R.irq_nest == 0) {
        vrtos_fault("rt_interrupt_leave without rt_interrupt_enter in this interrupt");
    }
    R.irq_nest--;
}
rt_uint8_t rt_interrupt_get_nest(void) { return vrtos_in_isr() ? (R.irq_nest ? R.irq_nest : 1) : 0; }

/* ---- semaphores ------------------------------------------------------------------------------------ */

#define SEM_MAX 0xFFFFu /* rt_semaphore.value is 16 bits: rt_sem_release beyond it is -RT_EFULL */

rt_err_t rt_sem_init(rt_sem_t s, const char *name, rt_uint32_t value, rt_uint8_t flag)
{
    kernel();
    RT_ASSERT(s != RT_NULL);
    RT_ASSERT(value <= SEM_MAX);
    memset(s, 0, sizeof *s);
    name_copy(s->name, name);
    s->flag = flag;
    s->vobj = vrtos_sem_create("rt_sem_init", SEM_MAX, value);
    return s->vobj ? RT_EOK : -RT_ENOMEM;
}
rt_sem_t rt_sem_create(const char *name, rt_uint32_t value, rt_uint8_t flag)
{
    no_isr("rt_sem_create");
    rt_sem_t s = malloc(sizeof *s);
    if (!s || rt_sem_init(s, name, value, flag) != RT_EOK) {
        free(s);
        return RT_NULL;
    }
    s->dynamic = 1;
    return s;
}
static rt_err_t sem_remove(rt_sem_t s, const char *api)
{
    no_isr(api);
    RT_ASSERT(s != RT_NULL);
    vrtos_obj_delete(s->vobj);
    s->vobj = NULL;
    if (s->dynamic) {
        free(s);
    }
    return RT_EOK;
}
rt_err_t rt_sem_delete(rt_sem_t s) { return sem_remove(s, "rt_sem_delete"); }
rt_err_t rt_sem_detach(rt_sem_t s) { return sem_remove(s, "rt_sem_detach"); }

rt_err_t rt_sem_take(rt_sem_t s, rt_int32_t time)
{
    RT_ASSERT(s != RT_NULL);
    if (vrtos_in_isr()) {
        if (time != 0) {
            vrtos_fault("rt_sem_take(\"%s\", %ld) from interrupt \"%s\": a blocking call in interrupt context", s->name,
                        (long)time, vrtos_isr_name());
        }
        int woken = 0;
        return vrtos_sem_take_isr(s->vobj, &woken, "rt_sem_take") ? RT_EOK : -RT_ETIMEOUT;
    }
    return vrtos_sem_take(s->vobj, ticks_of(time), "rt_sem_take") ? RT_EOK : -RT_ETIMEOUT;
}
rt_err_t rt_sem_trytake(rt_sem_t s) { return rt_sem_take(s, RT_WAITING_NO); }
rt_err_t rt_sem_release(rt_sem_t s)
{
    RT_ASSERT(s != RT_NULL);
    if (vrtos_in_isr()) {
        int woken = 0;
        int ok = vrtos_sem_give_isr(s->vobj, &woken, "rt_sem_release");
        vrtos_yield_from_isr(woken);
        return ok ? RT_EOK : -RT_EFULL;
    }
    return vrtos_sem_give(s->vobj, "rt_sem_release") ? RT_EOK : -RT_EFULL;
}

/* ---- mutexes ---------------------------------------------------------------------------------------- */

rt_err_t rt_mutex_init(rt_mutex_t m, const char *name, rt_uint8_t flag)
{
    kernel();
    RT_ASSERT(m != RT_NULL);
    memset(m, 0, sizeof *m);
    name_copy(m->name, name);
    m->flag = flag;
    m->vobj = vrtos_mutex_create("rt_mutex_init", 1); /* the owner may take it again (hold count) */
    return m->vobj ? RT_EOK : -RT_ENOMEM;
}
rt_mutex_t rt_mutex_create(const char *name, rt_uint8_t flag)
{
    no_isr("rt_mutex_create");
    rt_mutex_t m = malloc(sizeof *m);
    if (!m || rt_mutex_init(m, name, flag) != RT_EOK) {
        free(m);
        return RT_NULL;
    }
    m->dynamic = 1;
    return m;
}
static rt_err_t mutex_remove(rt_mutex_t m, const char *api)
{
    no_isr(api);
    RT_ASSERT(m != RT_NULL);
    vrtos_obj_delete(m->vobj);
    m->vobj = NULL;
    if (m->dynamic) {
        free(m);
    }
    return RT_EOK;
}
rt_err_t rt_mutex_delete(rt_mutex_t m) { return mutex_remove(m, "rt_mutex_delete"); }
rt_err_t rt_mutex_detach(rt_mutex_t m) { return mutex_remove(m, "rt_mutex_detach"); }
rt_err_t rt_mutex_take(rt_mutex_t m, rt_int32_t time)
{
    RT_ASSERT(m != RT_NULL);
    no_isr("rt_mutex_take");
    return vrtos_mutex_lock(m->vobj, ticks_of(time), "rt_mutex_take") ? RT_EOK : -RT_ETIMEOUT;
}
rt_err_t rt_mutex_release(rt_mutex_t m)
{
    RT_ASSERT(m != RT_NULL);
    no_isr("rt_mutex_release");
    return vrtos_mutex_unlock(m->vobj, "rt_mutex_release") ? RT_EOK : -RT_ERROR;
}

/* ---- mailboxes -------------------------------------------------------------------------------------- */

rt_err_t rt_mb_init(rt_mailbox_t mb, const char *name, void *msgpool, rt_size_t size, rt_uint8_t flag)
{
    (void)msgpool; /* the caller's pool of size words; the model keeps the mails itself */
    kernel();
    RT_ASSERT(mb != RT_NULL);
    RT_ASSERT(size > 0 && size <= 0xFFFFu);
    memset(mb, 0, sizeof *mb);
    name_copy(mb->name, name);
    mb->flag = flag;
    mb->size = (rt_uint16_t)size;
    mb->vobj = vrtos_queue_create("rt_mb_init", (uint32_t)size, sizeof(rt_ubase_t));
    return mb->vobj ? RT_EOK : -RT_ENOMEM;
}
rt_mailbox_t rt_mb_create(const char *name, rt_size_t size, rt_uint8_t flag)
{
    no_isr("rt_mb_create");
    if (size == 0 || size > 0xFFFFu) {
        return RT_NULL;
    }
    rt_mailbox_t mb = malloc(sizeof *mb);
    if (!mb || rt_mb_init(mb, name, NULL, size, flag) != RT_EOK) {
        free(mb);
        return RT_NULL;
    }
    mb->dynamic = 1;
    return mb;
}
static rt_err_t mb_remove(rt_mailbox_t mb, const char *api)
{
    no_isr(api);
    RT_ASSERT(mb != RT_NULL);
    vrtos_obj_delete(mb->vobj);
    mb->vobj = NULL;
    if (mb->dynamic) {
        free(mb);
    }
    return RT_EOK;
}
rt_err_t rt_mb_delete(rt_mailbox_t mb) { return mb_remove(mb, "rt_mb_delete"); }
rt_err_t rt_mb_detach(rt_mailbox_t mb) { return mb_remove(mb, "rt_mb_detach"); }

rt_err_t rt_mb_send_wait(rt_mailbox_t mb, rt_ubase_t value, rt_int32_t timeout)
{
    RT_ASSERT(mb != RT_NULL);
    if (vrtos_in_isr()) {
        if (timeout != 0) {
            vrtos_fault("rt_mb_send_wait(\"%s\", %ld) from interrupt \"%s\": a blocking call in interrupt context", mb->name,
                        (long)timeout, vrtos_isr_name());
        }
        int woken = 0;
        int ok = vrtos_queue_send_isr(mb->vobj, &value, 0, &woken, "rt_mb_send");
        vrtos_yield_from_isr(woken);
        return ok ? RT_EOK : -RT_EFULL;
    }
    if (vrtos_queue_send(mb->vobj, &value, ticks_of(timeout), 0, timeout == 0 ? "rt_mb_send" : "rt_mb_send_wait")) {
        return RT_EOK;
    }
    return timeout == 0 ? -RT_EFULL : -RT_ETIMEOUT;
}
rt_err_t rt_mb_send(rt_mailbox_t mb, rt_ubase_t value) { return rt_mb_send_wait(mb, value, RT_WAITING_NO); }

rt_err_t rt_mb_recv(rt_mailbox_t mb, rt_ubase_t *value, rt_int32_t timeout)
{
    RT_ASSERT(mb != RT_NULL);
    rt_ubase_t v = 0;
    int ok;
    if (vrtos_in_isr()) {
        if (timeout != 0) {
            vrtos_fault("rt_mb_recv(\"%s\", %ld) from interrupt \"%s\": a blocking call in interrupt context", mb->name,
                        (long)timeout, vrtos_isr_name());
        }
        int woken = 0;
        ok = vrtos_queue_recv_isr(mb->vobj, &v, &woken, "rt_mb_recv");
        vrtos_yield_from_isr(woken);
    } else {
        ok = vrtos_queue_recv(mb->vobj, &v, ticks_of(timeout), 0, "rt_mb_recv");
    }
    if (!ok) {
        return -RT_ETIMEOUT;
    }
    if (value) {
        *value = v;
    }
    return RT_EOK;
}
rt_uint16_t rt_mb_entry(rt_mailbox_t mb) { return (rt_uint16_t)vrtos_queue_count(mb->vobj); }

/* ---- heap ------------------------------------------------------------------------------------------- */

/* The board's system heap (RT_USING_HEAP, board.c's HEAP_BEGIN..HEAP_END): VRTT_HEAP_SIZE bytes when
 * set, unbounded (host malloc) otherwise. Every block carries its size, so the counters are exact. */
#ifndef VRTT_HEAP_SIZE
#define VRTT_HEAP_SIZE 0
#endif
typedef union {
    size_t size;
    long double ld; /* the strictest host alignment (the device is built -std=gnu99: no max_align_t) */
    long long ll;
    void *p;
} heap_hdr;

void *rt_malloc(rt_size_t size)
{
    no_isr("rt_malloc");
    if (size == 0) {
        return RT_NULL;
    }
    if (VRTT_HEAP_SIZE && R.heap_used + size > (size_t)VRTT_HEAP_SIZE) {
        R.heap_failed++;
        return RT_NULL;
    }
    heap_hdr *h = malloc(sizeof *h + size);
    if (!h) {
        R.heap_failed++;
        return RT_NULL;
    }
    h->size = size;
    R.heap_used += size;
    if (R.heap_used > R.heap_max) {
        R.heap_max = R.heap_used;
    }
    return h + 1;
}
void rt_free(void *p)
{
    no_isr("rt_free");
    if (!p) {
        return;
    }
    heap_hdr *h = (heap_hdr *)p - 1;
    R.heap_used -= h->size;
    free(h);
}
void *rt_calloc(rt_size_t n, rt_size_t size)
{
    if (size && n > (rt_size_t)-1 / size) {
        return RT_NULL;
    }
    void *p = rt_malloc(n * size);
    if (p) {
        memset(p, 0, n * size);
    }
    return p;
}
void *rt_realloc(void *p, rt_size_t size)
{
    if (!p) {
        return rt_malloc(size);
    }
    if (size == 0) {
        rt_free(p);
        return RT_NULL;
    }
    size_t old = ((heap_hdr *)p - 1)->size;
    void *n = rt_malloc(size);
    if (n) {
        memcpy(n, p, old < size ? old : size);
        rt_free(p);
    }
    return n;
}
void rt_memory_info(rt_uint32_t *total, rt_uint32_t *used, rt_uint32_t *max_used)
{
    if (total) {
        *total = (rt_uint32_t)VRTT_HEAP_SIZE;
    }
    if (used) {
        *used = (rt_uint32_t)R.heap_used;
    }
    if (max_used) {
        *max_used = (rt_uint32_t)R.heap_max;
    }
}
void vrtt_heap_stats(size_t *used, size_t *max_used, size_t *failed)
{
    *used = R.heap_used;
    *max_used = R.heap_max;
    *failed = R.heap_failed;
}

/* ---- console ---------------------------------------------------------------------------------------- */

int rt_kprintf(const char *fmt, ...)
{
    /* the board's console; stderr on the host (stdout carries the harness's protocol) */
    va_list ap;
    va_start(ap, fmt);
    int n = vfprintf(stderr, fmt, ap);
    va_end(ap);
    return n;
}

/* ---- automatic initialisation ------------------------------------------------------------------------ */

#define LEVEL_BOUNDS(n)                                                               \
    extern const init_fn_t __start_vrtt_init_##n[] __attribute__((weak));             \
    extern const init_fn_t __stop_vrtt_init_##n[] __attribute__((weak));
LEVEL_BOUNDS(1)
LEVEL_BOUNDS(2)
LEVEL_BOUNDS(3)
LEVEL_BOUNDS(4)
LEVEL_BOUNDS(5)
LEVEL_BOUNDS(6)

static void run_level(const init_fn_t *b, const init_fn_t *e)
{
    for (const init_fn_t *f = b; b && f < e; f++) {
        (*f)();
    }
}

void rt_components_board_init(void) { run_level(__start_vrtt_init_1, __stop_vrtt_init_1); }
void rt_components_init(void)
{
    run_level(__start_vrtt_init_2, __stop_vrtt_init_2);
    run_level(__start_vrtt_init_3, __stop_vrtt_init_3);
    run_level(__start_vrtt_init_4, __stop_vrtt_init_4);
    run_level(__start_vrtt_init_5, __stop_vrtt_init_5);
    run_level(__start_vrtt_init_6, __stop_vrtt_init_6);
}

static int (*app_main)(void);
static struct rt_thread main_thread;
static void main_entry(void *arg)
{
    (void)arg;
    rt_components_init();
    if (app_main) {
        app_main();
    }
}

void vrtt_startup(int (*main_fn)(void))
{
    kernel();
    rt_components_board_init(); /* rt_hw_board_init: before the scheduler, no thread yet */
    app_main = main_fn;
    rt_thread_init(&main_thread, "main", main_entry, RT_NULL, RT_NULL, RT_MAIN_THREAD_STACK_SIZE, RT_MAIN_THREAD_PRIORITY, 20);
    rt_thread_startup(&main_thread);
    vrtos_start(); /* rt_system_scheduler_start: the harness runs it (vrtos_run) */
}
