/*
 * vrtos.c - the deterministic virtual-time RTOS model (see vrtos.h for the model).
 *
 * Written by lwipgen from the FreeRTOS kernel's documented behaviour (FreeRTOS reference manual,
 * "Mastering the FreeRTOS Real Time Kernel": scheduling, queues, mutexes with priority inheritance,
 * task notifications, xYieldPending, stack overflow checking) - no FreeRTOS code.
 *
 * Control flow: the harness (host main) calls vrtos_run(); it switches into the chosen thread with
 * swapcontext; a thread comes back to the scheduler context whenever it blocks, yields, is
 * preempted or reaches the harness's limit while consuming time. Every decision depends only on
 * priorities, creation order and sequence numbers, never on addresses or the wall clock.
 */
#define _GNU_SOURCE
#include "vrtos.h"

#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

enum { ST_READY = 1, ST_RUNNING, ST_BLOCKED, ST_DELETED };
enum { W_NONE, W_SEND, W_RECV, W_NOTIFY, W_DELAY };
enum { N_IDLE, N_WAITING, N_PENDING };

#define PAINT 0xa5u
#define GUARD_BYTES 4096u
#define CHECK_BYTES 64u          /* painted bytes just past the budget, checked at every switch */
#define SLACK_BYTES (64u * 1024u) /* past the budget: room to report an overflow before the guard */
#define MAX_HELD 8
#define OBJ_LIVE 0x4f424a4cu
#define OBJ_DEAD 0xdeadb0b0u

struct vrtos_thread {
    int id;
    char name[32];
    int prio, base;
    int state;
    uint64_t seq; /* order among ready threads of one priority */
    ucontext_t ctx;
    uint8_t *map;
    size_t maplen;
    uint8_t *lo;  /* lowest usable stack byte (above the guard page) */
    uint8_t *top; /* one past the highest */
    size_t budget;
    vrtos_entry_t fn;
    void *arg;
    /* blocking */
    int wkind;
    vrtos_obj_t *wobj;
    uint64_t wake_tick; /* UINT64_MAX: no timeout */
    uint64_t wseq;
    int woke; /* 1: by an event, 0: timeout */
    /* notifications */
    uint32_t nval;
    int nstate;
    vrtos_obj_t *held[MAX_HELD];
    int nheld;
    uint64_t switches_in;
};

struct vrtos_obj {
    uint32_t magic;
    int kind;
    const char *api;
    uint32_t len, size, count, head, max;
    uint8_t *buf;
    vrtos_thread_t *holder;
    uint32_t depth;
    vrtos_obj_t *next_free;
};

static struct {
    int inited, started;
    uint64_t now, tick_ns;
    int max_prio, max_sys;
    vrtos_thread_t *threads[VRTOS_MAX_THREADS];
    int nthreads;
    vrtos_thread_t *cur;         /* the running thread, NULL in the scheduler/harness context */
    vrtos_thread_t *interrupted; /* stopped mid-consume at the harness's limit */
    ucontext_t sched;
    uint64_t seq;
    int crit, suspended, deferred_switch;
    int isr_depth, isr_prio, isr_switch, isr_woke_higher, isr_base_prio;
    uint32_t isr_ipsr;
    const char *isr_name;
    int yield_pending, need_resched;
    int in_run, stop, back;
    uint64_t limit;
    uint64_t hash, switches;
    vrtos_fault_handler_t fault_handler;
    vrtos_obj_t *free_objs;
    void *altstack;
} K;

/* ---- faults ------------------------------------------------------------------------------------- */

static void default_fault(const char *msg)
{
    fflush(stdout);
    fprintf(stderr, "vrtos FAULT %s\n", msg);
    fflush(stderr);
    _exit(70);
}

void vrtos_set_fault_handler(vrtos_fault_handler_t h) { K.fault_handler = h; }

