/*
 * tests/model.c - scenarios of the virtual-time RTOS model, run by internal/sim/rtos_model_test.go.
 * Usage: model SCENARIO [SEED]. Prints "ok NAME" per check, "FAIL ..." on a wrong result; the fault
 * scenarios end in a vrtos FAULT (exit 70), which the Go test expects.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "FreeRTOS.h"
#include "task.h"
#include "queue.h"
#include "semphr.h"

#include "check.h"
static void idle_forever(void)
{
    for (;;) {
        vTaskDelay(portMAX_DELAY);
    }
}

/* ---- preempt: giving a semaphore to a more urgent waiter switches at once ---- */
static SemaphoreHandle_t sem1;
static void hi_waiter(void *a)
{
    (void)a;
    note("H-wait");
    xSemaphoreTake(sem1, portMAX_DELAY);
    note("H-got");
    idle_forever();
}
static void lo_giver(void *a)
{
    (void)a;
    vTaskDelay(2);
    note("L-give");
    xSemaphoreGive(sem1);
    note("L-after");
    idle_forever();
}
static void s_preempt(void)
{
    sem1 = xSemaphoreCreateBinary();
    xTaskCreate(lo_giver, "L", 256, NULL, 1, NULL);
    xTaskCreate(hi_waiter, "H", 256, NULL, 3, NULL);
    vTaskStartScheduler();
    vrtos_run(10 * MS);
    expect_trace("preempt", "H-wait@0 L-give@2000 H-got@2000 L-after@2000 ");
}

/* ---- isr: wake-up order and portYIELD_FROM_ISR ---- */
static QueueHandle_t q1;
static void q_reader(void *a)
{
    const char *name = (const char *)a;
    for (;;) {
        int v;
        xQueueReceive(q1, &v, portMAX_DELAY);
        char buf[32];
        snprintf(buf, sizeof buf, "%s%d", name, v);
        note(buf);
    }
}
static void busy(void *a)
{
    (void)a;
    for (;;) {
        vrtos_consume_ns(10 * MS);
        vTaskDelay(1);
    }
}
static void isr_send(int v, int yield)
{
    BaseType_t w = pdFALSE;
    vrtos_isr_enter("ETH", 5, 16 + 61);
    xQueueSendFromISR(q1, &v, &w);
    if (yield) {
        portYIELD_FROM_ISR(w);
    }
    vrtos_isr_exit();
}
static void s_isr(void)
{
    q1 = xQueueCreate(4, sizeof(int));
    xTaskCreate(q_reader, "A", 256, "A", 2, NULL);
    xTaskCreate(q_reader, "B", 256, "B", 4, NULL);
    xTaskCreate(busy, "busy", 256, NULL, 1, NULL);
    vTaskStartScheduler();
    /* t=1.5ms: two items; B (more urgent) gets the first, A the second; with the yield at once */
    vrtos_run(1500000);
    isr_send(1, 1);
    isr_send(2, 1);
    vrtos_run(2 * MS);
    /* B is woken by the first item and, being more urgent, takes the second too before A runs
     * (FreeRTOS does not hand items to woken waiters: they retry) */
    expect_trace("isr_yield_order", "B1@1500 B2@1500 ");
    /* without portYIELD_FROM_ISR the woken thread waits for the next tick (xYieldPending) */
    vrtos_run(3400000);
    isr_send(3, 0);
    vrtos_run(5 * MS);
    expect_trace("isr_no_yield_waits_for_tick", "B3@4000 ");
    /* while idle, the same */
    vrtos_run(12300000); /* busy sleeps at 11 ms after its 10 ms burst, until 12 ms */
    vrtos_run(13200000);
    isr_send(4, 1);
    vrtos_run(14 * MS);
    expect_trace("isr_yield_from_idle", "B4@13200 ");
}

