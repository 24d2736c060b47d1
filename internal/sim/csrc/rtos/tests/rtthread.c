/*
 * tests/rtthread.c - scenarios of the RT-Thread API on the virtual-time model (rtthread.c), run by
 * internal/sim/rtos_rtthread_test.go. Usage: rtthread SCENARIO [SEED]. Prints "ok NAME" per check,
 * "FAIL ..." on a wrong result; the fault scenarios end in a vrtos FAULT (exit 70).
 *
 * The shapes are those of RT-Thread's lwIP port (components/net/lwip-2.1.2/src/netif/ethernetif.c:
 * erx/etx threads at RT_LWIP_ETHTHREAD_PRIORITY 12 fed by a mailbox the ETH ISR posts to, tcpip at
 * RT_LWIP_TCPTHREAD_PRIORITY 10; sys_arch.c: mailboxes of pointers, rt_sem with timeouts, rt_mutex)
 * and of the STM32 BSP's drv_eth.c (rt_interrupt_enter/leave around HAL_ETH_IRQHandler).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtthread.h"

#include "check.h"
static void start(void) { vrtos_start(); }

/* ---- init: INIT_*_EXPORT levels in RT-Thread's order, board level before the scheduler ---- */
static int init_seen;
static int board_init(void)
{
    if (init_seen) { /* only the init scenario records */
        note(vrtos_started() || rt_thread_self() ? "board-in-thread" : "board");
    }
    return 0;
}
INIT_BOARD_EXPORT(board_init);
static int device_init(void)
{
    if (init_seen) {
        note("device");
    }
    return 0;
}
INIT_DEVICE_EXPORT(device_init); /* defined before prev: the level decides, not the order in the file */
static int prev_init(void)
{
    if (init_seen) {
        note(rt_thread_self() && strcmp(rt_thread_self()->name, "main") == 0 ? "prev-in-main" : "prev-elsewhere");
    }
    return 0;
}
INIT_PREV_EXPORT(prev_init);
static int app_init(void)
{
    if (init_seen) {
        note("app");
    }
    return 0;
}
INIT_APP_EXPORT(app_init);
static int test_main(void)
{
    note("main");
    expect("main_priority", vrtos_thread_base_prio(vrtos_self()) == RT_THREAD_PRIORITY_MAX - 1 - RT_MAIN_THREAD_PRIORITY);
    return 0; /* main may return on RT-Thread: the thread closes */
}
static void s_init(void)
{
    init_seen = 1;
    vrtt_startup(test_main);
    vrtos_run(5 * MS);
    expect_trace("init_order", "board@0 prev-in-main@0 device@0 app@0 main@0 ");
    expect("main_closed", rt_thread_find("main") == RT_NULL);
}

/* ---- prio: tcpip (10) preempts erx (12) on a release; equal numbers do not preempt ---- */
static rt_sem_t sem;
static void tcpip_like(void *a)
{
    (void)a;
    note("tcpip-wait");
    rt_sem_take(sem, RT_WAITING_FOREVER);
    note("tcpip-got");
}
static void erx_like(void *a)
{
    (void)a;
    rt_thread_delay(2);
    note("erx-release");
    rt_sem_release(sem);
    note("erx-after");
}
static void s_prio(void)
{
    sem = rt_sem_create("s", 0, RT_IPC_FLAG_FIFO);
    rt_thread_t e = rt_thread_create("erx", erx_like, RT_NULL, 1024, 12, 16);
    rt_thread_t t = rt_thread_create("tcpip", tcpip_like, RT_NULL, 1024, 10, 20);
    expect("not_started_yet", e->stat == RT_THREAD_INIT);
    rt_thread_startup(e);
    rt_thread_startup(t);
    start();
    vrtos_run(10 * MS);
    expect_trace("tcpip_over_erx", "tcpip-wait@0 erx-release@2000 tcpip-got@2000 erx-after@2000 ");
    expect("threads_closed", rt_thread_find("erx") == RT_NULL && rt_thread_find("tcpip") == RT_NULL);
}

