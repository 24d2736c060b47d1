/*
 * vrtos.h - lwipgen's deterministic virtual-time RTOS model (host C, one host thread).
 *
 * What it is for: the simulator runs a board's generated RTOS glue (lwipgen_sys.c, ethernetif.c),
 * lwIP's tcpip thread and the application threads on the host, with FreeRTOS and CMSIS-RTOS v1/v2
 * semantics, and gets the same schedule, bit for bit, from the same inputs.
 *
 * Model (written by lwipgen from the FreeRTOS kernel documentation and its reference manual; no
 * FreeRTOS code):
 *  - threads are ucontext coroutines on their own mmap'ed stacks; exactly one runs at a time;
 *  - the highest-priority ready thread runs; a thread made ready by another thread preempts it at
 *    once when its priority is higher (configUSE_PREEMPTION 1); equal priorities share the CPU by
 *    taskYIELD and, while a thread consumes virtual CPU time, by time slicing at tick boundaries;
 *  - interrupts are delivered by the harness, between thread steps, inside vrtos_isr_enter/exit:
 *    FromISR calls wake threads, portYIELD_FROM_ISR(pdTRUE) switches at ISR exit; without it the
 *    switch waits for the next tick (FreeRTOS's xYieldPending), exactly the latency real hardware shows;
 *  - virtual time (ns) never reads a wall clock: it advances when every thread is blocked (to the
 *    next timeout, or the limit the harness gave), or when a thread consumes CPU time
 *    (vrtos_consume_ns), which is also where interrupts and ticks can preempt it;
 *  - ticks are configTICK_RATE_HZ boundaries of virtual time; timeouts expire on them;
 *  - misuse is a fault that ends the run with the thread, the call and the virtual time: blocking in
 *    an ISR, in a critical section or before the scheduler runs, a FromISR call from an interrupt
 *    more urgent than configLIBRARY_MAX_SYSCALL_INTERRUPT_PRIORITY, a task function returning, a
 *    mutex released by a thread that does not hold it, a stack overflow.
 *
 * Stacks: a thread asked for B bytes (FreeRTOS: depth words x 4 on Cortex-M) gets a host budget of
 * B x VRTOS_STACK_SCALE bytes (host code has 8-byte pointers and registers, bigger frames), painted
 * with a pattern. Using more than the budget is a stack-overflow fault at the next switch (FreeRTOS
 * configCHECK_FOR_STACK_OVERFLOW method 2: the painted end); a slack area below the budget keeps the
 * host process alive to report it, and a guard page catches what goes further (SIGSEGV -> fault).
 */
#ifndef VRTOS_H
#define VRTOS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#ifndef VRTOS_STACK_SCALE
#define VRTOS_STACK_SCALE 4
#endif
#ifndef VRTOS_MAX_THREADS
#define VRTOS_MAX_THREADS 64
#endif

typedef struct vrtos_thread vrtos_thread_t;
typedef struct vrtos_obj vrtos_obj_t;

/* ---- set-up and the harness seam ---------------------------------------------------------------- */

/* tick_hz: configTICK_RATE_HZ; max_prio: configMAX_PRIORITIES (priorities 0..max_prio-1);
 * max_syscall_prio: configLIBRARY_MAX_SYSCALL_INTERRUPT_PRIORITY (NVIC, lower = more urgent). */
void vrtos_init(uint32_t tick_hz, int max_prio, int max_syscall_prio);
/* The scheduler runs from now on (vTaskStartScheduler / osKernelStart mark it and return: the
 * harness owns the host main loop and calls vrtos_run). */
void vrtos_start(void);
int vrtos_started(void);
/* Runs threads until every one is blocked and the next timeout is later than limit_ns (time is then
 * limit_ns), or a thread consuming CPU time reaches limit_ns (it is interrupted there and resumes in
 * the next call), or vrtos_stop() was called. Returns the virtual time. */