void vrtos_fault(const char *fmt, ...)
{
    char msg[512], full[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    const char *who = K.isr_depth ? K.isr_name : (K.cur ? K.cur->name : "(harness)");
    snprintf(full, sizeof full, "t=%llu.%06llums %s%s: %s", (unsigned long long)(K.now / 1000000u),
             (unsigned long long)(K.now % 1000000u), K.isr_depth ? "isr " : "thread ", who ? who : "?", msg);
    (K.fault_handler ? K.fault_handler : default_fault)(full);
    default_fault(full); /* a handler that returns still ends the run */
    for (;;) {
    }
}

/* A thread's stack ran into its guard page: SIGSEGV on the alternate stack names the thread. */
static void segv(int sig, siginfo_t *si, void *uc)
{
    (void)uc;
    uint8_t *a = (uint8_t *)si->si_addr;
    for (int i = 0; i < K.nthreads; i++) {
        vrtos_thread_t *t = K.threads[i];
        if (t && t->map && a >= t->map && a < t->map + GUARD_BYTES + SLACK_BYTES) {
            vrtos_fault("stack overflow: thread \"%s\" ran past its %zu-byte stack budget into the guard page", t->name,
                        t->budget);
        }
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

/* ---- time and the schedule hash ------------------------------------------------------------------ */

void vrtos_init(uint32_t tick_hz, int max_prio, int max_syscall_prio)
{
    if (K.inited) {
        return;
    }
    K.inited = 1;
    K.tick_ns = 1000000000ull / (tick_hz ? tick_hz : 1000u);
    K.max_prio = max_prio > 0 ? max_prio : 1;
    K.max_sys = max_syscall_prio;
    K.hash = 1469598103934665603ull;
    K.limit = UINT64_MAX;
    stack_t ss;
    K.altstack = malloc(64 * 1024);
    ss.ss_sp = K.altstack;
    ss.ss_size = 64 * 1024;
    ss.ss_flags = 0;
    sigaltstack(&ss, NULL);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = segv;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigaction(SIGSEGV, &sa, NULL);
}

static void need_init(void)
{
    if (!K.inited) {
        vrtos_init(1000, 56, 5);
    }
}

void vrtos_start(void)
{
    need_init();
    K.started = 1;
}
int vrtos_started(void) { return K.started; }
uint64_t vrtos_now_ns(void) { return K.now; }
uint64_t vrtos_tick_ns(void)
{
    need_init();
    return K.tick_ns;
}
uint32_t vrtos_tick_count(void)
{
    need_init();
    return (uint32_t)(K.now / K.tick_ns);
}
static uint64_t tick64(void) { return K.now / K.tick_ns; }
uint64_t vrtos_schedule_hash(void) { return K.hash; }
uint64_t vrtos_switches(void) { return K.switches; }

static void fold(uint64_t v)
{
    for (int i = 0; i < 8; i++) {
        K.hash ^= (v >> (8 * i)) & 0xffu;
        K.hash *= 1099511628211ull;
    }
}

/* ---- threads ------------------------------------------------------------------------------------- */

static void trampoline(void)
{
    vrtos_thread_t *t = K.cur;
    t->fn(t->arg);
    vrtos_fault("task function of \"%s\" returned (FreeRTOS tasks must loop or delete themselves)", t->name);
}

static int valid_thread(const vrtos_thread_t *t)
{
    for (int i = 0; i < K.nthreads; i++) {
        if (K.threads[i] == t) {
            return t->state != ST_DELETED;
        }
    }
    return 0;
}

static void check_stack(vrtos_thread_t *t)
{
    uint8_t *edge = t->top - t->budget;
    for (size_t i = 1; i <= CHECK_BYTES; i++) {
        if (edge[-(ptrdiff_t)i] != PAINT) {
            vrtos_fault("stack overflow: thread \"%s\" used more than its %zu-byte host stack budget (%zu target bytes x %d)",
                        t->name, t->budget, t->budget / VRTOS_STACK_SCALE, VRTOS_STACK_SCALE);
        }
    }
}

static void free_stack(vrtos_thread_t *t)
{
    if (t->map) {
        munmap(t->map, t->maplen);
        t->map = NULL;
    }
}

/* The best ready thread: highest priority, then the lowest sequence number. */
static vrtos_thread_t *pick(void)
{
    vrtos_thread_t *best = NULL;
    for (int i = 0; i < K.nthreads; i++) {
        vrtos_thread_t *t = K.threads[i];
        if (t->state != ST_READY) {
            continue;
        }
        if (!best || t->prio > best->prio || (t->prio == best->prio && t->seq < best->seq)) {
            best = t;
        }
    }
    return best;
}

static int top_ready_prio(void)
{
    vrtos_thread_t *t = pick();
    return t ? t->prio : -1;
}

static void make_ready(vrtos_thread_t *t)
{
    t->state = ST_READY;
    t->seq = ++K.seq;
    t->wkind = W_NONE;
    t->wobj = NULL;
}

/* Back to the scheduler context; returns when the scheduler runs this thread again. */
static void to_sched(void)
{
    vrtos_thread_t *t = K.cur;
    swapcontext(&t->ctx, &K.sched);
    /* resumed: K.cur == t */
}

/* A switch point in thread context: preempt the caller when a higher-priority thread is ready. */
static void maybe_preempt(void)
{
    vrtos_thread_t *t = K.cur;
    if (!t || K.isr_depth) {
        return;
    }
    if (K.crit || K.suspended) {
        K.deferred_switch = 1;
        return;
    }
    if (top_ready_prio() > t->prio) {
        t->state = ST_READY; /* keeps its sequence number: first of its priority again */
        to_sched();
    }
}

vrtos_thread_t *vrtos_thread_create(const char *name, vrtos_entry_t fn, void *arg, size_t stack_bytes, int prio)
{
    need_init();
    if (K.isr_depth) {
        vrtos_fault("thread creation (\"%s\") from an interrupt handler", name ? name : "");
    }
    if (K.nthreads >= VRTOS_MAX_THREADS || fn == NULL) {
        return NULL;
    }
    if (prio < 0 || prio >= K.max_prio) {
        vrtos_fault("thread \"%s\": priority %d outside 0..%d (configMAX_PRIORITIES %d)", name ? name : "", prio,
                    K.max_prio - 1, K.max_prio);
    }
    vrtos_thread_t *t = calloc(1, sizeof *t);
    if (!t) {
        return NULL;
    }
    t->id = K.nthreads;
    snprintf(t->name, sizeof t->name, "%s", name ? name : "");
    t->prio = t->base = prio;
    t->fn = fn;
    t->arg = arg;
    t->budget = (stack_bytes ? stack_bytes : 256) * VRTOS_STACK_SCALE;
    t->budget = (t->budget + 15u) & ~(size_t)15u;
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    t->maplen = (GUARD_BYTES + SLACK_BYTES + t->budget + page - 1) / page * page;
    t->map = mmap(NULL, t->maplen, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (t->map == MAP_FAILED) {
        free(t);
        return NULL;
    }
    mprotect(t->map, GUARD_BYTES, PROT_NONE);
    t->lo = t->map + GUARD_BYTES;
    t->top = t->map + t->maplen;
    memset(t->lo, PAINT, (size_t)(t->top - t->lo));
    getcontext(&t->ctx);
    t->ctx.uc_stack.ss_sp = t->lo;
    t->ctx.uc_stack.ss_size = (size_t)(t->top - t->lo);
    t->ctx.uc_link = NULL;
    makecontext(&t->ctx, trampoline, 0);
    K.threads[K.nthreads++] = t;
    make_ready(t);
    maybe_preempt();
    return t;
}

void vrtos_thread_delete(vrtos_thread_t *t)
{
    if (K.isr_depth) {
        vrtos_fault("thread deletion from an interrupt handler");
    }
    if (t == NULL) {
        t = K.cur;
    }
    if (!t || !valid_thread(t)) {
        vrtos_fault("deleting a thread that does not exist");
    }
    t->state = ST_DELETED;
    t->wkind = W_NONE;
    t->wobj = NULL;
    if (t == K.cur) {
        to_sched(); /* the scheduler frees the stack; never resumed */
    }
    free_stack(t);
}

vrtos_thread_t *vrtos_self(void) { return K.cur; }
const char *vrtos_thread_name(const vrtos_thread_t *t) { return t ? t->name : "(none)"; }
int vrtos_thread_prio(const vrtos_thread_t *t) { return t ? t->prio : -1; }
int vrtos_thread_base_prio(const vrtos_thread_t *t) { return t ? t->base : -1; }
int vrtos_thread_id(const vrtos_thread_t *t) { return t ? t->id : -1; }
vrtos_thread_t *vrtos_thread_at(int i) { return i >= 0 && i < K.nthreads ? K.threads[i] : NULL; }

static int held_prio(const vrtos_thread_t *t);

void vrtos_thread_set_prio(vrtos_thread_t *t, int prio)
{
    if (t == NULL) {
        t = K.cur;
    }
    if (!t || prio < 0 || prio >= K.max_prio) {
        vrtos_fault("vTaskPrioritySet: priority %d outside 0..%d", prio, K.max_prio - 1);
    }
    t->base = prio;
    int p = held_prio(t);
    t->prio = p > prio ? p : prio;
    maybe_preempt();
    if (K.cur && t == K.cur && top_ready_prio() > t->prio) {
        maybe_preempt();
    }
}

size_t vrtos_stack_used_host(const vrtos_thread_t *t)
{
    if (!t || !t->map) {
        return 0;
    }
    /* The lowest byte that is no longer paint, as a byte-by-byte scan from lo finds it: whole
     * painted chunks are skipped with memcmp (the report reads this for every thread at every
     * STATS command, and most of the stack is the unused slack below the budget). */
    static uint8_t painted[4096];
    if (painted[0] != PAINT) {
        memset(painted, PAINT, sizeof painted);
    }
    const uint8_t *p = t->lo;
    while ((size_t)(t->top - p) >= sizeof painted && memcmp(p, painted, sizeof painted) == 0) {
        p += sizeof painted;
    }
    while (p < t->top && *p == PAINT) {
        p++;
    }
    return (size_t)(t->top - p);
}
size_t vrtos_stack_budget_host(const vrtos_thread_t *t) { return t ? t->budget : 0; }
size_t vrtos_stack_unused(const vrtos_thread_t *t)
{
    size_t used = vrtos_stack_used_host(t);
    return used >= t->budget ? 0 : (t->budget - used) / VRTOS_STACK_SCALE;
}

/* ---- blocking ------------------------------------------------------------------------------------ */

static void can_block(const char *api)
{
    if (K.isr_depth) {
        vrtos_fault("%s: a blocking call from interrupt context (use the FromISR variant)", api);
    }
    if (!K.cur) {
        vrtos_fault("%s: a blocking call outside a task (the scheduler is %s)", api, K.started ? "running" : "not started");
    }
    if (K.crit) {
        vrtos_fault("%s: a blocking call inside a critical section", api);
    }
    if (K.suspended) {
        vrtos_fault("%s: a blocking call while the scheduler is suspended (vTaskSuspendAll)", api);
    }
}

static uint64_t deadline_of(uint32_t ticks)
{
    return ticks == VRTOS_FOREVER ? UINT64_MAX : tick64() + ticks;
}

/* Blocks the running thread on (obj, kind) until woken or the deadline tick; 1 when woken. */
static int block_until(vrtos_obj_t *o, int kind, uint64_t deadline, const char *api)
{
    can_block(api);
    vrtos_thread_t *t = K.cur;
    if (deadline != UINT64_MAX && deadline <= tick64()) {
        return 0;
    }
    t->state = ST_BLOCKED;
    t->wkind = kind;
    t->wobj = o;
    t->wake_tick = deadline;
    t->wseq = ++K.seq;
    t->woke = 0;
    to_sched();
    return t->woke;
}

/* The waiter to wake on (o, kind): highest priority, then the longest waiting. */
static vrtos_thread_t *first_waiter(const vrtos_obj_t *o, int kind)
{
    vrtos_thread_t *best = NULL;
    for (int i = 0; i < K.nthreads; i++) {
        vrtos_thread_t *t = K.threads[i];
        if (t->state != ST_BLOCKED || t->wkind != kind || t->wobj != o) {
            continue;
        }
        if (!best || t->prio > best->prio || (t->prio == best->prio && t->wseq < best->wseq)) {
            best = t;
        }
    }
    return best;
}

/* Wakes one waiter; returns its priority or -1. */
static int wake_one(const vrtos_obj_t *o, int kind)
{
    vrtos_thread_t *t = first_waiter(o, kind);
    if (!t) {
        return -1;
    }
    t->woke = 1;
    make_ready(t);
    return t->prio;
}

/* In an ISR: remembers that a thread more urgent than the interrupted one is ready. */
static void isr_woke(int prio, int *woken)
{
    int base = K.isr_depth ? K.isr_base_prio : (K.cur ? K.cur->prio : -1);
    if (prio > base) {
        if (woken) {
            *woken = 1;
        }
        if (K.isr_depth) {
            K.isr_woke_higher = 1;
        }
    }
}

static void isr_api(const char *api)
{
    if (K.isr_depth && K.isr_prio < K.max_sys) {
        vrtos_fault("%s from interrupt \"%s\" at NVIC priority %d, more urgent than configLIBRARY_MAX_SYSCALL_INTERRUPT_PRIORITY %d",
                    api, K.isr_name, K.isr_prio, K.max_sys);
    }
}

void vrtos_yield(void)
{
    if (K.isr_depth) {
        vrtos_fault("taskYIELD in an interrupt handler (use portYIELD_FROM_ISR)");
    }
    vrtos_thread_t *t = K.cur;
    if (!t) {
        return;
    }
    if (K.crit || K.suspended) {
        K.deferred_switch = 1;
        return;
    }
    make_ready(t); /* behind its peers */
    to_sched();
}

void vrtos_delay_ticks(uint32_t ticks)
{
    if (ticks == 0) {
        vrtos_yield();
        return;
    }
    uint64_t d = deadline_of(ticks);
    while (tick64() < d) {
        (void)block_until(NULL, W_DELAY, d, "vTaskDelay");
    }
}

void vrtos_delay_until(uint32_t *prev, uint32_t inc)
{
    uint32_t target = *prev + inc;
    uint32_t now = vrtos_tick_count();
    *prev = target;
    if ((uint32_t)(target - now) != 0 && (int32_t)(target - now) > 0) {
        vrtos_delay_ticks(target - now);
    }
}

void vrtos_suspend_all(void) { K.suspended++; }
void vrtos_resume_all(void)
{
    if (K.suspended <= 0) {
        vrtos_fault("xTaskResumeAll without vTaskSuspendAll");
    }
    if (--K.suspended == 0 && !K.crit && K.deferred_switch) {
        K.deferred_switch = 0;
        maybe_preempt();
    }
}

/* The port's interrupt mask (BASEPRI at configMAX_SYSCALL_INTERRUPT_PRIORITY): a harness that
 * delivers interrupts itself (the simulator's devhost) overrides this to follow it. */
__attribute__((weak)) void vrtos_port_mask(int masked) { (void)masked; }

void vrtos_enter_critical(void)
{
    if (K.crit++ == 0) {
        vrtos_port_mask(1);
    }
}
void vrtos_exit_critical(void)
{
    if (K.crit <= 0) {
        vrtos_fault("taskEXIT_CRITICAL without taskENTER_CRITICAL");
    }
    if (--K.crit == 0) {
        vrtos_port_mask(0);
        if (!K.suspended && K.deferred_switch) {
            K.deferred_switch = 0;
            maybe_preempt();
        }
    }
}
int vrtos_in_critical(void) { return K.crit; }

/* ---- ticks, time and the scheduler loop ------------------------------------------------------------ */

/* Wakes every thread whose timeout is at or before this tick, most urgent first. */
static void tick_work(void)
{
    uint64_t now = tick64();
    for (;;) {
        vrtos_thread_t *best = NULL;
        for (int i = 0; i < K.nthreads; i++) {
            vrtos_thread_t *t = K.threads[i];
            if (t->state == ST_BLOCKED && t->wake_tick <= now &&
                (!best || t->prio > best->prio || (t->prio == best->prio && t->wseq < best->wseq))) {
                best = t;
            }
        }
        if (!best) {
            break;
        }
        best->woke = 0;
        make_ready(best);
    }
    K.yield_pending = 0;
}

static uint64_t next_boundary(void) { return (K.now / K.tick_ns + 1) * K.tick_ns; }

uint64_t vrtos_next_event_ns(void)
{
    uint64_t best = UINT64_MAX;
    for (int i = 0; i < K.nthreads; i++) {
        vrtos_thread_t *t = K.threads[i];
        if (t->state == ST_BLOCKED && t->wake_tick != UINT64_MAX) {
            uint64_t at = t->wake_tick * K.tick_ns;
            if (at < best) {
                best = at;
            }
        }
    }
    if (K.yield_pending) {
        uint64_t nb = next_boundary();
        if (nb < best) {
            best = nb;
        }
    }
    if (best < K.now) {
        best = K.now;
    }
    return best;
}

static void advance(uint64_t t)
{
    if (t > K.now) {
        K.now = t;
    }
    if (K.now % K.tick_ns == 0) {
        tick_work();
    }
}

/* A thread of the running thread's priority is ready (time slicing applies). */
static int slice_peer(void)
{
    for (int i = 0; i < K.nthreads; i++) {
        vrtos_thread_t *t = K.threads[i];
        if (t->state == ST_READY && t->prio == K.cur->prio) {
            return 1;
        }
    }
    return 0;
}

void vrtos_consume_ns(uint64_t ns)
{
    need_init();
    if (K.isr_depth || !K.cur || !K.in_run) {
        K.now += ns; /* interrupt handlers and set-up code run to completion */
        return;
    }
    /* remaining is this thread's CPU time still to spend: time while it is preempted does not count */
    uint64_t remaining = ns;
    while (remaining > 0) {
        int masked = K.crit || K.suspended;
        uint64_t next = K.now + remaining;
        uint64_t ev = vrtos_next_event_ns();
        if (ev < next) {
            next = ev;
        }
        int peer = slice_peer();
        if (peer && next_boundary() < next) {
            next = next_boundary();
        }
        if (!masked && K.limit < next) {
            next = K.limit > K.now ? K.limit : K.now;
        }
        int boundary = next % K.tick_ns == 0 && next > K.now;
        remaining -= next - K.now;
        K.now = next;
        if (boundary) {
            int before = K.cur->prio;
            tick_work();
            if (!masked && (top_ready_prio() > before || (peer && slice_peer()))) {
                if (top_ready_prio() > before) {
                    K.cur->state = ST_READY; /* preempted: first of its priority */
                } else {
                    make_ready(K.cur); /* time slice: behind its peers */
                }
                to_sched();
                continue;
            }
        }
        if (!masked && K.now >= K.limit && remaining > 0) {
            K.cur->state = ST_READY;
            K.interrupted = K.cur;
            K.back = 1;
            to_sched();
        }
    }
}

uint64_t vrtos_run(uint64_t limit)
{
    need_init();
    if (K.cur || K.isr_depth) {
        vrtos_fault("vrtos_run from a thread or an interrupt handler");
    }
    if (!K.started) {
        vrtos_fault("vrtos_run before the scheduler was started (vTaskStartScheduler / osKernelStart)");
    }
    K.limit = limit;
    K.stop = 0;
    K.in_run = 1;
    for (;;) {
        if (K.stop) {
            break;
        }
        vrtos_thread_t *t = NULL;
        if (K.interrupted) {
            t = K.interrupted;
            K.interrupted = NULL;
            if (K.need_resched || t->state != ST_READY) {
                t = pick();
                K.yield_pending = 0;
            }
        } else if (!K.yield_pending) {
            t = pick();
        }
        K.need_resched = 0;
        if (t) {
            K.back = 0;
            K.cur = t;
            t->state = ST_RUNNING;
            t->switches_in++;
            K.switches++;
            fold(K.now);
            fold((uint64_t)t->id);
            swapcontext(&K.sched, &t->ctx);
            K.cur = NULL;
            if (t->state == ST_DELETED) {
                free_stack(t);
            } else {
                check_stack(t);
            }
            if (K.back) {
                break;
            }
            continue;
        }
        uint64_t next = vrtos_next_event_ns();
        if (next > limit) {
            if (limit != UINT64_MAX && limit > K.now) {
                K.now = limit;
            }
            break;
        }
        advance(next);
    }
    K.in_run = 0;
    return K.now;
}

void vrtos_stop(void) { K.stop = 1; }

/* ---- interrupts ------------------------------------------------------------------------------------ */

void vrtos_isr_enter(const char *name, int nvic_prio, uint32_t exception)
{
    need_init();
    if (K.crit && K.isr_depth == 0) {
        vrtos_fault("interrupt \"%s\" delivered inside a critical section (interrupts are masked there)", name);
    }
    if (K.isr_depth == 0) {
        K.isr_base_prio = K.interrupted ? K.interrupted->prio : (K.cur ? K.cur->prio : -1);
        K.isr_switch = 0;
        K.isr_woke_higher = 0;
    }
    K.isr_depth++;
    K.isr_name = name ? name : "irq";
    K.isr_prio = nvic_prio;
    K.isr_ipsr = exception ? exception : 16u;
}

void vrtos_isr_exit(void)
{
    if (K.isr_depth <= 0) {
        vrtos_fault("vrtos_isr_exit without vrtos_isr_enter");
    }
    if (--K.isr_depth > 0) {
        return;
    }
    K.isr_ipsr = 0;
    if (K.isr_switch) {
        K.need_resched = 1; /* PendSV: the best ready thread runs next */
    } else if (K.isr_woke_higher) {
        K.yield_pending = 1; /* switch at the next tick */
    }
    if (K.cur && K.isr_switch) {
        /* the interrupt came while a thread ran (a device event raised synchronously by a driver
         * call): PendSV switches right after the handler, unless the thread masks interrupts */
        K.need_resched = 0;
        maybe_preempt();
    }
}

int vrtos_in_isr(void) { return K.isr_depth > 0; }
uint32_t vrtos_ipsr(void) { return K.isr_depth ? K.isr_ipsr : 0u; }
const char *vrtos_isr_name(void) { return K.isr_depth ? K.isr_name : NULL; }

void vrtos_yield_from_isr(int x)
{
    if (!x) {
        return;
    }
    if (K.isr_depth) {
        K.isr_switch = 1;
    } else {
        maybe_preempt(); /* portYIELD_FROM_ISR in task context: an ordinary yield request */
    }
}

/* ---- objects ----------------------------------------------------------------------------------------- */

static vrtos_obj_t *obj_new(int kind, const char *api, uint32_t len, uint32_t size)
{
    need_init();
    vrtos_obj_t *o = K.free_objs;
    if (o && o->kind == kind && o->len == len && o->size == size) {
        K.free_objs = o->next_free;
    } else {
        o = calloc(1, sizeof *o);
        if (!o) {
            return NULL;
        }
        if (len != 0 && size != 0) {
            o->buf = calloc(len, size);
            if (!o->buf) {
                free(o);
                return NULL;
            }
        }
    }
    o->magic = OBJ_LIVE;
    o->kind = kind;
    o->api = api;
    o->len = len;
    o->size = size;
    o->count = o->head = 0;
    o->holder = NULL;
    o->depth = 0;
    o->next_free = NULL;
    return o;
}

static void live(const vrtos_obj_t *o, const char *api)
{
    if (o == NULL) {
        vrtos_fault("%s on a NULL handle", api);
    }
    if (o->magic != OBJ_LIVE) {
        vrtos_fault("%s on a deleted (or never created) object", api);
    }
}

vrtos_obj_t *vrtos_queue_create(const char *api, uint32_t len, uint32_t size)
{
    if (len == 0) {
        return NULL;
    }
    return obj_new(VRTOS_QUEUE, api, len, size);
}

vrtos_obj_t *vrtos_sem_create(const char *api, uint32_t max, uint32_t initial)
{
    if (max == 0 || initial > max) {
        return NULL;
    }
    vrtos_obj_t *o = obj_new(VRTOS_SEM, api, max, 0);
    if (o) {
        o->max = max;
        o->count = initial;
    }
    return o;
}

vrtos_obj_t *vrtos_mutex_create(const char *api, int recursive)
{
    vrtos_obj_t *o = obj_new(recursive ? VRTOS_RMUTEX : VRTOS_MUTEX, api, 1, 0);
    return o;
}

void vrtos_obj_delete(vrtos_obj_t *o)
{
    live(o, "delete");
    for (int i = 0; i < K.nthreads; i++) {
        if (K.threads[i]->state == ST_BLOCKED && K.threads[i]->wobj == o) {
            vrtos_fault("object deleted while thread \"%s\" waits on it", K.threads[i]->name);
        }
    }
    if (o->holder) {
        vrtos_fault("mutex deleted while thread \"%s\" holds it", o->holder->name);
    }
    o->magic = OBJ_DEAD;
    o->next_free = K.free_objs;
    K.free_objs = o;
}

int vrtos_obj_kind(const vrtos_obj_t *o) { return o ? o->kind : -1; }

uint32_t vrtos_queue_count(const vrtos_obj_t *q)
{
    live(q, "count");
    if (q->kind == VRTOS_MUTEX || q->kind == VRTOS_RMUTEX) {
        return q->holder ? 0u : 1u;
    }
    return q->count;
}

uint32_t vrtos_queue_space(const vrtos_obj_t *q)
{
    live(q, "space");
    return (q->kind == VRTOS_SEM ? q->max : q->len) - q->count;
}

static void put_item(vrtos_obj_t *q, const void *item, int front)
{
    if (q->size) {
        uint32_t slot;
        if (front) {
            q->head = (q->head + q->len - 1) % q->len;
            slot = q->head;
        } else {
            slot = (q->head + q->count) % q->len;
        }
        memcpy(q->buf + (size_t)slot * q->size, item, q->size);
    }
    q->count++;
}

static void get_item(vrtos_obj_t *q, void *item, int peek)
{
    if (q->size && item) {
        memcpy(item, q->buf + (size_t)q->head * q->size, q->size);
    }
    if (!peek) {
        q->head = (q->head + 1) % q->len;
        q->count--;
    }
}

int vrtos_queue_send(vrtos_obj_t *q, const void *item, uint32_t ticks, int front, const char *api)
{
    live(q, api);
    if (K.isr_depth) {
        vrtos_fault("%s: not an ISR API (use the FromISR variant)", api);
    }
    uint64_t d = deadline_of(ticks);
    for (;;) {
        if (q->count < q->len) {
            put_item(q, item, front);
            wake_one(q, W_RECV);
            maybe_preempt();
            return 1;
        }
        if (ticks == 0 || !block_until(q, W_SEND, d, api)) {
            if (ticks == 0 || tick64() >= d) {
                return 0;
            }
        }
    }
}

int vrtos_queue_send_isr(vrtos_obj_t *q, const void *item, int front, int *woken, const char *api)
{
    live(q, api);
    isr_api(api);
    if (q->count >= q->len) {
        return 0;
    }
    put_item(q, item, front);
    isr_woke(wake_one(q, W_RECV), woken);
    return 1;
}

int vrtos_queue_recv(vrtos_obj_t *q, void *item, uint32_t ticks, int peek, const char *api)
{
    live(q, api);
    if (K.isr_depth) {
        vrtos_fault("%s: not an ISR API (use the FromISR variant)", api);
    }
    uint64_t d = deadline_of(ticks);
    for (;;) {
        if (q->count > 0) {
            get_item(q, item, peek);
            if (!peek) {
                wake_one(q, W_SEND);
            } else {
                wake_one(q, W_RECV);
            }
            maybe_preempt();
            return 1;
        }
        if (ticks == 0 || !block_until(q, W_RECV, d, api)) {
            if (ticks == 0 || tick64() >= d) {
                return 0;
            }
        }
    }
}

int vrtos_queue_recv_isr(vrtos_obj_t *q, void *item, int *woken, const char *api)
{
    live(q, api);
    isr_api(api);
    if (q->count == 0) {
        return 0;
    }
    get_item(q, item, 0);
    isr_woke(wake_one(q, W_SEND), woken);
    return 1;
}

static void is_sem(const vrtos_obj_t *s, const char *api)
{
    live(s, api);
    if (s->kind != VRTOS_SEM) {
        vrtos_fault("%s on a %s", api, s->kind == VRTOS_QUEUE ? "queue" : "mutex (use the mutex API)");
    }
}

int vrtos_sem_take(vrtos_obj_t *s, uint32_t ticks, const char *api)
{
    is_sem(s, api);
    if (K.isr_depth) {
        vrtos_fault("%s: not an ISR API", api);
    }
    uint64_t d = deadline_of(ticks);
    for (;;) {
        if (s->count > 0) {
            s->count--;
            return 1;
        }
        if (ticks == 0 || !block_until(s, W_RECV, d, api)) {
            if (ticks == 0 || tick64() >= d) {
                return 0;
            }
        }
    }
}

int vrtos_sem_give(vrtos_obj_t *s, const char *api)
{
    is_sem(s, api);
    if (K.isr_depth) {
        vrtos_fault("%s: not an ISR API (use the FromISR variant)", api);
    }
    if (s->count >= s->max) {
        return 0;
    }
    s->count++;
    wake_one(s, W_RECV);
    maybe_preempt();
    return 1;
}

int vrtos_sem_give_isr(vrtos_obj_t *s, int *woken, const char *api)
{
    is_sem(s, api);
    isr_api(api);
    if (s->count >= s->max) {
        return 0;
    }
    s->count++;
    isr_woke(wake_one(s, W_RECV), woken);
    return 1;
}

int vrtos_sem_take_isr(vrtos_obj_t *s, int *woken, const char *api)
{
    is_sem(s, api);
    isr_api(api);
    (void)woken;
    if (s->count == 0) {
        return 0;
    }
    s->count--;
    return 1;
}

/* ---- mutexes ---------------------------------------------------------------------------------------- */

static int held_prio(const vrtos_thread_t *t)
{
    int p = -1;
    for (int i = 0; i < t->nheld; i++) {
        vrtos_thread_t *w = first_waiter(t->held[i], W_RECV);
        if (w && w->prio > p) {
            p = w->prio;
        }
    }
    return p;
}

static void is_mutex(const vrtos_obj_t *m, const char *api)
{
    live(m, api);
    if (m->kind != VRTOS_MUTEX && m->kind != VRTOS_RMUTEX) {
        vrtos_fault("%s on a %s", api, m->kind == VRTOS_SEM ? "semaphore" : "queue");
    }
    if (K.isr_depth) {
        vrtos_fault("%s: mutexes cannot be used from interrupt context", api);
    }
}

int vrtos_mutex_lock(vrtos_obj_t *m, uint32_t ticks, const char *api)
{
    is_mutex(m, api);
    vrtos_thread_t *me = K.cur;
    if (!me) {
        if (K.started) {
            vrtos_fault("%s outside a task", api);
        }
        /* before the scheduler: set-up code owns the CPU, the lock is trivially free */
        if (m->holder == NULL && m->depth == 0) {
            return 1;
        }
    }
    uint64_t d = deadline_of(ticks);
    for (;;) {
        if (m->holder == NULL) {
            m->holder = me;
            m->depth = 1;
            if (me) {
                if (me->nheld >= MAX_HELD) {
                    vrtos_fault("%s: thread holds more than %d mutexes", api, MAX_HELD);
                }
                me->held[me->nheld++] = m;
            }
            return 1;
        }
        if (m->holder == me) {
            if (m->kind == VRTOS_RMUTEX) {
                m->depth++;
                return 1;
            }
            if (ticks != 0) {
                vrtos_fault("%s: thread \"%s\" locks a non-recursive mutex it already holds (deadlock)", api, me->name);
            }
            return 0;
        }
        if (ticks == 0) {
            return 0;
        }
        /* priority inheritance along the chain of holders */
        for (vrtos_thread_t *h = m->holder; h && h->prio < me->prio;) {
            h->prio = me->prio;
            h = (h->state == ST_BLOCKED && h->wobj && (h->wobj->kind == VRTOS_MUTEX || h->wobj->kind == VRTOS_RMUTEX))
                    ? h->wobj->holder
                    : NULL;
        }
        if (!block_until(m, W_RECV, d, api) && tick64() >= d) {
            return 0;
        }
    }
}

int vrtos_mutex_unlock(vrtos_obj_t *m, const char *api)
{
    is_mutex(m, api);
    vrtos_thread_t *me = K.cur;
    if (!me && !K.started && m->holder == NULL) {
        return 1; /* set-up code before the scheduler */
    }
    if (m->holder != me) {
        vrtos_fault("%s: thread \"%s\" releases a mutex %s", api, me ? me->name : "(harness)",
                    m->holder ? "another thread holds" : "nobody holds");
    }
    if (--m->depth > 0) {
        return 1;
    }
    m->holder = NULL;
    for (int i = 0; i < me->nheld; i++) {
        if (me->held[i] == m) {
            me->held[i] = me->held[--me->nheld];
            break;
        }
    }
    int p = held_prio(me);
    me->prio = p > me->base ? p : me->base;
    wake_one(m, W_RECV);
    maybe_preempt();
    return 1;
}

vrtos_thread_t *vrtos_mutex_holder(const vrtos_obj_t *m) { return m ? m->holder : NULL; }
uint32_t vrtos_mutex_depth(const vrtos_obj_t *m) { return m ? m->depth : 0; }

/* ---- notifications ---------------------------------------------------------------------------------- */

static int notify_apply(vrtos_thread_t *t, uint32_t value, int action, uint32_t *prev)
{
    if (!t || !valid_thread(t)) {
        vrtos_fault("task notification to a task that does not exist");
    }
    if (prev) {
        *prev = t->nval;
    }
    int was = t->nstate;
    switch (action) {
    case VRTOS_NOTIFY_SETBITS: t->nval |= value; break;
    case VRTOS_NOTIFY_INCREMENT: t->nval++; break;
    case VRTOS_NOTIFY_OVERWRITE: t->nval = value; break;
    case VRTOS_NOTIFY_NO_OVERWRITE:
        if (was == N_PENDING) {
            return 0;
        }
        t->nval = value;
        break;
    default: break;
    }
    t->nstate = N_PENDING;
    if (was == N_WAITING && t->state == ST_BLOCKED && t->wkind == W_NOTIFY) {
        t->woke = 1;
        make_ready(t);
        return 2;
    }
    return 1;
}

int vrtos_notify(vrtos_thread_t *t, uint32_t value, int action, uint32_t *prev)
{
    if (K.isr_depth) {
        vrtos_fault("xTaskNotify/xTaskNotifyGive: not an ISR API (use the FromISR variant)");
    }
    int r = notify_apply(t, value, action, prev);
    maybe_preempt();
    return r != 0;
}

int vrtos_notify_isr(vrtos_thread_t *t, uint32_t value, int action, uint32_t *prev, int *woken)
{
    isr_api("xTaskNotifyFromISR/vTaskNotifyGiveFromISR");
    int r = notify_apply(t, value, action, prev);
    if (r == 2) {
        isr_woke(t->prio, woken);
    }
    return r != 0;
}

uint32_t vrtos_notify_take(int clear, uint32_t ticks)
{
    vrtos_thread_t *me = K.cur;
    if (K.isr_depth || !me) {
        can_block("ulTaskNotifyTake");
    }
    if (me->nval == 0 && ticks != 0) {
        me->nstate = N_WAITING;
        (void)block_until(NULL, W_NOTIFY, deadline_of(ticks), "ulTaskNotifyTake");
    }
    uint32_t v = me->nval;
    if (v) {
        me->nval = clear ? 0 : v - 1;
    }
    me->nstate = N_IDLE;
    return v;
}

int vrtos_notify_wait(uint32_t clear_entry, uint32_t clear_exit, uint32_t *value, uint32_t ticks)
{
    vrtos_thread_t *me = K.cur;
    if (K.isr_depth || !me) {
        can_block("xTaskNotifyWait");
    }
    if (me->nstate != N_PENDING) {
        me->nval &= ~clear_entry;
        me->nstate = N_WAITING;
        if (ticks != 0) {
            (void)block_until(NULL, W_NOTIFY, deadline_of(ticks), "xTaskNotifyWait");
        }
    }
    if (value) {
        *value = me->nval;
    }
    int got = me->nstate == N_PENDING;
    if (got) {
        me->nval &= ~clear_exit;
    }
    me->nstate = N_IDLE;
    return got;
}

/* ---- report ----------------------------------------------------------------------------------------- */

void vrtos_report(void *file)
{
    FILE *f = file ? (FILE *)file : stdout;
    for (int i = 0; i < K.nthreads; i++) {
        vrtos_thread_t *t = K.threads[i];
        fprintf(f, "vrtos thread %-16s prio %2d switches %8llu stack host %6zu/%6zu target-unused %5zu%s\n", t->name,
                t->base, (unsigned long long)t->switches_in, vrtos_stack_used_host(t), t->budget, vrtos_stack_unused(t),
                t->state == ST_DELETED ? " (deleted)" : "");
    }
    fprintf(f, "vrtos switches %llu schedule %016llx now %llu ns\n", (unsigned long long)K.switches,
            (unsigned long long)K.hash, (unsigned long long)K.now);
}