/* ---- isr: the ETH ISR posts the device to erx's mailbox (eth_device_ready); full -> -RT_EFULL ---- */
static struct rt_mailbox erxmb;
static rt_ubase_t erxmb_pool[2];
static int dev_token;
static void erx_loop(void *a)
{
    (void)a;
    for (;;) {
        rt_ubase_t v = 0;
        rt_mb_recv(&erxmb, &v, RT_WAITING_FOREVER);
        note(v == (rt_ubase_t)&dev_token ? "erx-dev" : "erx-bad");
    }
}
static void busy(void *a)
{
    (void)a;
    for (;;) {
        vrtos_consume_ns(10 * MS);
        rt_thread_delay(1);
    }
}
static rt_err_t eth_isr(void)
{
    vrtos_isr_enter("ETH", 0, 16 + 61);
    rt_interrupt_enter();
    rt_err_t r = rt_mb_send(&erxmb, (rt_ubase_t)&dev_token);
    rt_interrupt_leave();
    vrtos_isr_exit();
    return r;
}
static void s_isr(void)
{
    rt_mb_init(&erxmb, "erxmb", erxmb_pool, 2, RT_IPC_FLAG_FIFO);
    rt_thread_startup(rt_thread_create("erx", erx_loop, RT_NULL, 1024, 12, 16));
    rt_thread_startup(rt_thread_create("busy", busy, RT_NULL, 1024, 20, 10));
    start();
    vrtos_run(1500000);
    /* the mail wakes erx, more urgent than the busy thread: it runs at the ISR's exit */
    expect("isr_send_ok", eth_isr() == RT_EOK);
    vrtos_run(3 * MS);
    expect_trace("isr_wakes_at_exit", "erx-dev@1500 ");
    /* three frames inside one interrupt (erx cannot run before its exit) fill the 2-mail box; the
     * third post fails, which drv_eth.c logs as "RxCpltCallback err = -3" */
    vrtos_isr_enter("ETH", 0, 16 + 61);
    rt_err_t a = rt_mb_send(&erxmb, (rt_ubase_t)&dev_token);
    rt_err_t b = rt_mb_send(&erxmb, (rt_ubase_t)&dev_token);
    rt_err_t c = rt_mb_send(&erxmb, (rt_ubase_t)&dev_token);
    vrtos_isr_exit();
    expect("mb_full_efull", a == RT_EOK && b == RT_EOK && c == -RT_EFULL && -RT_EFULL == -3);
    vrtos_run(5 * MS);
    expect_trace("mb_drained", "erx-dev@3000 erx-dev@3000 ");
    expect("interrupt_nest_zero", rt_interrupt_get_nest() == 0);
}

/* ---- timeout: rt_sem_take / rt_mb_recv time out on tick boundaries; ms -> ticks rounds up ---- */
static void timeouts(void *a)
{
    (void)a;
    rt_sem_t s = rt_sem_create("t", 0, RT_IPC_FLAG_PRIO);
    rt_mailbox_t mb = rt_mb_create("tmb", 4, RT_IPC_FLAG_FIFO);
    rt_ubase_t v;
    expect("sem_trytake_empty", rt_sem_trytake(s) == -RT_ETIMEOUT);
    note("take");
    expect("sem_timeout", rt_sem_take(s, 5) == -RT_ETIMEOUT);
    note("timed-out");
    expect("mb_recv_timeout", rt_mb_recv(mb, &v, rt_tick_from_millisecond(3)) == -RT_ETIMEOUT);
    note("mb-timed-out");
    expect("mb_send_recv", rt_mb_send(mb, 42u) == RT_EOK && rt_mb_entry(mb) == 1 && rt_mb_recv(mb, &v, 0) == RT_EOK && v == 42u);
    rt_thread_mdelay(1);
    note("mdelay");
    rt_sem_delete(s);
    rt_mb_delete(mb);
}
static void s_timeout(void)
{
    expect("ms_to_ticks", rt_tick_from_millisecond(1) == RT_TICK_PER_SECOND / 1000 &&
                              rt_tick_from_millisecond(1500) == RT_TICK_PER_SECOND * 3 / 2 &&
                              rt_tick_from_millisecond(-1) == (rt_tick_t)RT_WAITING_FOREVER);
    rt_thread_startup(rt_thread_create("tmo", timeouts, RT_NULL, 2048, 15, 10));
    start();
    vrtos_run(20 * MS);
    expect_trace("timeouts", "take@0 timed-out@5000 mb-timed-out@8000 mdelay@9000 ");
    expect("tick_get", rt_tick_get() == 20);
}

/* ---- mutex: the owner takes it again (hold count), a waiter gets it after the last release, and
 *      priority inheritance keeps a medium thread from running while the low owner blocks tcpip ---- */