uint64_t vrtos_run(uint64_t limit_ns);
/* Ends vrtos_run at the next switch (a test's "done"). */
void vrtos_stop(void);
/* Time of the next event the model itself has (a timeout, a tick it needs); UINT64_MAX if none. */
uint64_t vrtos_next_event_ns(void);
/* Virtual time, ns, and the tick count derived from it. */
uint64_t vrtos_now_ns(void);
uint32_t vrtos_tick_count(void);
uint64_t vrtos_tick_ns(void);
/* Charges ns of CPU time to the running thread (or, in an ISR, to the interrupt). Interrupts due in
 * that interval and expiring timeouts happen inside it and may preempt the thread. */
void vrtos_consume_ns(uint64_t ns);

/* Interrupt context, entered by the harness around a handler. nvic_prio is the priority the handler's
 * IRQ was given (HAL_NVIC_SetPriority); exception is the value __get_IPSR() reads (16 + IRQn). */
void vrtos_isr_enter(const char *name, int nvic_prio, uint32_t exception);
void vrtos_isr_exit(void);
int vrtos_in_isr(void);
uint32_t vrtos_ipsr(void);
const char *vrtos_isr_name(void);
/* portYIELD_FROM_ISR(x): a switch at ISR exit when x is true. */
void vrtos_yield_from_isr(int x);

/* Faults: message with the thread (or ISR), virtual time, then the fault handler. The default handler
 * prints "vrtos FAULT ..." on stderr and exits with status 70; a harness may install its own. */
