/*
 * board_rtos_common.c - what every FreeRTOS board file of the simulator's device node shares
 * (board_cubemx_rtos.c, board_gd32_rtos.c): the application thread the simulator's workload runs
 * in and the RTOS counters of the report (the mask and the loop pass: board_vrtos_loop.c). The board
 * files keep what differs per vendor project shape: the start-up order, the interrupt names and
 * priorities, and how lwIP is brought up. Compiled with the board file for an RTOS device
 * (build.go). lwipgen's own code.
 */
#include <stdio.h>

#include "lwip/tcpip.h"
#include "devhost.h"
#include "board_rtos_common.h"
#include "vrtos.h"

#include "FreeRTOS.h"
#include "task.h"
#include "queue.h"

/* ---- the application thread the simulator's workload runs in ---- */
struct app_req {
    void (*fn)(void *);
    void *arg;
};
static QueueHandle_t appq;

static void sim_app(void *arg)
{
    (void)arg;
    for (;;) {
        struct app_req r;
        if (xQueueReceive(appq, &r, portMAX_DELAY) == pdPASS) {
            LOCK_TCPIP_CORE();
            r.fn(r.arg);
            UNLOCK_TCPIP_CORE();
        }
    }
}

void board_rtos_app_create(UBaseType_t prio)
{
    appq = xQueueCreate(16, sizeof(struct app_req));
    (void)xTaskCreate(sim_app, "sim_app", 1024, NULL, prio, NULL);
}

/* Runs fn(arg) in the application thread, holding the core lock, before returning (the harness
 * context cannot take the lock: it is not a thread). */
void sim_rtos_call(void (*fn)(void *), void *arg)
{
    struct app_req r = {fn, arg};
    if (xQueueSend(appq, &r, 0) != pdPASS) {
        vrtos_fault("sim: the application request queue is full");
    }
    (void)vrtos_run(dev_now_ns);
}

/* The RTOS model's counters for the report's driver counters: switches, the schedule hash (two runs
 * with the same inputs give the same), and per thread the host stack bytes used of its budget and
 * the target-equivalent bytes never used (uxTaskGetStackHighWaterMark x 4). */
void board_stats(void (*kv)(const char *key, uint64_t v))
{
    char key[64];
    kv("rtos_switches", vrtos_switches());
    kv("rtos_schedule_hash_low32", vrtos_schedule_hash() & 0xffffffffu);
    for (int i = 0; vrtos_thread_at(i) != NULL; i++) {
        vrtos_thread_t *t = vrtos_thread_at(i);
        snprintf(key, sizeof key, "rtos_stack_host_used_%s", vrtos_thread_name(t));
        kv(key, vrtos_stack_used_host(t));
        snprintf(key, sizeof key, "rtos_stack_unused_%s", vrtos_thread_name(t));
        kv(key, vrtos_stack_unused(t));
    }
}
