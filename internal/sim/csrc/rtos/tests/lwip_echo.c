/*
 * tests/lwip_echo.c - lwIP with NO_SYS=0 on the virtual-time RTOS model: the real tcpip thread, the
 * board's generated RX task (lwipgen_sys.c: NAPI-style, woken from the Ethernet ISR), lwIP's
 * sys_arch for the board's RTOS API, and application threads using the netconn API:
 *  - a UDP echo server on the Ethernet netif, driven by a peer in this harness through a model MAC
 *    (an RX ring of RING frames, an RX interrupt the glue masks/unmasks, a TX-complete interrupt);
 *  - a TCP client and server over the netif's loopback, concurrently.
 * At the end every pbuf/message pool must be back at its idle count. Run by rtos_lwip_test.go.
 *
 * Usage: lwip_echo SCENARIO FRAMES
 *   ok          the traffic above, checked
 *   raw-nolock  an application thread calls the raw API (udp_new) without LOCK_TCPIP_CORE
 *   isr-lwip    the Ethernet ISR calls lwIP (netif_set_link_down)
 *   isr-input   the Ethernet ISR hands a frame to lwIP itself (ethernetif_rx_frame)
 *   irq-prio    the Ethernet IRQ runs more urgent than configLIBRARY_MAX_SYSCALL_INTERRUPT_PRIORITY
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lwip/opt.h"
#include "lwip/api.h"
#include "lwip/etharp.h"
#include "lwip/memp.h"
#include "lwip/netif.h"
#include "lwip/pbuf.h"
#include "lwip/stats.h"
#include "lwip/tcpip.h"
#include "lwip/udp.h"
#include "netif/ethernet.h"

#include "FreeRTOS.h"
#include "task.h"
#include "semphr.h"

#include "ethernetif.h"
#include "lwipgen_sys.h"

#define RING 8
#define STEP_NS 10000ull /* harness step: 10 us */
#define WINDOW 4
#define PAYLOAD 512
#define TCP_BYTES (256u * 1024u)

static const uint8_t dev_mac[6] = {0x02, 0x80, 0xe1, 0x00, 0x00, 0x01};
static const uint8_t peer_mac[6] = {0x02, 0x00, 0x00, 0x00, 0x00, 0x02};
static const uint8_t dev_ip[4] = {192, 0, 2, 1};
static const uint8_t peer_ip[4] = {192, 0, 2, 2};

static const char *scenario = "ok";
static int isr_prio = LWIPGEN_ETH_IRQ_PRIORITY;
static struct netif eth;
static volatile int net_ready, tcp_done, tcp_ok;

/* ---- model MAC ---- */
static struct {
    uint8_t data[1536];
    uint16_t len;
} ring[RING];
static unsigned rhead, rcount;
static int rx_irq_on = 1, rx_status;
static unsigned tx_pending;
static unsigned long mac_drops, rx_frames, tx_frames, nopbuf, services, isrs;

static struct {
    uint8_t data[1536];
    uint16_t len;
} txq[64];
static unsigned txn;

int ethernetif_rx_frame(struct netif *netif)
{
    if (rcount == 0) {
        return 0;
    }
    unsigned i = rhead;
    rhead = (rhead + 1) % RING;
    rcount--;
    struct pbuf *p = pbuf_alloc(PBUF_RAW, ring[i].len, PBUF_POOL);
    if (p == NULL) {
        nopbuf++;
        return 1;
    }
    pbuf_take(p, ring[i].data, ring[i].len);
    rx_frames++;
    if (netif->input(p, netif) != ERR_OK) {
        pbuf_free(p);
    }
    return 1;
}

void ethernetif_rx_irq_ack(void) { rx_status = 0; }
void ethernetif_rx_irq_mask(void) { rx_irq_on = 0; }
int ethernetif_rx_irq_unmask(void)
{
    rx_irq_on = 1;
    return rcount != 0;
}
void ethernetif_service(struct netif *netif)
{
    (void)netif;
    services++;
}