static rt_mutex_t mtx;
static void low_owner(void *a)
{
    (void)a;
    rt_mutex_take(mtx, RT_WAITING_FOREVER);
    rt_mutex_take(mtx, RT_WAITING_FOREVER);
    note("L-owns2");
    vrtos_consume_ns(3 * MS);
    rt_mutex_release(mtx);
    note("L-rel1");
    vrtos_consume_ns(1 * MS);
    rt_mutex_release(mtx);
    note("L-rel2");
}
static void high_taker(void *a)
{
    (void)a;
    rt_thread_delay(1);
    note("H-take");
    rt_mutex_take(mtx, RT_WAITING_FOREVER);
    note("H-owns");
    rt_mutex_release(mtx);
}
static void medium(void *a)
{
    (void)a;
    rt_thread_delay(2);
    note("M-runs");
}
static void s_mutex(void)
{
    mtx = rt_mutex_create("m", RT_IPC_FLAG_FIFO);
    rt_thread_startup(rt_thread_create("L", low_owner, RT_NULL, 1024, 20, 10));
    rt_thread_startup(rt_thread_create("H", high_taker, RT_NULL, 1024, 10, 10));
    rt_thread_startup(rt_thread_create("M", medium, RT_NULL, 1024, 15, 10));
    start();
    vrtos_run(20 * MS);
    /* M (ready at 2 ms) waits while L holds what H needs: L runs at H's priority until its last
     * release at 4 ms; then H, then M (more urgent than L), then L again */
    expect_trace("mutex_recursive_inherit", "L-owns2@0 H-take@1000 L-rel1@3000 H-owns@4000 M-runs@4000 L-rel2@4000 ");
}

/* ---- heap: rt_malloc/rt_free counted exactly, back at zero ---- */
static void heap_user(void *a)
{
    (void)a;
    void *p = rt_malloc(100), *q = rt_calloc(4, 25);
    p = rt_realloc(p, 300);
    rt_uint32_t used, max;
    rt_memory_info(RT_NULL, &used, &max);
    expect("heap_used", used == 400 && max == 500); /* the realloc held 100 + 300 + 100 at once */
    rt_free(p);
    rt_free(q);
    rt_memory_info(RT_NULL, &used, &max);
    expect("heap_back_to_zero", used == 0 && max == 500);
}
static void s_heap(void)
{
    rt_thread_startup(rt_thread_create("heap", heap_user, RT_NULL, 1024, 15, 10));
    start();
    vrtos_run(2 * MS);
}

/* ---- determinism: erx/etx/tcpip-shaped threads, a mailbox fed by seeded ISRs, seeded CPU bursts ---- */
static struct rt_mailbox dmb, tcpipmb;
static rt_ubase_t dpool[8], tpool[8];
static unsigned long long lcg;
static unsigned rnd(void)
{
    lcg = lcg * 6364136223846793005ull + 1442695040888963407ull;
    return (unsigned)(lcg >> 33);
}
static rt_mutex_t dm;
static void d_erx(void *a)
{
    (void)a;
    for (;;) {
        rt_ubase_t v;
        rt_mb_recv(&dmb, &v, RT_WAITING_FOREVER);
        vrtos_consume_ns(2000 + v % 5000);
        rt_mb_send_wait(&tcpipmb, v, RT_WAITING_FOREVER);
    }
}
static void d_tcpip(void *a)
{
    (void)a;
    for (;;) {
        rt_ubase_t v;
        if (rt_mb_recv(&tcpipmb, &v, 3) != RT_EOK) {
            continue; /* lwIP's timeouts */
        }
        rt_mutex_take(dm, RT_WAITING_FOREVER);
        vrtos_consume_ns(1000 + v % 3000);
        rt_mutex_release(dm);
    }
}
static void d_app(void *a)
{
    (void)a;
    for (;;) {
        rt_mutex_take(dm, RT_WAITING_FOREVER);
        vrtos_consume_ns(500);
        rt_mutex_release(dm);
        rt_thread_delay(1);
    }
}
static void s_determinism(unsigned seed)
{
    lcg = seed;
    rt_mb_init(&dmb, "erxmb", dpool, 8, RT_IPC_FLAG_FIFO);
    rt_mb_init(&tcpipmb, "tcpip", tpool, 8, RT_IPC_FLAG_FIFO);
    dm = rt_mutex_create("core", RT_IPC_FLAG_FIFO);
    rt_thread_startup(rt_thread_create("erx", d_erx, RT_NULL, 1024, 12, 16));
    rt_thread_startup(rt_thread_create("tcpip", d_tcpip, RT_NULL, 1024, 10, 20));
    rt_thread_startup(rt_thread_create("app", d_app, RT_NULL, 1024, 15, 10));
    start();
    uint64_t t = 0;
    int full = 0;
    for (int i = 0; i < 20000; i++) {
        t += 2500 + rnd() % 6000; /* faster than erx drains at times: the 8-mail box fills */
        vrtos_run(t);
        vrtos_isr_enter("ETH", 0, 16 + 61);
        if (rt_mb_send(&dmb, rnd()) == -RT_EFULL) {
            full++;
        }
        vrtos_isr_exit();
    }
    vrtos_run(t + 10 * MS);
    printf("schedule %016llx switches %llu now %llu full %d\n", (unsigned long long)vrtos_schedule_hash(),
           (unsigned long long)vrtos_switches(), (unsigned long long)vrtos_now_ns(), full);
}

