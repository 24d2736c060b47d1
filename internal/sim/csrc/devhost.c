/*
 * devhost.c - the simulated device's hardware around the generated glue: virtual time with a SysTick
 * exception every millisecond, interrupt delivery (PRIMASK, one handler at a time), the MAC's
 * serializer on the wire, the D-cache model of Cortex-M7 boards, the checks of the driver contract
 * and the main-loop model. lwipgen's own code (see devhost.h); no vendor code.
 *
 * Main loop model. A bare-metal main loop polls for ever; in virtual time it runs a pass whenever
 * something may have changed (a command from the scheduler, an interrupt, a timer or the board's
 * periodic work being due) and keeps running passes while they make progress (a frame moved, a
 * descriptor released, a frame sent) and the CPU is free at the current time. A pass that changes
 * nothing ends the burst: the next pass would do the same nothing, so the CPU sleeps until the next
 * event, which is what a WFI-free loop spinning on the same state amounts to.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lwip/opt.h"
#include "lwip/sys.h"
#include "lwip/timeouts.h"
#if LWIP_TCP
#include "lwip/priv/tcp_priv.h" /* tcp_active_pcbs, tcp_tw_pcbs: the lists a timer pass walks */
#endif
#include "devhost.h"

uint64_t dev_now_ns, dev_cpu_ns;
int dev_primask, dev_in_isr, dev_dcache;
uint64_t dev_progress;
uint64_t dev_drops[DROP_KINDS];

/* CPU cost model (set by sim_node.c from its arguments). */
uint64_t dev_cpu_rx_frame_ns, dev_cpu_tx_frame_ns, dev_cpu_rx_byte_ps, dev_cpu_tx_byte_ps, dev_rate_bps = 100000000u;
uint64_t dev_cpu_busy_ns;

uint64_t dev_cost_rx(uint32_t len) { return dev_cpu_rx_frame_ns + (dev_cpu_rx_byte_ps * len + 999u) / 1000u; }
uint64_t dev_cost_tx(uint32_t len) { return dev_cpu_tx_frame_ns + (dev_cpu_tx_byte_ps * len + 999u) / 1000u; }

/* ---- lwIP's TCP clock on the CPU ----------------------------------------------------------------
 * Every tcp_tmr() pass costs the core time: sys_check_timeouts() re-arming the timeout,
 * tcp_fasttmr() and, every second pass, tcp_slowtmr() walking the active and TIME_WAIT lists. The
 * link wraps tcp_tmr (-Wl,--wrap=tcp_tmr, build.go) so each pass the stack really runs is charged:
 * a base plus a share per PCB on the lists the pass walks, in the units of the per-frame cost
 * (plan.TimerPassCycles at the core's clock, set by sim_node.c from its arguments). A board whose
 * application calls tcp_fasttmr/tcp_slowtmr itself (board_zynq.c) charges its fast passes here. */
uint64_t dev_cpu_tmr_pass_ns, dev_cpu_tmr_pcb_ns;
uint64_t dev_tcp_tmr_passes, dev_tcp_tmr_busy_ns;

void dev_tcp_tmr_charge(void)
{
    uint64_t n = 0;
#if LWIP_TCP
    const struct tcp_pcb *pcb;
    for (pcb = tcp_active_pcbs; pcb != NULL; pcb = pcb->next) {
        n++;
    }
    for (pcb = tcp_tw_pcbs; pcb != NULL; pcb = pcb->next) {
        n++;
    }
#endif
    uint64_t ns = dev_cpu_tmr_pass_ns + dev_cpu_tmr_pcb_ns * n;
    dev_tcp_tmr_passes++;
    dev_tcp_tmr_busy_ns += ns;
    dev_cpu_spend(ns);
}

#if LWIP_TCP
void __real_tcp_tmr(void);
void __wrap_tcp_tmr(void);
void __wrap_tcp_tmr(void)
{
    __real_tcp_tmr();
    dev_tcp_tmr_charge();
}
#endif

/* ---- SysTick ------------------------------------------------------------------------------------- */
static uint64_t next_tick_ns = 1000000u; /* SysTick fires every 1 ms from boot */
static int systick_pending;
static uint32_t ticks_ms;
uint32_t dev_ticks_ms(void) { return ticks_ms; }

