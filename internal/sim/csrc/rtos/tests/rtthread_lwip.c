/*
 * tests/rtthread_lwip.c - lwIP's tcpip thread and netconn API on the RT-Thread model, with the
 * configuration lwipgen generates for an RT-Thread board (the port's lwipopts.h over rtconfig.h and
 * rtconfig_project.h), run by internal/sim/rtos_rtthread_test.go.
 * Usage: rtthread_lwip echo | nolock. Prints "ok NAME" per check and "done"; faults exit 70.
 *
 * Start-up is RT-Thread's (components.c): lwip_system_init (INIT_PREV_EXPORT, sys_arch_rtthread.c)
 * runs tcpip_init in the main thread; main() then starts the application threads, at RT-Thread
 * priorities as an application on the board would pick them (below tcpip's).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lwip/opt.h"
#include "lwip/api.h"
#include "lwip/memp.h"
#include "lwip/stats.h"
#include "lwip/tcpip.h"
#include "lwip/udp.h"

#include "rtthread.h"

#define MS 1000000ull
#define ECHO_BYTES (256u * 1024u)

static int fails, done_threads;
static unsigned int rnd = 12345;
unsigned int vrtos_test_rand(void)
{
    rnd = rnd * 1103515245u + 12345u;
    return rnd >> 8;
}
static void expect(const char *name, int cond)
{
    printf("%s %s\n", cond ? "ok" : "FAIL", name);
    fails += !cond;
}

static u16_t memp_used[MEMP_MAX];
static void snapshot(u16_t *out)
{
    for (int i = 0; i < MEMP_MAX; i++) {
        out[i] = memp_pools[i]->stats->used;
    }
}

/* ---- TCP echo over the loopback netif: server and client threads ---- */
static void tcp_server(void *a)
{
    (void)a;
    struct netconn *l = netconn_new(NETCONN_TCP), *c = NULL;
    netconn_bind(l, IP4_ADDR_ANY, 7);
    netconn_listen(l);
    if (netconn_accept(l, &c) != ERR_OK) {
        expect("accept", 0);
        return;
    }
    struct netbuf *nb;
    while (netconn_recv(c, &nb) == ERR_OK) {
        do {
            void *data;
            u16_t len;
            netbuf_data(nb, &data, &len);
            netconn_write(c, data, len, NETCONN_COPY);
        } while (netbuf_next(nb) >= 0);
        netbuf_delete(nb);
    }
    netconn_close(c);
    netconn_delete(c);
    netconn_close(l);
    netconn_delete(l);
    done_threads++;
}

static uint8_t pattern(uint32_t i) { return (uint8_t)(i * 7u + (i >> 8)); }

static void tcp_client(void *a)
{
    (void)a;
    rt_thread_mdelay(10);
    struct netconn *c = netconn_new(NETCONN_TCP);
    ip_addr_t lo;
    IP_ADDR4(&lo, 127, 0, 0, 1);
    expect("connect", netconn_connect(c, &lo, 7) == ERR_OK);
    static uint8_t chunk[1460];
    uint32_t sent = 0, got = 0, bad = 0;
    while (got < ECHO_BYTES) {
        if (sent < ECHO_BYTES) {
            uint32_t n = ECHO_BYTES - sent < sizeof chunk ? ECHO_BYTES - sent : sizeof chunk;
            for (uint32_t i = 0; i < n; i++) {
                chunk[i] = pattern(sent + i);
            }
            if (netconn_write(c, chunk, n, NETCONN_COPY) != ERR_OK) {
                break;
            }
            sent += n;
        }
        struct netbuf *nb;
        if (netconn_recv(c, &nb) != ERR_OK) {
            break;
        }
        do {
            void *data;
            u16_t len;
            netbuf_data(nb, &data, &len);
            for (u16_t i = 0; i < len; i++) {
                bad += ((uint8_t *)data)[i] != pattern(got + i);
            }
            got += len;
        } while (netbuf_next(nb) >= 0);
        netbuf_delete(nb);
    }
    expect("tcp_echo_bytes", got == ECHO_BYTES && bad == 0);
    printf("tcp echoed %u bytes at t=%.3f ms\n", got, (double)vrtos_now_ns() / 1e6);
    netconn_close(c);
    netconn_delete(c);
    done_threads++;
}

/* ---- the raw API from an application thread without LOCK_TCPIP_CORE: the model's check ---- */
static void raw_nolock(void *a)
{
    (void)a;
    (void)udp_new();
}

static const char *scenario;
static int app_main(void)
{
    rt_thread_t tcpip = rt_thread_find(TCPIP_THREAD_NAME);
    expect("tcpip_started_by_lwip_system_init", tcpip != RT_NULL);
    if (tcpip) {
        expect("tcpip_priority_from_rtconfig", tcpip->init_priority == TCPIP_THREAD_PRIO && TCPIP_THREAD_PRIO == RT_LWIP_TCPTHREAD_PRIORITY);
        expect("tcpip_stack_from_rtconfig", tcpip->stack_size == TCPIP_THREAD_STACKSIZE &&
                                                vrtos_stack_budget_host(tcpip->vt) == (size_t)TCPIP_THREAD_STACKSIZE * VRTOS_STACK_SCALE);
    }
    if (strcmp(scenario, "nolock") == 0) {
        rt_thread_startup(rt_thread_create("app", raw_nolock, RT_NULL, 2048, 20, 10));
        return 0;
    }
    snapshot(memp_used);
    rt_thread_startup(rt_thread_create("tcpsrv", tcp_server, RT_NULL, 2048, 18, 10));
    rt_thread_startup(rt_thread_create("tcpcli", tcp_client, RT_NULL, 2048, 20, 10));
    return 0;
}

int main(int argc, char **argv)
{
    scenario = argc > 1 ? argv[1] : "echo";
    vrtt_startup(app_main);
    uint64_t t = 0;
    while (done_threads < 2 && t < 60000 * MS) {
        t += 10 * MS;
        vrtos_run(t);
    }
    expect("threads_done", done_threads == 2);
    /* TIME_WAIT and the delayed ACK timers: 2 x TCP_MSL later every pool is back where it was */
    vrtos_run(t + 130000 * MS);
    u16_t now[MEMP_MAX];
    snapshot(now);
    int leaks = 0;
    for (int i = 0; i < MEMP_MAX; i++) {
        if (now[i] != memp_used[i]) {
            printf("leak: %s %u in use, %u before\n", memp_pools[i]->desc, now[i], memp_used[i]);
            leaks++;
        }
    }
    expect("pools_idle", leaks == 0);
    printf("vrtos switches %llu schedule %016llx\n", (unsigned long long)vrtos_switches(), (unsigned long long)vrtos_schedule_hash());
    printf("%s\n", fails ? "FAIL" : "done");
    return fails ? 1 : 0;
}