static err_t link_output(struct netif *netif, struct pbuf *p)
{
    (void)netif;
    if (txn >= 64) {
        return ERR_MEM;
    }
    txq[txn].len = (uint16_t)pbuf_copy_partial(p, txq[txn].data, sizeof txq[txn].data, 0);
    txn++;
    tx_pending++;
    tx_frames++;
    return ERR_OK;
}

static err_t fake_eth_init(struct netif *netif)
{
    netif->name[0] = 's';
    netif->name[1] = 'm';
    netif->output = etharp_output;
    netif->linkoutput = link_output;
    netif->mtu = 1500;
    netif->hwaddr_len = 6;
    memcpy(netif->hwaddr, dev_mac, 6);
    netif->flags |= NETIF_FLAG_BROADCAST | NETIF_FLAG_ETHARP | NETIF_FLAG_ETHERNET;
    /* as the generated low_level_init does: the RX task starts with the netif */
    return lwipgen_rx_task_start(netif);
}

/* The Ethernet interrupt: what the glue's HAL_ETH_RxCpltCallback / TxCpltCallback do. */
static void eth_isr(int rx, int tx)
{
    vrtos_isr_enter("ETH_IRQHandler", isr_prio, 16u + 61u);
    isrs++;
    if (!strcmp(scenario, "isr-lwip")) {
        netif_set_link_down(&eth);
    }
    if (!strcmp(scenario, "isr-input")) {
        (void)ethernetif_rx_frame(&eth);
    }
    if (rx) {
        rx_status = 1;
        if (rx_irq_on) {
            rx_irq_on = 0;
            lwipgen_rx_signal_from_isr();
        }
    }
    if (tx) {
        lwipgen_tx_signal_from_isr();
    }
    vrtos_isr_exit();
}

/* ---- the peer ---- */
static unsigned long sent, echoed, bad, lost;
static unsigned outstanding;
static int arp_state; /* 0: not asked, 1: request sent, 2: the device answered */
static uint64_t last_progress;
static unsigned long want;

static uint16_t csum(const uint8_t *p, size_t n)
{
    uint32_t s = 0;
    for (size_t i = 0; i + 1 < n; i += 2) {
        s += (uint32_t)(p[i] << 8 | p[i + 1]);
    }
    if (n & 1) {
        s += (uint32_t)(p[n - 1] << 8);
    }
    while (s >> 16) {
        s = (s & 0xffff) + (s >> 16);
    }
    return (uint16_t)~s;
}

static int inject(const uint8_t *f, uint16_t len)
{
    if (rcount == RING) {
        mac_drops++;
        return 0;
    }
    unsigned i = (rhead + rcount) % RING;
    memcpy(ring[i].data, f, len);
    ring[i].len = len < 60 ? 60 : len;
    rcount++;
    return 1;
}

static void eth_hdr(uint8_t *f, const uint8_t *dst, uint16_t type)
{
    memcpy(f, dst, 6);
    memcpy(f + 6, peer_mac, 6);
    f[12] = (uint8_t)(type >> 8);
    f[13] = (uint8_t)type;
}

static void peer_send_udp(unsigned long seq)
{
    uint8_t f[14 + 20 + 8 + PAYLOAD];
    memset(f, 0, sizeof f);
    eth_hdr(f, dev_mac, 0x0800);
    uint8_t *ip = f + 14, *udp = ip + 20;
    ip[0] = 0x45;
    uint16_t tot = 20 + 8 + PAYLOAD;
    ip[2] = (uint8_t)(tot >> 8);
    ip[3] = (uint8_t)tot;
    ip[4] = (uint8_t)(seq >> 8);
    ip[5] = (uint8_t)seq;
    ip[8] = 64;
    ip[9] = 17;
    memcpy(ip + 12, peer_ip, 4);
    memcpy(ip + 16, dev_ip, 4);
    uint16_t c = csum(ip, 20);
    ip[10] = (uint8_t)(c >> 8);
    ip[11] = (uint8_t)c;
    udp[0] = 0x30;
    udp[1] = 0x39; /* port 12345 */
    udp[2] = 0;
    udp[3] = 7;
    udp[4] = (uint8_t)((8 + PAYLOAD) >> 8);
    udp[5] = (uint8_t)(8 + PAYLOAD);
    for (int i = 0; i < 4; i++) {
        udp[8 + i] = (uint8_t)(seq >> (24 - 8 * i));
    }
    for (int i = 4; i < PAYLOAD; i++) {
        udp[8 + i] = (uint8_t)(seq + (unsigned long)i);
    }
    if (inject(f, sizeof f)) {
        sent++;
        outstanding++;
    }
}

