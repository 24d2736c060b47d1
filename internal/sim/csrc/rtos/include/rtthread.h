/*
 * rtthread.h - the RT-Thread 4.0.x kernel API subset that RT-Thread's lwIP port (components/net/
 * lwip-2.1.2/src/arch/sys_arch.c, src/netif/ethernetif.c) and the STM32 BSP's drivers/drv_eth.c
 * call, on the virtual-time model (vrtos.c; rtthread.c implements it).
 *
 * Signatures and constants follow RT-Thread's include/rtthread.h and include/rtdef.h as RT-Thread
 * 4.0.3 documents them (read in RT-Thread/rt-thread and RT-Thread-Studio/sdk-bsp-stm32h750-
 * realthread-artpi); this file is lwipgen's own, written from those declarations, no RT-Thread code.
 *
 * What differs from the kernel, on purpose:
 *  - priorities: RT-Thread's 0 is the most urgent; the model's highest number is. rtthread.c maps
 *    p -> RT_THREAD_PRIORITY_MAX - 1 - p, so the order (tcpip 10 over erx/etx 12) is the board's;
 *  - the time slice argument of rt_thread_create/init is accepted and not used: equal priorities
 *    share the CPU at tick boundaries while they consume CPU time (vrtos.h);
 *  - RT_IPC_FLAG_FIFO/PRIO: waiters are woken most urgent first (the model's one policy);
 *  - the heap is the host's malloc, counted (rt_memory_info), checked against interrupt context.
 */
#ifndef VRTOS_RTTHREAD_H
#define VRTOS_RTTHREAD_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "vrtos.h"

/* The kernel part of a BSP's rtconfig.h (ART-Pi 4.0.3 values); a generated rtconfig.h may set any. */
#if defined(__has_include)
#if __has_include(<rtconfig.h>)
#include <rtconfig.h>
#endif
#endif
#ifndef RT_THREAD_PRIORITY_MAX
#define RT_THREAD_PRIORITY_MAX 32
#endif
#ifndef RT_TICK_PER_SECOND
#define RT_TICK_PER_SECOND 1000
#endif
#ifndef RT_NAME_MAX
#define RT_NAME_MAX 8
#endif
#ifndef RT_MAIN_THREAD_PRIORITY
#define RT_MAIN_THREAD_PRIORITY 10
#endif
#ifndef RT_MAIN_THREAD_STACK_SIZE
#define RT_MAIN_THREAD_STACK_SIZE 2048
#endif
/* RT-Thread has no syscall-priority ceiling: rt_interrupt_enter works at any NVIC priority. The
 * model's check is given the least urgent value so that no IRQ priority fails it. */
#ifndef VRTT_MAX_SYSCALL_PRIO
#define VRTT_MAX_SYSCALL_PRIO 0
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* rtdef.h types, 32-bit target widths where the port stores them in a mailbox word (rt_ubase_t holds
 * a pointer on the host). */
typedef int8_t rt_int8_t;
typedef int16_t rt_int16_t;
typedef int32_t rt_int32_t;
typedef uint8_t rt_uint8_t;
typedef uint16_t rt_uint16_t;
typedef uint32_t rt_uint32_t;
typedef int rt_bool_t;
typedef long rt_base_t;
typedef unsigned long rt_ubase_t;
typedef rt_base_t rt_err_t;
typedef rt_uint32_t rt_tick_t;
typedef rt_ubase_t rt_size_t;
typedef rt_base_t rt_off_t;

#define RT_TRUE 1
#define RT_FALSE 0
#define RT_NULL ((void *)0)

/* error codes (rtdef.h): functions return -RT_Exxx */
#define RT_EOK 0
#define RT_ERROR 1
#define RT_ETIMEOUT 2
#define RT_EFULL 3
#define RT_EEMPTY 4
#define RT_ENOMEM 5
#define RT_ENOSYS 6
#define RT_EBUSY 7
#define RT_EIO 8
#define RT_EINTR 9
#define RT_EINVAL 10

#define RT_WAITING_FOREVER -1
#define RT_WAITING_NO 0

#define RT_IPC_FLAG_FIFO 0x00
#define RT_IPC_FLAG_PRIO 0x01

