/*
 * tests/rtthread_eth.c - RT-Thread's eth_device path on the model (ethernetif_rtthread.c): a driver
 * registered at INIT_DEVICE_EXPORT as drv_eth.c does, its RX interrupt calling eth_device_ready, erx
 * copying frames into PBUF_RAM pbufs (the ART-Pi drv_eth.c's eth_rx) and handing them to tcpip_input,
 * linkoutput blocking the tcpip thread until etx sent the frame. The wire's far end is a responder
 * in this harness (ARP replies, UDP echo on port 7 by swapping addresses: the checksums stay valid).
 * Run by internal/sim/rtos_rtthread_test.go. Usage: rtthread_eth [isr-rx]. Prints "ok NAME", "done".
 * isr-rx is a broken driver: it copies the frame into a pbuf inside the RX interrupt (instead of in
 * erx's eth_rx), which the model stops at lwIP's heap mutex.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lwip/opt.h"
#include "lwip/api.h"
#include "lwip/dhcp.h"
#include "lwip/memp.h"
#include "lwip/netifapi.h"
#include "lwip/stats.h"
#include "lwip/tcpip.h"
#include "netif/ethernetif.h"

#include "rtthread.h"

#define US 1000ull
#define MS 1000000ull
#define ECHOES 2000

static int fails, done;
static unsigned int rnd = 777;
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

/* ---- the fake MAC: RX ring filled by the wire, TX frames to the responder ---- */
#define RING 16
static uint8_t rx_frame[RING][1536];
static uint32_t rx_len[RING], rx_head, rx_tail, rx_overrun;
static uint8_t out_frame[RING][1536];
static uint32_t out_len[RING], out_n;
static const uint8_t dev_mac[6] = {0x02, 0x80, 0xe1, 0x00, 0x03, 0x01}, peer_mac[6] = {0x02, 0, 0, 0, 0, 0x01};
static const uint8_t peer_ip[4] = {10, 0, 0, 1};
static struct eth_device e0;

static struct pbuf *fake_rx(rt_device_t dev)
{
    (void)dev;
    rt_base_t level = rt_hw_interrupt_disable();
    if (rx_tail == rx_head) {
        rt_hw_interrupt_enable(level);
        return NULL;
    }
    uint32_t i = rx_tail % RING;
    rt_hw_interrupt_enable(level);
    struct pbuf *p = pbuf_alloc(PBUF_RAW, (u16_t)rx_len[i], PBUF_RAM); /* drv_eth.c: a copy into the heap */
    if (p) {
        pbuf_take(p, rx_frame[i], (u16_t)rx_len[i]);
    }
    level = rt_hw_interrupt_disable();
    rx_tail++;
    rt_hw_interrupt_enable(level);
    return p;
}

/* The far end: answers ARP for peer_ip and echoes UDP to port 7; the rest (DHCP) it ignores. */
static void respond(const uint8_t *f, uint32_t len)
{
    if (out_n >= RING) {
        return;
    }
    uint8_t *o = out_frame[out_n];
    if (len >= 42 && f[12] == 0x08 && f[13] == 0x06 && f[21] == 1 && memcmp(f + 38, peer_ip, 4) == 0) {
        memcpy(o, f + 6, 6);
        memcpy(o + 6, peer_mac, 6);
        memcpy(o + 12, f + 12, 8);
        o[21] = 2;
        memcpy(o + 22, peer_mac, 6);
        memcpy(o + 28, peer_ip, 4);
        memcpy(o + 32, f + 22, 10);
        out_len[out_n++] = 42;
        return;
    }
    if (len >= 42 && f[12] == 0x08 && f[13] == 0x00 && f[23] == 17 && memcmp(f + 30, peer_ip, 4) == 0 && f[36] == 0 && f[37] == 7) {
        memcpy(o, f, len);
        memcpy(o, f + 6, 6);
        memcpy(o + 6, f, 6);
        memcpy(o + 26, f + 30, 4);
        memcpy(o + 30, f + 26, 4);
        memcpy(o + 34, f + 36, 2);
        memcpy(o + 36, f + 34, 2);
        out_len[out_n++] = len;
    }
}

static rt_err_t fake_tx(rt_device_t dev, struct pbuf *p)
{
    (void)dev;
    static uint8_t f[1536]; /* not on etx's 1024-byte stack (the model's stack check caught it) */
    u16_t n = pbuf_copy_partial(p, f, sizeof f, 0);
    respond(f, n);
    return RT_EOK;
}
static rt_err_t fake_control(rt_device_t dev, int cmd, void *args)
{
    (void)dev;
    if (cmd == NIOCTL_GADDR) {
        memcpy(args, dev_mac, 6);
    }
    return RT_EOK;
}

/* drv_eth.c's registration: INIT_DEVICE_EXPORT, after lwip_system_init (INIT_PREV_EXPORT) */
static int fake_eth_init(void)
{
    e0.parent.control = fake_control;
    e0.eth_rx = fake_rx;
    e0.eth_tx = fake_tx;
    expect("eth_device_init", eth_device_init_with_flag(&e0, "e0", NETIF_FLAG_BROADCAST | NETIF_FLAG_ETHARP | ETHIF_LINK_PHYUP) == RT_EOK);
    return 0;
}
INIT_DEVICE_EXPORT(fake_eth_init);