static void peer_receive(const uint8_t *f, uint16_t len)
{
    uint16_t type = (uint16_t)(f[12] << 8 | f[13]);
    if (type == 0x0806 && len >= 42 && f[21] == 1 && !memcmp(f + 38, peer_ip, 4)) {
        uint8_t r[42];
        eth_hdr(r, f + 6, 0x0806);
        memcpy(r + 14, f + 14, 6);
        r[20] = 0;
        r[21] = 2;
        memcpy(r + 22, peer_mac, 6);
        memcpy(r + 28, peer_ip, 4);
        memcpy(r + 32, f + 22, 6);
        memcpy(r + 38, f + 28, 4);
        inject(r, sizeof r);
        return;
    }
    if (type == 0x0806 && len >= 42 && f[21] == 2 && !memcmp(f + 28, dev_ip, 4)) {
        arp_state = 2; /* the device knows the peer now (lwIP learns from requests for its address) */
        return;
    }
    if (type == 0x0800 && len >= 14 + 20 + 8 + PAYLOAD && f[14 + 9] == 17) {
        const uint8_t *udp = f + 14 + 20;
        unsigned long seq = (unsigned long)udp[8] << 24 | (unsigned long)udp[9] << 16 | (unsigned long)udp[10] << 8 | udp[11];
        int okp = udp[0] == 0 && udp[1] == 7;
        for (int i = 4; okp && i < PAYLOAD; i++) {
            okp = udp[8 + i] == (uint8_t)(seq + (unsigned long)i);
        }
        if (!okp) {
            bad++;
        }
        echoed++;
        if (outstanding) {
            outstanding--;
        }
    }
}

static void harness_step(uint64_t now)
{
    unsigned n = txn;
    for (unsigned i = 0; i < n; i++) {
        peer_receive(txq[i].data, txq[i].len);
    }
    txn = 0;
    if (n) {
        last_progress = now;
    }
    unsigned before = rcount;
    if (net_ready && arp_state == 0) {
        /* The peer asks first, as a host does: lwIP's ARP keeps one queued packet per unresolved
         * address (ARP_QUEUEING 0), so a window of echoes before the device knows the peer would
         * lose all but the last one. */
        uint8_t r[42];
        static const uint8_t bcast[6] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
        eth_hdr(r, bcast, 0x0806);
        static const uint8_t arp_hdr[8] = {0, 1, 8, 0, 6, 4, 0, 1};
        memcpy(r + 14, arp_hdr, 8);
        memcpy(r + 22, peer_mac, 6);
        memcpy(r + 28, peer_ip, 4);
        memset(r + 32, 0, 6);
        memcpy(r + 38, dev_ip, 4);
        if (inject(r, sizeof r)) {
            arp_state = 1;
        }
    }
    while (arp_state == 2 && outstanding < WINDOW && sent < want && rcount < RING) {
        peer_send_udp(sent);
    }
    if (outstanding && now - last_progress > 50000000ull) { /* 50 ms without an echo: count the rest lost */
        lost += outstanding;
        outstanding = 0;
        last_progress = now;
    }
    int tx = tx_pending != 0;
    tx_pending = 0;
    if (rcount > before || tx || (rcount && rx_irq_on)) {
        eth_isr(rcount > before || (rcount && rx_irq_on), tx);
    }
}