#define RT_ALIGN(size, align) (((size) + (align)-1) & ~((align)-1))
#define RT_ALIGN_DOWN(size, align) ((size) & ~((align)-1))
#define RT_ASSERT(x) ((x) ? (void)0 : vrtos_fault("RT_ASSERT(%s) failed at %s:%d", #x, __FILE__, __LINE__))
#define rt_inline static __inline
#define RT_UNUSED(x) ((void)(x))
#ifndef ALIGN
#define ALIGN(n) __attribute__((aligned(n)))
#endif
#define RT_USED __attribute__((used))
#define rt_container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))

/* thread states (rtdef.h RT_THREAD_*) as rt_thread.stat reports them */
#define RT_THREAD_INIT 0x00
#define RT_THREAD_READY 0x01
#define RT_THREAD_SUSPEND 0x02
#define RT_THREAD_RUNNING 0x03
#define RT_THREAD_CLOSE 0x04

/* The control blocks. Statically initialised objects (rt_thread_init, rt_sem_init, rt_mb_init) live
 * in the caller's memory as on the target; the model object they stand for is behind vobj/vt. */
struct rt_thread {
    char name[RT_NAME_MAX + 1]; /* RT_NAME_MAX bytes as RT-Thread keeps them, + the model's terminator */
    void (*entry)(void *parameter);
    void *parameter;
    rt_uint32_t stack_size;
    rt_uint8_t init_priority;
    rt_uint8_t current_priority;
    rt_uint32_t init_tick;
    rt_uint8_t stat;
    rt_uint8_t dynamic; /* rt_thread_create: freed when it exits */
    rt_uint8_t starting; /* inside its rt_thread_startup */
    vrtos_thread_t *vt;
    void *user_data;
};
typedef struct rt_thread *rt_thread_t;

struct rt_semaphore {
    char name[RT_NAME_MAX + 1];
    rt_uint8_t flag;
    rt_uint8_t dynamic;
    vrtos_obj_t *vobj;
};
typedef struct rt_semaphore *rt_sem_t;

struct rt_mutex {
    char name[RT_NAME_MAX + 1];
    rt_uint8_t flag;
    rt_uint8_t dynamic;
    vrtos_obj_t *vobj;
};
typedef struct rt_mutex *rt_mutex_t;

struct rt_mailbox {
    char name[RT_NAME_MAX + 1];
    rt_uint8_t flag;
    rt_uint8_t dynamic;
    rt_uint16_t size; /* mails, as RT-Thread's rt_mailbox.size */
    vrtos_obj_t *vobj;
};
typedef struct rt_mailbox *rt_mailbox_t;

/* ---- threads ---- */
rt_thread_t rt_thread_create(const char *name, void (*entry)(void *parameter), void *parameter, rt_uint32_t stack_size,
                             rt_uint8_t priority, rt_uint32_t tick);
rt_err_t rt_thread_init(struct rt_thread *thread, const char *name, void (*entry)(void *parameter), void *parameter,
                        void *stack_start, rt_uint32_t stack_size, rt_uint8_t priority, rt_uint32_t tick);
rt_err_t rt_thread_startup(rt_thread_t thread);
rt_err_t rt_thread_delete(rt_thread_t thread);
rt_err_t rt_thread_detach(rt_thread_t thread);
rt_thread_t rt_thread_self(void);
rt_thread_t rt_thread_find(char *name);
rt_err_t rt_thread_yield(void);
rt_err_t rt_thread_delay(rt_tick_t tick);
rt_err_t rt_thread_mdelay(rt_int32_t ms);

/* ---- time ---- */
rt_tick_t rt_tick_get(void);
rt_tick_t rt_tick_from_millisecond(rt_int32_t ms);

/* ---- scheduler lock and interrupts ---- */
void rt_enter_critical(void);
void rt_exit_critical(void);
rt_uint16_t rt_critical_level(void);
rt_base_t rt_hw_interrupt_disable(void);
void rt_hw_interrupt_enable(rt_base_t level);
/* rt_interrupt_enter/leave: the BSP's IRQ handlers bracket their work with them; in the model the
 * harness's vrtos_isr_enter/exit is the interrupt, these count the nesting RT-Thread keeps. */
void rt_interrupt_enter(void);
void rt_interrupt_leave(void);
rt_uint8_t rt_interrupt_get_nest(void);

/* ---- semaphores ---- */
rt_sem_t rt_sem_create(const char *name, rt_uint32_t value, rt_uint8_t flag);
rt_err_t rt_sem_init(rt_sem_t sem, const char *name, rt_uint32_t value, rt_uint8_t flag);
rt_err_t rt_sem_delete(rt_sem_t sem);
rt_err_t rt_sem_detach(rt_sem_t sem);
rt_err_t rt_sem_take(rt_sem_t sem, rt_int32_t time);
rt_err_t rt_sem_trytake(rt_sem_t sem);
rt_err_t rt_sem_release(rt_sem_t sem);