/* An RTOS board file (rtos/board_cubemx_rtos.c) tells its scheduler model about interrupt context. */
__attribute__((weak)) void board_isr_enter(int systick) { (void)systick; }
__attribute__((weak)) void board_isr_exit(void) {}
__attribute__((weak)) void board_stats(void (*kv)(const char *key, uint64_t v)) { (void)kv; }
/* A board whose main loop never calls sys_check_timeouts (Xilinx's echo server: the application runs
 * tcp_fasttmr/tcp_slowtmr itself) says so: the loop model then does not wake up for lwIP's timeouts. */
__attribute__((weak)) int board_runs_lwip_timeouts(void) { return 1; }
__attribute__((weak)) void model_mac_error(void) {}
__attribute__((weak)) void model_idle(void (*item)(const char *what, int64_t now, int64_t idle)) { (void)item; }

static void run_isr(void (*fn)(void))
{
    board_isr_enter(fn == board_systick);
    dev_in_isr++;
    fn();
    dev_in_isr--;
    board_isr_exit();
}

/* Time passes on the CPU: the SysTick exceptions and the model's timed events (a TX completion
 * and its interrupt) that fall inside it happen at their own time, in time order (SysTick first
 * on a tie), as they would interrupt the work on the board. */
void dev_cpu_spend(uint64_t ns)
{
    uint64_t end = dev_cpu_ns + ns;
    if (ns != 0u) {
        dev_cpu_busy_ns += ns;
    }
    int model_stuck = 0;
    for (;;) {
        uint64_t m = model_stuck ? UINT64_MAX : model_next_event();
        if (next_tick_ns <= end && next_tick_ns <= m) {
            dev_cpu_ns = next_tick_ns;
            next_tick_ns += 1000000u;
            ticks_ms++;
            /* one pending bit, as the SysTick exception has: ticks elapsed while masked are lost */
            systick_pending = 1;
            dev_irq_poll();
        } else if (m <= end) {
            if (m > dev_cpu_ns) {
                dev_cpu_ns = m;
            }
            model_timed();
            dev_irq_poll();
            if (model_next_event() <= m) {
                model_stuck = 1; /* an event that did not move on: only the ticks are left */
            }
        } else {
            break;
        }
    }
    dev_cpu_ns = end;
}

/* Catching up with the global time is idle time, not CPU work. */
static void dev_idle_until(uint64_t t)
{
    if (t > dev_cpu_ns) {
        uint64_t busy = dev_cpu_busy_ns;
        dev_cpu_spend(t - dev_cpu_ns);
        dev_cpu_busy_ns = busy;
    }
}

/* ---- interrupts ---------------------------------------------------------------------------------- */
void dev_irq_poll(void)
{
    int storm = 0;
    if (dev_primask || dev_in_isr) {
        return;
    }
    if (systick_pending) {
        systick_pending = 0;
        run_isr(board_systick);
    }
    while (model_irq_pending()) {
        if (++storm > 64) {
            dev_check_failed("irq_storm", "the Ethernet interrupt handler returned 64 times with its line still asserted");
            return;
        }
        run_isr(model_irq_handler);
        dev_progress++;
    }
}

/* ---- the wire ------------------------------------------------------------------------------------ */
static uint64_t tx_free_at;
static int link_up = 1;
uint64_t dev_tx_lost_link;

int dev_link_up(void) { return link_up; }

void dev_set_link(int up)
{
    if (up != link_up) {
        link_up = up;
        model_link_changed();
        dev_irq_poll();
        dev_progress++;
    }
}

static uint64_t wire_ns(uint64_t bytes) { return bytes * 8000000000ull / dev_rate_bps; }

uint64_t dev_wire_tx(const uint8_t *frame, uint32_t len)
{
    uint32_t wire = len < 60u ? 60u : len;
    uint64_t start = dev_cpu_ns > tx_free_at ? dev_cpu_ns : tx_free_at;
    uint64_t end = start + wire_ns(8u + wire + 4u); /* preamble+SFD, frame, FCS */
    tx_free_at = end + wire_ns(12u);                /* inter-frame gap */
    dev_progress++;
    if (!link_up) {
        dev_tx_lost_link++;
        return end;
    }
    sim_emit_frame(frame, len, end);
    return end;
}