/* ---- application threads ---- */
static void udp_echo(void *arg)
{
    (void)arg;
    struct netconn *c = netconn_new(NETCONN_UDP);
    netconn_bind(c, IP_ADDR_ANY, 7);
    for (;;) {
        struct netbuf *b;
        if (netconn_recv(c, &b) != ERR_OK) {
            continue;
        }
        netconn_sendto(c, b, netbuf_fromaddr(b), netbuf_fromport(b));
        netbuf_delete(b);
    }
}

static void tcp_server(void *arg)
{
    (void)arg;
    struct netconn *l = netconn_new(NETCONN_TCP), *c;
    netconn_bind(l, IP_ADDR_ANY, 7000);
    netconn_listen(l);
    for (;;) {
        if (netconn_accept(l, &c) != ERR_OK) {
            continue;
        }
        struct netbuf *b;
        while (netconn_recv(c, &b) == ERR_OK) {
            do {
                void *d;
                u16_t len;
                netbuf_data(b, &d, &len);
                netconn_write(c, d, len, NETCONN_COPY);
            } while (netbuf_next(b) >= 0);
            netbuf_delete(b);
        }
        netconn_close(c);
        netconn_delete(c);
    }
}

static void tcp_client(void *arg)
{
    (void)arg;
    while (!net_ready) {
        vTaskDelay(1);
    }
    struct netconn *c = netconn_new(NETCONN_TCP);
    ip_addr_t dst;
    IP4_ADDR(ip_2_ip4(&dst), dev_ip[0], dev_ip[1], dev_ip[2], dev_ip[3]);
    if (netconn_connect(c, &dst, 7000) != ERR_OK) {
        printf("FAIL tcp connect\n");
        tcp_done = 1;
        vTaskDelete(NULL);
    }
    static uint8_t chunk[1000];
    unsigned out = 0, in = 0, okd = 1;
    while (in < TCP_BYTES) {
        if (out < TCP_BYTES) {
            unsigned n = TCP_BYTES - out < sizeof chunk ? TCP_BYTES - out : (unsigned)sizeof chunk;
            for (unsigned i = 0; i < n; i++) {
                chunk[i] = (uint8_t)((out + i) * 7u);
            }
            if (netconn_write(c, chunk, n, NETCONN_COPY) != ERR_OK) {
                okd = 0;
                break;
            }
            out += n;
        }
        struct netbuf *b;
        while (in < out && netconn_recv(c, &b) == ERR_OK) {
            do {
                void *d;
                u16_t len;
                netbuf_data(b, &d, &len);
                for (u16_t i = 0; i < len; i++) {
                    if (((uint8_t *)d)[i] != (uint8_t)((in + i) * 7u)) {
                        okd = 0;
                    }
                }
                in += len;
            } while (netbuf_next(b) >= 0);
            netbuf_delete(b);
            if (out < TCP_BYTES) {
                break;
            }
        }
    }
    netconn_close(c);
    netconn_delete(c);
    tcp_ok = okd && in == TCP_BYTES;
    tcp_done = 1;
    vTaskDelete(NULL);
}

static void raw_nolock(void *arg)
{
    (void)arg;
    while (!net_ready) {
        vTaskDelay(1);
    }
    struct udp_pcb *p = udp_new(); /* the bug: no LOCK_TCPIP_CORE() */
    (void)p;
    for (;;) {
        vTaskDelay(100);
    }
}

static void app_main(void *arg)
{
    (void)arg;
    tcpip_init(NULL, NULL);
    ip4_addr_t a, m, g;
    IP4_ADDR(&a, dev_ip[0], dev_ip[1], dev_ip[2], dev_ip[3]);
    IP4_ADDR(&m, 255, 255, 255, 0);
    IP4_ADDR(&g, 0, 0, 0, 0);
    LOCK_TCPIP_CORE();
    netif_add(&eth, &a, &m, &g, NULL, fake_eth_init, tcpip_input);
    netif_set_default(&eth);
    netif_set_up(&eth);
    netif_set_link_up(&eth);
    UNLOCK_TCPIP_CORE();
    xTaskCreate(udp_echo, "udp_echo", 512, NULL, 20, NULL);
    if (!strcmp(scenario, "raw-nolock")) {
        xTaskCreate(raw_nolock, "app", 512, NULL, 20, NULL);
    } else {
        xTaskCreate(tcp_server, "tcp_server", 512, NULL, 18, NULL);
        xTaskCreate(tcp_client, "tcp_client", 512, NULL, 16, NULL);
    }
    net_ready = 1;
    vTaskDelete(NULL);
}