/* ---- mutex: recursion, inheritance, release by a non-holder ---- */
static SemaphoreHandle_t rm, pm;
static void rec_holder(void *a)
{
    (void)a;
    xSemaphoreTakeRecursive(rm, portMAX_DELAY);
    xSemaphoreTakeRecursive(rm, portMAX_DELAY);
    xSemaphoreTakeRecursive(rm, portMAX_DELAY);
    note("R3");
    vTaskDelay(1);
    xSemaphoreGiveRecursive(rm);
    note("R2");
    xSemaphoreGiveRecursive(rm);
    note("R1");
    vTaskDelay(1);
    xSemaphoreGiveRecursive(rm);
    note("R0");
    idle_forever();
}
static void rec_other(void *a)
{
    (void)a;
    vTaskDelay(1);
    note("O-wait");
    xSemaphoreTakeRecursive(rm, portMAX_DELAY);
    note("O-got");
    xSemaphoreGiveRecursive(rm);
    idle_forever();
}
static void inv_low(void *a)
{
    (void)a;
    xSemaphoreTake(pm, portMAX_DELAY);
    note("L-lock");
    vrtos_consume_ns(3 * MS); /* H arrives and blocks on pm at 1 ms, M becomes ready at 1 ms */
    note("L-unlock");
    xSemaphoreGive(pm);
    idle_forever();
}
static void inv_med(void *a)
{
    (void)a;
    vTaskDelay(1);
    note("M-run");
    vrtos_consume_ns(5 * MS);
    note("M-done");
    idle_forever();
}
static void inv_high(void *a)
{
    (void)a;
    vTaskDelay(1);
    note("H-lock");
    xSemaphoreTake(pm, portMAX_DELAY);
    note("H-got");
    xSemaphoreGive(pm);
    idle_forever();
}
static void s_mutex(void)
{
    rm = xSemaphoreCreateRecursiveMutex();
    pm = xSemaphoreCreateMutex();
    xTaskCreate(rec_holder, "R", 256, NULL, 2, NULL);
    xTaskCreate(rec_other, "O", 256, NULL, 3, NULL);
    vTaskStartScheduler();
    vrtos_run(5 * MS);
    /* the last give wakes O, more urgent than R: it runs before R reaches its next line */
    expect_trace("mutex_recursive", "R3@0 O-wait@1000 R2@1000 R1@1000 O-got@2000 R0@2000 ");
    xTaskCreate(inv_low, "invL", 256, NULL, 5, NULL);
    xTaskCreate(inv_med, "invM", 256, NULL, 6, NULL);
    xTaskCreate(inv_high, "invH", 256, NULL, 7, NULL);
    vrtos_run(20 * MS);
    /* L inherits H's priority: M does not run before L unlocks */
    expect_trace("mutex_priority_inheritance", "L-lock@5000 H-lock@6000 L-unlock@8000 H-got@8000 M-run@8000 M-done@13000 ");
}

/* ---- queue: full, empty, timeouts, order ---- */
static QueueHandle_t q2;
static void q_user(void *a)
{
    (void)a;
    int v = 1;
    expect("queue_send1", xQueueSend(q2, &v, 0) == pdPASS);
    v = 2;
    expect("queue_send2", xQueueSend(q2, &v, 0) == pdPASS);
    v = 3;
    expect("queue_full_nowait", xQueueSend(q2, &v, 0) == errQUEUE_FULL);
    TickType_t t0 = xTaskGetTickCount();
    expect("queue_full_timeout", xQueueSend(q2, &v, 5) == errQUEUE_FULL && xTaskGetTickCount() - t0 == 5);
    expect("queue_space", uxQueueSpacesAvailable(q2) == 0 && uxQueueMessagesWaiting(q2) == 2);
    v = 0;
    int r = 0;
    xQueueReceive(q2, &r, 0);
    expect("queue_fifo", r == 1);
    v = 9;
    xQueueSendToFront(q2, &v, 0);
    xQueueReceive(q2, &r, 0);
    expect("queue_front", r == 9);
    xQueueReceive(q2, &r, 0);
    expect("queue_fifo2", r == 2);
    t0 = xTaskGetTickCount();
    expect("queue_empty_timeout", xQueueReceive(q2, &r, 7) == errQUEUE_EMPTY && xTaskGetTickCount() - t0 == 7);
    SemaphoreHandle_t cs = xSemaphoreCreateCounting(3, 1);
    expect("counting", xSemaphoreTake(cs, 0) && !xSemaphoreTake(cs, 0) && xSemaphoreGive(cs) && xSemaphoreGive(cs) &&
                           xSemaphoreGive(cs) && !xSemaphoreGive(cs) && uxSemaphoreGetCount(cs) == 3);
    t0 = xTaskGetTickCount();
    expect("notify_timeout", ulTaskNotifyTake(pdTRUE, 3) == 0 && xTaskGetTickCount() - t0 == 3);
    xTaskNotifyGive(xTaskGetCurrentTaskHandle());
    xTaskNotifyGive(xTaskGetCurrentTaskHandle());
    expect("notify_count", ulTaskNotifyTake(pdFALSE, 0) == 2 && ulTaskNotifyTake(pdTRUE, 0) == 1 && ulTaskNotifyTake(pdTRUE, 0) == 0);
    TickType_t w = xTaskGetTickCount();
    vTaskDelayUntil(&w, 10);
    expect("delay_until", xTaskGetTickCount() == w);
    vrtos_stop();
    idle_forever();
}
static void s_queue(void)
{
    q2 = xQueueCreate(2, sizeof(int));
    xTaskCreate(q_user, "Q", 512, NULL, 2, NULL);
    vTaskStartScheduler();
    vrtos_run(UINT64_MAX);
}

/* ---- time slicing between equal priorities ---- */
static void slicer(void *a)
{
    note((const char *)a);
    vrtos_consume_ns(2500000);
    char b[8];
    snprintf(b, sizeof b, "%s.", (const char *)a);
    note(b);
    idle_forever();
}
static void s_slice(void)
{
    xTaskCreate(slicer, "X", 256, "X", 2, NULL);
    xTaskCreate(slicer, "Y", 256, "Y", 2, NULL);
    vTaskStartScheduler();
    vrtos_run(10 * MS);
    expect_trace("time_slice", "X@0 Y@1000 X.@4500 Y.@5000 ");
}