/* ---- checks -------------------------------------------------------------------------------------- */
#define MAX_CHECK_KINDS 16
static struct {
    const char *kind;
    uint64_t n;
    char first[240];
} checks[MAX_CHECK_KINDS];
static int nchecks;

void dev_check_failed(const char *kind, const char *fmt, ...)
{
    va_list ap;
    int i;
    for (i = 0; i < nchecks; i++) {
        if (strcmp(checks[i].kind, kind) == 0) {
            break;
        }
    }
    if (i == nchecks) {
        if (nchecks == MAX_CHECK_KINDS) {
            i = MAX_CHECK_KINDS - 1;
        } else {
            nchecks++;
            checks[i].kind = kind;
            va_start(ap, fmt);
            vsnprintf(checks[i].first, sizeof checks[i].first, fmt, ap);
            va_end(ap);
        }
    }
    checks[i].n++;
}

int dev_checks_json(char *buf, size_t cap)
{
    size_t n = 0;
    int i, j;
    n += (size_t)snprintf(buf + n, cap - n, "[");
    for (i = 0; i < nchecks && n < cap; i++) {
        char esc[480];
        size_t k = 0;
        for (j = 0; checks[i].first[j] && k + 2 < sizeof esc; j++) {
            char c = checks[i].first[j];
            if (c == '"' || c == '\\') {
                esc[k++] = '\\';
            }
            esc[k++] = (c >= 32 && c < 127) ? c : ' ';
        }
        esc[k] = 0;
        n += (size_t)snprintf(buf + n, cap - n, "%s{\"kind\":\"%s\",\"count\":%llu,\"first\":\"%s\"}", i ? "," : "", checks[i].kind,
                              (unsigned long long)checks[i].n, esc);
    }
    if (n < cap) {
        n += (size_t)snprintf(buf + n, cap - n, "]");
    }
    return (int)n;
}

void dev_drop(enum dev_drop why) { dev_drops[why]++; }

/* Weak: an RTOS board's code (csrc/rtos/) provides the version that also checks the core lock. */
__attribute__((weak)) void sim_assert_core_locked(const char *file, int line)
{
    if (dev_in_isr) {
        dev_check_failed("lwip_in_isr", "lwIP entered from interrupt context (%s:%d)", file, line);
    }
}

/* ---- D-cache ------------------------------------------------------------------------------------- */
/* Ranges the DMA wrote that the CPU has not invalidated since, and ranges cleaned since the last TX
 * handoff. Small lists: at most one entry per RX buffer / TX buffer in flight. */
struct range {
    uintptr_t a, b;
};
#define MAX_RANGES 512
static struct range stale[MAX_RANGES], cleaned[MAX_RANGES];
static int nstale, ncleaned;

static void range_sub(struct range *r, int *n, uintptr_t a, uintptr_t b)
{
    int i;
    for (i = 0; i < *n; i++) {
        struct range x = r[i];
        if (x.b <= a || x.a >= b) {
            continue;
        }
        if (x.a < a && x.b > b && *n < MAX_RANGES) { /* split */
            r[i].b = a;
            r[(*n)++] = (struct range){b, x.b};
            continue;
        }
        if (x.a < a) {
            r[i].b = a;
        } else if (x.b > b) {
            r[i].a = b;
        } else {
            r[i] = r[--(*n)];
            i--;
        }
    }
}

void dev_cache_dma_wrote(const void *addr, uint32_t len)
{
    uintptr_t a = (uintptr_t)addr;
    if (!dev_dcache || len == 0u) {
        return;
    }
    range_sub(stale, &nstale, a, a + len);
    if (nstale < MAX_RANGES) {
        stale[nstale++] = (struct range){a, a + len};
    }
}