static uint32_t seed = 1;
u32_t vrtos_test_rand(void)
{
    seed ^= seed << 13;
    seed ^= seed >> 17;
    seed ^= seed << 5;
    return seed;
}

/* Pool names by index, from lwIP's own pool list (memp_std.h). */
static const char *const pool_names[] = {
#define LWIP_MEMPOOL(name, num, size, desc) #name,
#include "lwip/priv/memp_std.h"
};

static int pools_idle(void)
{
    int idle = 1;
    for (int i = 0; i < MEMP_MAX; i++) {
        const struct stats_mem *s = lwip_stats.memp[i];
        if (s == NULL) {
            continue;
        }
        /* pools that hold buffers or messages in flight must be empty; PCBs and netconns are state */
        int transient = i == MEMP_PBUF_POOL || i == MEMP_PBUF || i == MEMP_TCPIP_MSG_INPKT || i == MEMP_TCPIP_MSG_API ||
                        i == MEMP_NETBUF || i == MEMP_TCP_SEG;
        printf("pool %-16s used %3u max %3u avail %3u%s\n", pool_names[i], (unsigned)s->used, (unsigned)s->max,
               (unsigned)s->avail, transient && s->used ? "  <- not idle" : "");
        if (transient && s->used) {
            idle = 0;
        }
        if (s->err) {
            printf("pool %s: %u allocation failures\n", pool_names[i], (unsigned)s->err);
        }
    }
    printf("heap used %u max %u\n", (unsigned)lwip_stats.mem.used, (unsigned)lwip_stats.mem.max);
    return idle;
}

int main(int argc, char **argv)
{
    scenario = argc > 1 ? argv[1] : "ok";
    want = argc > 2 ? strtoul(argv[2], NULL, 10) : 10000;
    if (!strcmp(scenario, "irq-prio")) {
        isr_prio = configLIBRARY_MAX_SYSCALL_INTERRUPT_PRIORITY - 2;
    }
    /* CubeMX's main(): the kernel, one start-up task, the scheduler */
    xTaskCreate(app_main, "defaultTask", 1024, NULL, 24, NULL);
    vTaskStartScheduler();
    uint64_t t = 0, end = 0;
    while (t < 600ull * 1000000000ull) {
        t += STEP_NS;
        vrtos_run(t);
        harness_step(t);
        if (echoed + lost >= want && tcp_done) {
            if (end == 0) {
                end = t + 500000000ull; /* 500 ms to settle: delayed ACKs, last frees */
            } else if (t >= end) {
                break;
            }
        }
    }
    int idle = pools_idle();
    printf("udp sent %lu echoed %lu bad %lu lost %lu mac_drops %lu nopbuf %lu\n", sent, echoed, bad, lost, mac_drops, nopbuf);
    printf("frames rx %lu tx %lu isrs %lu services %lu\n", rx_frames, tx_frames, isrs, services);
    printf("tcp done %d ok %d\n", tcp_done, tcp_ok);
    vrtos_report(stdout);
    int okall = 1;
#define CHECK(name, cond)                 \
    do {                                  \
        if (cond) {                       \
            printf("ok %s\n", name);      \
        } else {                          \
            printf("FAIL %s\n", name);    \
            okall = 0;                    \
        }                                 \
    } while (0)
    CHECK("udp_echo_all", echoed == want && lost == 0 && bad == 0);
    CHECK("tcp_loopback", tcp_done && tcp_ok);
    CHECK("pools_idle", idle);
    CHECK("rx_task_ran", services > 0);
    return okall ? 0 : 1;
}