/* ---- mutexes (recursive for their owner, priority inheritance, as RT-Thread's) ---- */
rt_mutex_t rt_mutex_create(const char *name, rt_uint8_t flag);
rt_err_t rt_mutex_init(rt_mutex_t mutex, const char *name, rt_uint8_t flag);
rt_err_t rt_mutex_delete(rt_mutex_t mutex);
rt_err_t rt_mutex_detach(rt_mutex_t mutex);
rt_err_t rt_mutex_take(rt_mutex_t mutex, rt_int32_t time);
rt_err_t rt_mutex_release(rt_mutex_t mutex);

/* ---- mailboxes: fixed-size mails of one rt_ubase_t ---- */
rt_mailbox_t rt_mb_create(const char *name, rt_size_t size, rt_uint8_t flag);
rt_err_t rt_mb_init(rt_mailbox_t mb, const char *name, void *msgpool, rt_size_t size, rt_uint8_t flag);
rt_err_t rt_mb_delete(rt_mailbox_t mb);
rt_err_t rt_mb_detach(rt_mailbox_t mb);
rt_err_t rt_mb_send(rt_mailbox_t mb, rt_ubase_t value);
rt_err_t rt_mb_send_wait(rt_mailbox_t mb, rt_ubase_t value, rt_int32_t timeout);
rt_err_t rt_mb_recv(rt_mailbox_t mb, rt_ubase_t *value, rt_int32_t timeout);
rt_uint16_t rt_mb_entry(rt_mailbox_t mb); /* mails waiting (rt_mailbox.entry) */

/* ---- heap ---- */
void *rt_malloc(rt_size_t size);
void rt_free(void *ptr);
void *rt_calloc(rt_size_t count, rt_size_t size);
void *rt_realloc(void *ptr, rt_size_t size);
void rt_memory_info(rt_uint32_t *total, rt_uint32_t *used, rt_uint32_t *max_used);

/* ---- console and library ---- */
int rt_kprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#define rt_memset memset
#define rt_memcpy memcpy
#define rt_memcmp memcmp
#define rt_strlen strlen
#define rt_strncpy strncpy
#define rt_strncmp strncmp
#define rt_snprintf snprintf

/* ---- automatic initialisation (components.c): INIT_*_EXPORT ----
 * RT-Thread puts each function in a linker section .rti_fn.<level> and walks them in level order
 * (rt_components_board_init: level 1 before the scheduler; rt_components_init: 2..6 in the main
 * thread), link order within a level. On the host each level is its own section with a C-identifier
 * name, so GNU ld provides __start_/__stop_ bounds; the order within a level is link order too. */
typedef int (*init_fn_t)(void);
#define VRTT_INIT_EXPORT(fn, level) \
    RT_USED static const init_fn_t __rt_init_##fn __attribute__((section("vrtt_init_" level))) = fn
#define INIT_BOARD_EXPORT(fn) VRTT_INIT_EXPORT(fn, "1")
#define INIT_PREV_EXPORT(fn) VRTT_INIT_EXPORT(fn, "2")
#define INIT_DEVICE_EXPORT(fn) VRTT_INIT_EXPORT(fn, "3")
#define INIT_COMPONENT_EXPORT(fn) VRTT_INIT_EXPORT(fn, "4")
#define INIT_ENV_EXPORT(fn) VRTT_INIT_EXPORT(fn, "5")
#define INIT_APP_EXPORT(fn) VRTT_INIT_EXPORT(fn, "6")
void rt_components_board_init(void);
void rt_components_init(void);

/* rtthread_startup as RT-Thread's components.c does it: board-level inits before the scheduler, the
 * "main" thread (RT_MAIN_THREAD_PRIORITY, RT_MAIN_THREAD_STACK_SIZE) runs rt_components_init (levels
 * 2..6) and then main_fn; the scheduler is marked started and the harness runs it (vrtos_run). */
void vrtt_startup(int (*main_fn)(void));
/* Heap counters for the idle check: bytes in use, the high-water mark, allocations that failed. */
void vrtt_heap_stats(size_t *used, size_t *max_used, size_t *failed);

#ifdef __cplusplus
}
#endif
#endif /* VRTOS_RTTHREAD_H */