int dev_cache_stale(const void *addr, uint32_t len)
{
    uintptr_t a = (uintptr_t)addr, b = a + len;
    int i;
    for (i = 0; i < nstale; i++) {
        if (stale[i].a < b && stale[i].b > a) {
            return 1;
        }
    }
    return 0;
}

static int cache_args_ok(const char *what, volatile void *addr, int32_t size)
{
    if ((((uintptr_t)addr) & 31u) != 0u || size <= 0 || (size & 31) != 0) {
        dev_check_failed("cache_unaligned", "%s(%p, %d): not whole 32-byte lines (a partial line touches a neighbour's data)", what,
                         (void *)addr, (int)size);
        return 0;
    }
    return 1;
}

void dev_cache_invalidate(volatile void *addr, int32_t size)
{
    if (!cache_args_ok("SCB_InvalidateDCache_by_Addr", addr, size)) {
        return;
    }
    range_sub(stale, &nstale, (uintptr_t)addr, (uintptr_t)addr + (uint32_t)size);
}

void dev_cache_clean(volatile void *addr, int32_t size)
{
    if (!cache_args_ok("SCB_CleanDCache_by_Addr", addr, size)) {
        return;
    }
    if (ncleaned < MAX_RANGES) {
        cleaned[ncleaned++] = (struct range){(uintptr_t)addr, (uintptr_t)addr + (uint32_t)size};
    }
}

int dev_cache_cleaned(const void *addr, uint32_t len)
{
    uintptr_t pos = (uintptr_t)addr, end = pos + len;
    while (pos < end) {
        int i, found = 0;
        for (i = 0; i < ncleaned; i++) {
            if (cleaned[i].a <= pos && cleaned[i].b > pos) {
                pos = cleaned[i].b;
                found = 1;
                break;
            }
        }
        if (!found) {
            return 0;
        }
    }
    return 1;
}

void dev_cache_tx_done(void) { ncleaned = 0; }

/* ---- main-loop model ----------------------------------------------------------------------------- */
static int loop_more; /* the last burst stopped with work left because the CPU was busy */
uint64_t dev_loop_passes;

/* Run what is due at dev_now_ns: the hardware's timed events, pending interrupts, then main-loop
 * passes while they make progress and the CPU is free. */
void dev_run_due(void)
{
    int i;
    dev_idle_until(dev_now_ns);
    model_timed();
    dev_irq_poll();
    loop_more = 0;
    for (i = 0; i < 1000000; i++) {
        uint64_t before;
        if (dev_cpu_ns > dev_now_ns) {
            loop_more = 1;
            return;
        }
        before = dev_progress;
        board_loop_once();
        dev_loop_passes++;
        dev_irq_poll();
        if (dev_progress == before) {
            return;
        }
    }
    dev_check_failed("loop_livelock", "the main loop made progress on 10^6 passes in a row without time passing");
}

uint64_t dev_next_event(void)
{
    uint64_t next = UINT64_MAX, t;
    u32_t sl;
    if (loop_more) {
        next = dev_cpu_ns > dev_now_ns ? dev_cpu_ns : dev_now_ns;
    }
#if NO_SYS && LWIP_TIMERS /* with an RTOS the tcpip thread runs lwIP's timeouts: the board file reports its wake-ups */
    sl = board_runs_lwip_timeouts() ? sys_timeouts_sleeptime() : SYS_TIMEOUTS_SLEEPTIME_INFINITE;
#else
    sl = SYS_TIMEOUTS_SLEEPTIME_INFINITE;
#endif
    if (sl != SYS_TIMEOUTS_SLEEPTIME_INFINITE) {
        /* SysTick k fires at k ms: sys_now() reaches the due value then */
        t = ((uint64_t)sys_now() + sl) * 1000000u;
        if (t < dev_cpu_ns) {
            t = dev_cpu_ns;
        }
        if (t < next) {
            next = t;
        }
    }
    t = board_next_event();
    if (t < next) {
        next = t < dev_cpu_ns ? dev_cpu_ns : t;
    }
    t = model_next_event();
    if (t < next) {
        next = t < dev_cpu_ns ? dev_cpu_ns : t;
    }
    return next;
}

void dev_idle_catchup(void) { dev_idle_until(dev_now_ns); }