void vrtos_fault(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
typedef void (*vrtos_fault_handler_t)(const char *message);
void vrtos_set_fault_handler(vrtos_fault_handler_t h);

/* Every context switch is folded into this hash (time, thread id): two runs with the same inputs
 * give the same value; switches counts them. */
uint64_t vrtos_schedule_hash(void);
uint64_t vrtos_switches(void);

/* ---- threads ------------------------------------------------------------------------------------ */

typedef void (*vrtos_entry_t)(void *arg);
/* stack_bytes: the target stack (FreeRTOS words x 4, CMSIS-RTOS2 stack_size). NULL when the model is
 * full (VRTOS_MAX_THREADS). The new thread preempts the caller when its priority is higher. */
vrtos_thread_t *vrtos_thread_create(const char *name, vrtos_entry_t fn, void *arg, size_t stack_bytes, int prio);
void vrtos_thread_delete(vrtos_thread_t *t); /* NULL: the caller */
vrtos_thread_t *vrtos_self(void);            /* NULL outside a thread (harness, before start) */
const char *vrtos_thread_name(const vrtos_thread_t *t);
int vrtos_thread_prio(const vrtos_thread_t *t); /* effective (inherited) priority */
int vrtos_thread_base_prio(const vrtos_thread_t *t);
void vrtos_thread_set_prio(vrtos_thread_t *t, int prio);
int vrtos_thread_id(const vrtos_thread_t *t);
/* Target-equivalent bytes of stack never used (uxTaskGetStackHighWaterMark x 4): budget minus the
 * deepest host use, divided by VRTOS_STACK_SCALE. */
size_t vrtos_stack_unused(const vrtos_thread_t *t);
size_t vrtos_stack_used_host(const vrtos_thread_t *t);
size_t vrtos_stack_budget_host(const vrtos_thread_t *t);
/* Iterates the threads in creation order (NULL after the last). */
vrtos_thread_t *vrtos_thread_at(int i);

void vrtos_yield(void);               /* taskYIELD: behind the other ready threads of its priority */
void vrtos_delay_ticks(uint32_t ticks); /* vTaskDelay */
void vrtos_delay_until(uint32_t *prev_wake, uint32_t increment);
void vrtos_suspend_all(void);          /* vTaskSuspendAll: no switch until resume */
void vrtos_resume_all(void);

/* Critical sections (taskENTER_CRITICAL): nesting count; a switch requested inside one happens at
 * the outermost exit; blocking inside one is a fault; the harness delivers no interrupt inside one. */
void vrtos_enter_critical(void);
void vrtos_exit_critical(void);
int vrtos_in_critical(void);
/* Called on the outermost critical-section entry (1) and exit (0): weak no-op here; a harness that
 * delivers interrupts from its own state (devhost's PRIMASK) overrides it. */
void vrtos_port_mask(int masked);

/* ---- objects: queues, semaphores, mutexes ------------------------------------------------------- */

enum { VRTOS_QUEUE, VRTOS_SEM, VRTOS_MUTEX, VRTOS_RMUTEX };
#define VRTOS_FOREVER UINT32_MAX /* portMAX_DELAY, osWaitForever */

/* A queue of len items of size bytes. */
vrtos_obj_t *vrtos_queue_create(const char *api, uint32_t len, uint32_t size);
/* A semaphore with max count and initial count (binary: max 1). */
vrtos_obj_t *vrtos_sem_create(const char *api, uint32_t max, uint32_t initial);
/* A mutex (priority inheritance, as FreeRTOS mutexes); recursive when recursive != 0. */
vrtos_obj_t *vrtos_mutex_create(const char *api, int recursive);
void vrtos_obj_delete(vrtos_obj_t *o);
int vrtos_obj_kind(const vrtos_obj_t *o);

/* Return 1 on success, 0 on timeout / full / empty. api names the caller's API call for faults.
 * From an ISR only ticks == 0 is allowed; *woken (may be NULL) is set when a thread of higher
 * priority than the interrupted one was made ready. */
int vrtos_queue_send(vrtos_obj_t *q, const void *item, uint32_t ticks, int front, const char *api);
int vrtos_queue_send_isr(vrtos_obj_t *q, const void *item, int front, int *woken, const char *api);
int vrtos_queue_recv(vrtos_obj_t *q, void *item, uint32_t ticks, int peek, const char *api);
int vrtos_queue_recv_isr(vrtos_obj_t *q, void *item, int *woken, const char *api);
uint32_t vrtos_queue_count(const vrtos_obj_t *q); /* items (semaphore: count; mutex: 1 when free) */
uint32_t vrtos_queue_space(const vrtos_obj_t *q);
int vrtos_sem_take(vrtos_obj_t *s, uint32_t ticks, const char *api);
int vrtos_sem_give(vrtos_obj_t *s, const char *api);
int vrtos_sem_give_isr(vrtos_obj_t *s, int *woken, const char *api);
int vrtos_sem_take_isr(vrtos_obj_t *s, int *woken, const char *api);
int vrtos_mutex_lock(vrtos_obj_t *m, uint32_t ticks, const char *api);
int vrtos_mutex_unlock(vrtos_obj_t *m, const char *api); /* 0 when the caller does not hold it */
vrtos_thread_t *vrtos_mutex_holder(const vrtos_obj_t *m);
uint32_t vrtos_mutex_depth(const vrtos_obj_t *m);

/* ---- direct-to-task notifications --------------------------------------------------------------- */

enum { VRTOS_NOTIFY_NONE, VRTOS_NOTIFY_SETBITS, VRTOS_NOTIFY_INCREMENT, VRTOS_NOTIFY_OVERWRITE, VRTOS_NOTIFY_NO_OVERWRITE };
/* Returns 0 only for NO_OVERWRITE with a notification pending. */
int vrtos_notify(vrtos_thread_t *t, uint32_t value, int action, uint32_t *prev);
int vrtos_notify_isr(vrtos_thread_t *t, uint32_t value, int action, uint32_t *prev, int *woken);
/* ulTaskNotifyTake */
uint32_t vrtos_notify_take(int clear, uint32_t ticks);
/* xTaskNotifyWait: 1 when notified */
int vrtos_notify_wait(uint32_t clear_entry, uint32_t clear_exit, uint32_t *value, uint32_t ticks);

/* ---- the run's statistics ------------------------------------------------------------------------ */

/* Writes one line per thread: name, priority, switches in, stack budget/used (host bytes), target
 * bytes unused; and the totals. For the report and the tests. */
void vrtos_report(void *file /* FILE* */);

#ifdef __cplusplus
}
#endif
#endif /* VRTOS_H */