/* the wire: frames of the responder reach the MAC; one interrupt per frame, as the ETH RX interrupt */
static int isr_rx; /* the broken driver of the isr-rx scenario */
static void wire_deliver(void)
{
    for (uint32_t k = 0; k < out_n; k++) {
        if (rx_head - rx_tail >= RING) {
            rx_overrun++;
            continue;
        }
        memcpy(rx_frame[rx_head % RING], out_frame[k], out_len[k]);
        rx_len[rx_head % RING] = out_len[k];
        rx_head++;
        vrtos_isr_enter("ETH_IRQHandler", 0, 16 + 61);
        rt_interrupt_enter();
        if (isr_rx) {
            struct pbuf *p = fake_rx(&e0.parent); /* lwIP's heap from the interrupt */
            if (p) {
                pbuf_free(p);
            }
        }
        eth_device_ready(&e0);
        rt_interrupt_leave();
        vrtos_isr_exit();
    }
    out_n = 0;
}

/* ---- the application ---- */
static u16_t pools_before[MEMP_MAX];
static mem_size_t heap_before;
static void udp_client(void *a)
{
    (void)a;
    struct netconn *c = netconn_new(NETCONN_UDP);
    ip_addr_t peer;
    IP_ADDR4(&peer, 10, 0, 0, 1);
    netconn_set_recvtimeout(c, 100);
    static uint8_t buf[1472];
    int good = 0;
    for (int i = 0; i < ECHOES; i++) {
        u16_t len = (u16_t)(18 + (i * 37) % (sizeof buf - 18));
        for (u16_t k = 0; k < len; k++) {
            buf[k] = (uint8_t)(i + k);
        }
        struct netbuf *nb = netbuf_new();
        netbuf_ref(nb, buf, len);
        netconn_sendto(c, nb, &peer, 7);
        netbuf_delete(nb);
        struct netbuf *in;
        if (netconn_recv(c, &in) != ERR_OK) {
            continue;
        }
        static uint8_t got[1472];
        u16_t n = netbuf_copy(in, got, sizeof got);
        good += n == len && memcmp(got, buf, len) == 0;
        netbuf_delete(in);
    }
    printf("udp echoes %d of %d at t=%.3f ms\n", good, ECHOES, (double)vrtos_now_ns() / 1e6);
    expect("udp_echoes", good == ECHOES);
    netconn_delete(c);
    done = 1;
}

const char *vrtt_bsp_trace(void);
static int app_main(void)
{
    /* lwipgen_rtthread.c's INIT_BOARD_EXPORT ran before the scheduler: clock, cache, MPU in that order */
    expect("board_init_generated", strcmp(vrtt_bsp_trace(), "clock:D2SRAM1 dcache mpu") == 0);
    printf("board init: %s\n", vrtt_bsp_trace());
    rt_thread_t erx = rt_thread_find("erx"), etx = rt_thread_find("etx"), tcpip = rt_thread_find(TCPIP_THREAD_NAME);
    expect("erx_etx_started", erx && etx && tcpip);
    if (erx && etx && tcpip) {
        expect("eth_threads_from_rtconfig", erx->init_priority == RT_LWIP_ETHTHREAD_PRIORITY && etx->init_priority == RT_LWIP_ETHTHREAD_PRIORITY &&
                                                erx->stack_size == RT_LWIP_ETHTHREAD_STACKSIZE);
    }
    expect("netif_registered", e0.netif != NULL && netif_default == e0.netif && netif_is_link_up(e0.netif));
    /* the board would get its address by DHCP (RT_LWIP_DHCP); the harness's far end has no server */
    ip4_addr_t ip, mask, gw;
    IP4_ADDR(&ip, 10, 0, 0, 2);
    IP4_ADDR(&mask, 255, 255, 255, 0);
    IP4_ADDR(&gw, 10, 0, 0, 1);
#if LWIP_DHCP
    netifapi_dhcp_release_and_stop(e0.netif);
#endif
    netifapi_netif_set_addr(e0.netif, &ip, &mask, &gw);
    for (int i = 0; i < MEMP_MAX; i++) {
        pools_before[i] = memp_pools[i]->stats->used;
    }
    heap_before = lwip_stats.mem.used;
    rt_thread_startup(rt_thread_create("udpcli", udp_client, RT_NULL, 2048, 20, 10));
    return 0;
}

int main(int argc, char **argv)
{
    isr_rx = argc > 1 && strcmp(argv[1], "isr-rx") == 0;
    vrtt_startup(app_main);
    uint64_t t = 0;
    while (!done && t < 600000 * MS) {
        t += 50 * US; /* the wire's latency */
        vrtos_run(t);
        wire_deliver();
    }
    expect("done", done);
    for (int i = 0; i < 200; i++) { /* the last frames, then idle */
        t += 10 * MS;
        vrtos_run(t);
        wire_deliver();
    }
    int leaks = 0;
    for (int i = 0; i < MEMP_MAX; i++) {
        if (memp_pools[i]->stats->used != pools_before[i]) {
            printf("leak: %s %u in use, %u before\n", memp_pools[i]->desc, memp_pools[i]->stats->used, pools_before[i]);
            leaks++;
        }
    }
    expect("pools_idle", leaks == 0);
    expect("heap_idle", lwip_stats.mem.used == heap_before);
    unsigned long full, dropped, tx;
    vrtt_eth_stats(&full, &dropped, &tx);
    expect("every_echo_went_through_etx", tx >= ECHOES);
    printf("eth rx_mb_full %lu rx_input_dropped %lu tx %lu overrun %u\n", full, dropped, tx, rx_overrun);
    printf("vrtos switches %llu schedule %016llx\n", (unsigned long long)vrtos_switches(), (unsigned long long)vrtos_schedule_hash());
    printf("%s\n", fails ? "FAIL" : "done");
    return fails ? 1 : 0;
}