/* ---- determinism: a seeded mix of tasks, queues, ISRs and CPU time ---- */
static uint64_t rng;
static uint32_t rnd(void)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(rng >> 33);
}
static QueueHandle_t dq;
static SemaphoreHandle_t dm;
static void dworker(void *a)
{
    uintptr_t id = (uintptr_t)a;
    for (;;) {
        int v;
        if (xQueueReceive(dq, &v, 1 + rnd() % 4)) {
            xSemaphoreTake(dm, portMAX_DELAY);
            vrtos_consume_ns(1000 + rnd() % 300000);
            xSemaphoreGive(dm);
        }
        if (rnd() % 5 == 0) {
            taskYIELD();
        }
        if (rnd() % 7 == id) {
            vTaskDelay(rnd() % 3);
        }
    }
}
static void s_determinism(uint64_t seed)
{
    rng = seed;
    dq = xQueueCreate(8, sizeof(int));
    dm = xSemaphoreCreateMutex();
    for (uintptr_t i = 0; i < 6; i++) {
        char n[8];
        snprintf(n, sizeof n, "w%u", (unsigned)i);
        xTaskCreate(dworker, n, 256, (void *)i, 1 + (int)(i % 3), NULL);
    }
    vTaskStartScheduler();
    uint64_t t = 0;
    for (int i = 0; i < 20000; i++) {
        t += 1000 + rnd() % 200000;
        vrtos_run(t);
        BaseType_t w = pdFALSE;
        int v = i;
        vrtos_isr_enter("ETH", 6, 77);
        xQueueSendFromISR(dq, &v, &w);
        portYIELD_FROM_ISR(w);
        vrtos_isr_exit();
    }
    printf("schedule %016llx switches %llu now %llu\n", (unsigned long long)vrtos_schedule_hash(),
           (unsigned long long)vrtos_switches(), (unsigned long long)vrtos_now_ns());
    vrtos_report(stdout);
}

/* ---- faults ---- */
static int deep(int n)
{
    volatile char buf[256];
    buf[0] = (char)n;
    return n == 0 ? buf[0] : deep(n - 1) + buf[0];
}
static void overflow_task(void *a)
{
    (void)a;
    printf("deep %d\n", deep(200)); /* ~60 KB of host stack on a 2 KB (x4) budget */
    idle_forever();
}
static void block_in_crit(void *a)
{
    (void)a;
    taskENTER_CRITICAL();
    vTaskDelay(1);
    idle_forever();
}
static void returns(void *a) { (void)a; }
static void wrong_unlock(void *a)
{
    (void)a;
    xSemaphoreGive(pm);
    idle_forever();
}
static void relock(void *a)
{
    (void)a;
    xSemaphoreTake(pm, portMAX_DELAY);
    xSemaphoreTake(pm, portMAX_DELAY);
    idle_forever();
}
static void s_fault(const char *which)
{
    pm = xSemaphoreCreateMutex();
    sem1 = xSemaphoreCreateBinary();
    if (!strcmp(which, "overflow")) {
        xTaskCreate(overflow_task, "deep", 512, NULL, 1, NULL);
    } else if (!strcmp(which, "crit")) {
        xTaskCreate(block_in_crit, "crit", 256, NULL, 1, NULL);
    } else if (!strcmp(which, "return")) {
        xTaskCreate(returns, "ret", 256, NULL, 1, NULL);
    } else if (!strcmp(which, "unlock")) {
        xTaskCreate(wrong_unlock, "unl", 256, NULL, 1, NULL);
    } else if (!strcmp(which, "relock")) {
        xTaskCreate(relock, "relock", 256, NULL, 1, NULL);
    }
    vTaskStartScheduler();
    vrtos_run(1 * MS);
    if (!strcmp(which, "isrblock")) {
        vrtos_isr_enter("ETH", 5, 77);
        xSemaphoreTake(sem1, 10);
    } else if (!strcmp(which, "isrprio")) {
        BaseType_t w;
        vrtos_isr_enter("ETH", 2, 77); /* more urgent than configLIBRARY_MAX_SYSCALL_INTERRUPT_PRIORITY 5 */
        xSemaphoreGiveFromISR(sem1, &w);
    }
    vrtos_run(10 * MS);
    printf("no fault\n");
}

int main(int argc, char **argv)
{
    const char *s = argc > 1 ? argv[1] : "";
    if (!strcmp(s, "preempt")) {
        s_preempt();
    } else if (!strcmp(s, "isr")) {
        s_isr();
    } else if (!strcmp(s, "mutex")) {
        s_mutex();
    } else if (!strcmp(s, "queue")) {
        s_queue();
    } else if (!strcmp(s, "slice")) {
        s_slice();
    } else if (!strcmp(s, "determinism")) {
        s_determinism(argc > 2 ? strtoull(argv[2], NULL, 0) : 1);
    } else if (!strncmp(s, "fault-", 6)) {
        s_fault(s + 6);
    } else {
        printf("FAIL unknown scenario %s\n", s);
        return 2;
    }
    return fails ? 1 : 0;
}