/* ---- faults ---- */
static rt_mutex_t fm;
static void f_isr_take(void)
{
    sem = rt_sem_create("rx", 0, RT_IPC_FLAG_FIFO);
    start();
    vrtos_isr_enter("ETH", 0, 16 + 61);
    rt_sem_take(sem, RT_WAITING_FOREVER);
}
static void f_isr_malloc(void)
{
    start();
    vrtos_isr_enter("ETH", 0, 16 + 61);
    (void)rt_malloc(64);
}
static void f_isr_mutex(void)
{
    fm = rt_mutex_create("m", RT_IPC_FLAG_FIFO);
    start();
    vrtos_isr_enter("ETH", 0, 16 + 61);
    rt_mutex_take(fm, 0);
}
static int blocking_board_init(void)
{
    rt_sem_t s = rt_sem_create("b", 0, RT_IPC_FLAG_FIFO);
    rt_sem_take(s, 10);
    return 0;
}
static void f_board_block(void)
{
    /* the board-level init runs before the scheduler: a blocking call there hangs the board */
    (void)blocking_board_init();
}
static void other_owner(void *a)
{
    (void)a;
    rt_mutex_take(fm, RT_WAITING_FOREVER);
    rt_thread_delay(RT_WAITING_FOREVER);
}
static void wrong_release(void *a)
{
    (void)a;
    rt_thread_delay(1);
    rt_mutex_release(fm);
}
static void f_unowned(void)
{
    fm = rt_mutex_create("m", RT_IPC_FLAG_FIFO);
    rt_thread_startup(rt_thread_create("own", other_owner, RT_NULL, 1024, 15, 10));
    rt_thread_startup(rt_thread_create("thief", wrong_release, RT_NULL, 1024, 15, 10));
    start();
    vrtos_run(5 * MS);
}
static void f_irq_enter(void) { rt_interrupt_enter(); }
static void locked_block(void *a)
{
    (void)a;
    rt_enter_critical();
    rt_thread_delay(1);
}
static void f_locked(void)
{
    rt_thread_startup(rt_thread_create("lock", locked_block, RT_NULL, 1024, 15, 10));
    start();
    vrtos_run(5 * MS);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: rtthread SCENARIO [SEED]\n");
        return 2;
    }
    const char *s = argv[1];
    if (!strcmp(s, "init")) {
        s_init();
    } else if (!strcmp(s, "prio")) {
        s_prio();
    } else if (!strcmp(s, "isr")) {
        s_isr();
    } else if (!strcmp(s, "timeout")) {
        s_timeout();
    } else if (!strcmp(s, "mutex")) {
        s_mutex();
    } else if (!strcmp(s, "heap")) {
        s_heap();
    } else if (!strcmp(s, "determinism")) {
        s_determinism(argc > 2 ? (unsigned)strtoul(argv[2], NULL, 10) : 1u);
    } else if (!strcmp(s, "fault-isrtake")) {
        f_isr_take();
    } else if (!strcmp(s, "fault-isrmalloc")) {
        f_isr_malloc();
    } else if (!strcmp(s, "fault-isrmutex")) {
        f_isr_mutex();
    } else if (!strcmp(s, "fault-boardblock")) {
        f_board_block();
    } else if (!strcmp(s, "fault-unowned")) {
        f_unowned();
    } else if (!strcmp(s, "fault-irqenter")) {
        f_irq_enter();
    } else if (!strcmp(s, "fault-locked")) {
        f_locked();
    } else {
        fprintf(stderr, "unknown scenario %s\n", s);
        return 2;
    }
    printf("%s\n", fails ? "FAIL" : "done");
    return fails ? 1 : 0;
}
