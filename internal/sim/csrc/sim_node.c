/*
 * sim_node.c - one simulated network node for lwipgen's host-side simulator.
 *
 * This file is lwipgen's own code, not lwIP's. It is linked against the real
 * lwIP 2.1.3 core (compiled with the configuration under test) and provides:
 *
 *  - the NO_SYS port: sys_now() reads the node's *virtual* clock, LWIP_RAND
 *    a seeded PRNG; there is no wall clock anywhere;
 *  - the peer's NIC: an RX ring with its own buffers copied into PBUF_POOL and a
 *    TX ring that drains at line rate (the MAC is the serializer of the
 *    point-to-point link; a full ring makes the CPU wait). A device runs its
 *    board's generated driver on a driver model instead (SIM_DEVICE_GLUE,
 *    devhost.c, model_*.c; zynq7035 the Xilinx adapter model on the GEM
 *    model, h743-rtthread RT-Thread's port and the BSP driver's model); no
 *    device runs on this NIC (a board without a driver model is refused);
 *  - the workload application on the raw TCP API (bulk source/sink,
 *    request/response server/client) and counters.
 *
 * The scheduler (Go, internal/sim) drives two of these processes - the device
 * and the peer - over stdin/stdout with a small binary protocol, one command
 * at a time, in global virtual-time order.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lwip/init.h"
#include "lwip/def.h"
#include "lwip/etharp.h"
#include "lwip/ip4_addr.h"
#include "lwip/mem.h"
#include "lwip/memp.h"
#include "lwip/netif.h"
#include "lwip/pbuf.h"
#include "lwip/stats.h"
#include "lwip/tcp.h"
#include "lwip/timeouts.h"
#include "netif/ethernet.h"

#if !NO_SYS && !SIM_RTOS
#error "the simulation port needs NO_SYS=1 (see the sim overrides header)"
#endif
#if !LWIP_STATS || !MEMP_STATS || !MEM_STATS
#error "the simulation port needs LWIP_STATS, MEMP_STATS and MEM_STATS"
#endif

/* ---------------------------------------------------------------- protocol */
enum { OP_STEP = 1, OP_LISTEN = 2, OP_CONNECT = 3, OP_MODE = 4, OP_STATS = 5, OP_QUIT = 6, OP_FAULT = 7, OP_CONNS = 8 };
enum { REC_FRAME = 1, REC_TEXT = 2, REC_DONE = 3 };

struct cmd {
  uint32_t op, a;
  uint64_t t;
  uint32_t b, len;
};

/* The scheduler's pipe. A device node moves it off file descriptor 1 so that anything the code under
 * test prints (the mps2 firmware's console) goes to stderr instead of into the protocol. */
static FILE *proto;

static void out_rec(uint32_t type, uint64_t t, const void *data, uint32_t len)
{
  uint32_t h[2] = {type, len};
  fwrite(h, sizeof h, 1, proto);
  fwrite(&t, sizeof t, 1, proto);
  if (len) {
    fwrite(data, 1, len, proto);
  }
}

static char *text;
static size_t text_len, text_cap;
static void tprintf(const char *fmt, ...)
{
  va_list ap;
  int n;
  for (;;) {
    va_start(ap, fmt);
    n = vsnprintf(text + text_len, text_cap - text_len, fmt, ap);
    va_end(ap);
    if (n >= 0 && (size_t)n < text_cap - text_len) {
      text_len += (size_t)n;
      return;
    }
    text_cap = text_cap * 2 + (size_t)n + 1024;
    text = realloc(text, text_cap);
    if (!text) {
      abort();
    }
  }
}

/* ------------------------------------------------------------ port: time */
#if SIM_DEVICE_GLUE
/* The device runs the board's generated glue: time, interrupts and the NIC are devhost.c and the
 * driver model's; sys_now() is the glue's (HAL_GetTick / SysTick counter). */
#include "devhost.h"
#define now_ns dev_now_ns
#define cpu_ns dev_cpu_ns
extern uint64_t dev_cpu_rx_frame_ns, dev_cpu_tx_frame_ns, dev_cpu_rx_byte_ps, dev_cpu_tx_byte_ps, dev_rate_bps, dev_cpu_busy_ns;
extern uint64_t dev_tx_lost_link, dev_loop_passes;
extern uint64_t dev_cpu_tmr_pass_ns, dev_cpu_tmr_pcb_ns, dev_tcp_tmr_passes, dev_tcp_tmr_busy_ns;
void dev_run_due(void);
uint64_t dev_next_event(void);
void dev_set_link(int up);
int dev_checks_json(char *buf, size_t cap);
int sim_app_stalled;
#else
static uint64_t now_ns; /* global time of the current command */
static uint64_t cpu_ns; /* the node's CPU is busy until; its local clock */

u32_t sys_now(void) { return (u32_t)(cpu_ns / 1000000u); }
#endif

void sim_diag(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
}

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
unsigned int sim_rand(void)
{
  /* xorshift64*: deterministic for a given seed */
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return (unsigned int)((rng_state * 0x2545F4914F6CDD1Dull) >> 32);
}

/* ------------------------------------------------------------- parameters */
static int role_device;
static int rx_desc = 1024, rx_buf_size = 1536, tx_desc = 128;
static uint64_t rate_bps = 100000000ull;
static uint64_t cpu_rx_frame_ns, cpu_tx_frame_ns, cpu_rx_byte_ps, cpu_tx_byte_ps;
static uint8_t my_mac[6], my_ip[4];

#define MAX_FRAME 1536

static uint64_t wire_ns(uint64_t bytes) { return bytes * 8000000000ull / rate_bps; }

/* ---------------------------------------------------------------- counters */
static struct {
  uint64_t rx_frames, rx_missed, rx_starved, rx_nobuf, rx_input_err, rx_inflight_max;
  uint64_t tx_frames, tx_bytes, tx_waits, tx_ring_max;
  uint64_t cpu_busy_ns;
  uint64_t retx_segs, retx_bytes, data_segs;
} nic;

#if !SIM_DEVICE_GLUE
/* ------------------------------------------------------------- RX ring model (the peer's NIC) */
enum { D_UNARMED = 0, D_ARMED = 1, D_FILLED = 2 };
struct rxdesc {
  int state;
  uint64_t armed_at;
  uint16_t len;
  uint8_t *data; /* the descriptor's own buffer */
};
static struct rxdesc *ring;
static int r_dma, r_cpu, r_build, r_unarmed, r_filled;

/* Arm descriptors in ring order, as a DMA driver's descriptor rebuild does. */
static void rx_refill(void)
{
  while (r_unarmed > 0) {
    struct rxdesc *d = &ring[r_build];
    if (d->state != D_UNARMED) { /* the descriptor owns its buffer */
      return;
    }
    d->state = D_ARMED;
    d->armed_at = cpu_ns;
    r_build = (r_build + 1) % rx_desc;
    r_unarmed--;
  }
}

static void mac_rx(const uint8_t *frame, uint16_t len, uint64_t t)
{
  struct rxdesc *d = &ring[r_dma];
  if (d->state != D_ARMED || d->armed_at > t) {
    nic.rx_missed++; /* no descriptor owned by the DMA: the MAC drops the frame */
    if (d->state == D_UNARMED) {
      nic.rx_starved++; /* ... because the driver had no free buffer to arm it with (lwIP holds them) */
    }
    return;
  }
  memcpy(d->data, frame, len);
  d->len = len;
  d->state = D_FILLED;
  r_filled++;
  r_dma = (r_dma + 1) % rx_desc;
}

static struct netif nif;

static uint64_t cost(uint64_t frame_ns, uint64_t byte_ps, uint32_t len)
{
  return frame_ns + (byte_ps * len + 999u) / 1000u;
}

/* The driver's RX: take the oldest filled descriptor, hand the frame to lwIP. */
static void rx_one(void)
{
  struct rxdesc *d = &ring[r_cpu];
  struct pbuf *p = NULL;
  uint16_t len = d->len;
  uint64_t c = cost(cpu_rx_frame_ns, cpu_rx_byte_ps, len);
  cpu_ns += c;
  nic.cpu_busy_ns += c;
  nic.rx_frames++;
  p = pbuf_alloc(PBUF_RAW, len, PBUF_POOL);
  if (p) {
    pbuf_take(p, d->data, len);
  } else {
    nic.rx_nobuf++; /* no pbuf: the frame is dropped */
  }
  d->state = D_UNARMED;
  r_unarmed++;
  r_filled--;
  r_cpu = (r_cpu + 1) % rx_desc;
  if (p) {
    if (nif.input(p, &nif) != ERR_OK) {
      nic.rx_input_err++;
      pbuf_free(p);
    }
  }
  rx_refill();
}

/* ------------------------------------------------------------- TX / link */
static uint64_t *txq;
static int txq_h, txq_n;
static uint64_t tx_free_at;
static uint8_t txbuf[MAX_FRAME + 64];
#endif

struct flow {
  uint16_t sport, dport;
  uint32_t max_end;
  int used;
};
static struct flow flows[128];

static void count_retx(const uint8_t *f, uint16_t len)
{
  uint32_t ihl, thl, iplen, seq, plen, end;
  uint16_t sport, dport;
  int i;
  if (len < 54 || f[12] != 0x08 || f[13] != 0x00 || f[23] != 6) {
    return;
  }
  ihl = (uint32_t)(f[14] & 0x0f) * 4u;
  iplen = ((uint32_t)f[16] << 8) | f[17];
  thl = (uint32_t)(f[14 + ihl + 12] >> 4) * 4u;
  if (iplen < ihl + thl) {
    return;
  }
  plen = iplen - ihl - thl;
  if (plen == 0) {
    return;
  }
  sport = (uint16_t)((f[14 + ihl] << 8) | f[14 + ihl + 1]);
  dport = (uint16_t)((f[14 + ihl + 2] << 8) | f[14 + ihl + 3]);
  seq = ((uint32_t)f[14 + ihl + 4] << 24) | ((uint32_t)f[14 + ihl + 5] << 16) | ((uint32_t)f[14 + ihl + 6] << 8) | f[14 + ihl + 7];
  end = seq + plen;
  nic.data_segs++;
  for (i = 0; i < 128; i++) {
    if (flows[i].used && flows[i].sport == sport && flows[i].dport == dport) {
      if ((int32_t)(end - flows[i].max_end) <= 0) {
        nic.retx_segs++;
        nic.retx_bytes += plen;
      } else {
        flows[i].max_end = end;
      }
      return;
    }
    if (!flows[i].used) {
      flows[i].used = 1;
      flows[i].sport = sport;
      flows[i].dport = dport;
      flows[i].max_end = end;
      return;
    }
  }
}

#if SIM_DEVICE_GLUE
void sim_emit_frame(const uint8_t *frame, uint32_t len, uint64_t end_ns)
{
  nic.tx_frames++;
  nic.tx_bytes += len;
  if (len >= 54u) {
    count_retx(frame, (uint16_t)len);
  }
  out_rec(REC_FRAME, end_ns, frame, len);
}
#else
static err_t sim_linkoutput(struct netif *n, struct pbuf *p)
{
  uint16_t len = p->tot_len;
  uint64_t c, start, end;
  uint32_t wire;
  LWIP_UNUSED_ARG(n);
  if (len > MAX_FRAME) {
    return ERR_IF;
  }
  pbuf_copy_partial(p, txbuf, len, 0);
  c = cost(cpu_tx_frame_ns, cpu_tx_byte_ps, len);
  cpu_ns += c;
  nic.cpu_busy_ns += c;
  while (txq_n > 0 && txq[txq_h] <= cpu_ns) {
    txq_h = (txq_h + 1) % tx_desc;
    txq_n--;
  }
  if (txq_n >= tx_desc) {
    /* every TX descriptor is still owned by the DMA: the glue waits for one */
    nic.tx_waits++;
    cpu_ns = txq[txq_h];
    txq_h = (txq_h + 1) % tx_desc;
    txq_n--;
  }
  wire = len < 60 ? 60u : len; /* minimum frame 64 B with FCS */
  start = cpu_ns > tx_free_at ? cpu_ns : tx_free_at;
  end = start + wire_ns(8u + wire + 4u); /* preamble+SFD, frame, FCS */
  tx_free_at = end + wire_ns(12u);      /* inter-frame gap */
  txq[(txq_h + txq_n) % tx_desc] = end;
  txq_n++;
  if ((uint64_t)txq_n > nic.tx_ring_max) {
    nic.tx_ring_max = (uint64_t)txq_n;
  }
  nic.tx_frames++;
  nic.tx_bytes += len;
  count_retx(txbuf, len);
  out_rec(REC_FRAME, end, txbuf, len);
  return ERR_OK;
}

static err_t nif_init(struct netif *n)
{
  n->name[0] = 's';
  n->name[1] = 'm';
  n->output = etharp_output;
  n->linkoutput = sim_linkoutput;
  n->mtu = 1500;
  n->hwaddr_len = 6;
  memcpy(n->hwaddr, my_mac, 6);
  n->flags = NETIF_FLAG_BROADCAST | NETIF_FLAG_ETHARP | NETIF_FLAG_ETHERNET | NETIF_FLAG_LINK_UP;
  return ERR_OK;
}
#endif

/* ------------------------------------------------------------ application */
enum { M_IDLE = 0, M_SOURCE = 1, M_SINK = 2, M_RR_SERVER = 3, M_RR_CLIENT = 4 };
#define MAX_CONNS 64
#define BASE_PORT 40000
struct conn {
  struct tcp_pcb *pcb;
  int mode, established, closed;
  uint32_t msg, acc, inflight;
  uint64_t rx, tx, acked, werr, t0, reqs;
  uint64_t rr_refused; /* request/response server: responses tcp_write refused (written again later) */
  struct pbuf *held; /* data the stalled application has not read */
};
static struct conn conns[MAX_CONNS];
static uint8_t appbuf[65536];
static uint64_t *lat;
static size_t nlat, caplat;
static uint64_t accepted, accept_fail;

static void rr_request(struct conn *c)
{
  if (tcp_sndbuf(c->pcb) < c->msg || tcp_write(c->pcb, appbuf, (u16_t)c->msg, TCP_WRITE_FLAG_COPY) != ERR_OK) {
    c->werr++;
    c->inflight = 0;
    return;
  }
  c->t0 = cpu_ns;
  c->inflight = 1;
  c->tx += c->msg;
  tcp_output(c->pcb);
}

static void fill(struct conn *c)
{
  int wrote = 0;
  if (!c->pcb) {
    return;
  }
  while (c->mode == M_SOURCE) {
    u32_t room = tcp_sndbuf(c->pcb);
    u32_t n = room < sizeof appbuf ? room : (u32_t)sizeof appbuf;
    err_t e;
    if (n > 4096) {
      n = 4096;
    }
    if (n == 0 || tcp_sndqueuelen(c->pcb) + 2 >= TCP_SND_QUEUELEN) {
      break;
    }
    e = tcp_write(c->pcb, appbuf, (u16_t)n, TCP_WRITE_FLAG_COPY);
    while (e == ERR_MEM && n >= TCP_MSS) {
      /* tcp_write is all or nothing: halve the write down to TCP_MSS/2 on
       * ERR_MEM, as lwIP's own lwiperf client does */
      n /= 2;
      e = tcp_write(c->pcb, appbuf, (u16_t)n, TCP_WRITE_FLAG_COPY);
    }
    if (e != ERR_OK) {
      c->werr++;
      break;
    }
    c->tx += n;
    wrote = 1;
  }
  if (wrote) {
    tcp_output(c->pcb);
  }
}

static void start_mode(struct conn *c)
{
  if (!c->pcb) {
    return;
  }
  if (c->mode == M_RR_CLIENT || c->mode == M_RR_SERVER) {
    tcp_nagle_disable(c->pcb);
  } else {
    tcp_nagle_enable(c->pcb);
  }
  if (c->mode == M_SOURCE) {
    fill(c);
  }
  if (c->mode == M_RR_CLIENT && !c->inflight) {
    c->acc = 0;
    rr_request(c);
  }
}

/* The request/response server writes every complete request's response. tcp_write is all or nothing:
 * when it is refused (the send buffer, the queue or lwIP's segment pool is full, e.g. taken by bulk
 * connections) the responses stay owed and are written again from the sent and poll callbacks, as a
 * real server does; the client sends no next request before it has the response, so waiting for
 * one would stall the connection for good. */
static uint64_t rr_refuse; /* tests: refuse this many response writes as tcp_write's ERR_MEM would */
static int rr_respond(struct conn *c)
{
  int wrote = 0;
  while (c->pcb && c->acc >= c->msg && c->msg > 0) {
    err_t e = ERR_MEM;
    if (rr_refuse > 0) {
      rr_refuse--;
    } else {
      e = tcp_write(c->pcb, appbuf, (u16_t)c->msg, TCP_WRITE_FLAG_COPY);
    }
    if (e != ERR_OK) {
      c->werr++;
      c->rr_refused++;
      break;
    }
    c->acc -= c->msg;
    c->tx += c->msg;
    wrote = 1;
  }
  return wrote;
}

static err_t on_sent(void *arg, struct tcp_pcb *pcb, u16_t len)
{
  struct conn *c = arg;
  c->acked += len;
  fill(c);
  if (c->mode == M_RR_SERVER && rr_respond(c)) {
    tcp_output(pcb);
  }
  return ERR_OK;
}

static err_t on_poll(void *arg, struct tcp_pcb *pcb)
{
  struct conn *c = arg;
  fill(c);
  if (c->mode == M_RR_CLIENT && !c->inflight) {
    rr_request(c);
  }
  if (c->mode == M_RR_SERVER && rr_respond(c)) {
    tcp_output(pcb);
  }
  return ERR_OK;
}

static err_t on_recv(void *arg, struct tcp_pcb *pcb, struct pbuf *p, err_t err)
{
  struct conn *c = arg;
  u16_t n;
  LWIP_UNUSED_ARG(err);
  if (p == NULL) {
    c->closed = 1;
    tcp_arg(pcb, NULL);
    tcp_recv(pcb, NULL);
    tcp_sent(pcb, NULL);
    tcp_poll(pcb, NULL, 0);
    tcp_err(pcb, NULL);
    tcp_close(pcb);
    c->pcb = NULL;
    return ERR_OK;
  }
  n = p->tot_len;
#if SIM_DEVICE_GLUE
  if (sim_app_stalled) {
    /* fault "rx-stall": the application stops reading; lwIP's pbufs (zero-copy RX buffers
     * included) stay with it and the window is not reopened until it reads again */
    if (c->held) {
      pbuf_cat(c->held, p);
    } else {
      c->held = p;
    }
    return ERR_OK;
  }
#endif
  c->rx += n;
  tcp_recved(pcb, n);
  pbuf_free(p);
  if (c->mode == M_RR_SERVER) {
    c->acc += n;
    rr_respond(c);
    tcp_output(pcb);
  } else if (c->mode == M_RR_CLIENT && c->inflight) {
    c->acc += n;
    if (c->acc >= c->msg) {
      c->acc -= c->msg;
      c->inflight = 0;
      c->reqs++;
      if (nlat + 2 > caplat) {
        caplat = caplat * 2 + 1024;
        lat = realloc(lat, caplat * sizeof *lat);
        if (!lat) {
          abort();
        }
      }
      lat[nlat++] = cpu_ns;
      lat[nlat++] = cpu_ns - c->t0;
      rr_request(c);
    }
  }
  return ERR_OK;
}

static void on_err(void *arg, err_t err)
{
  struct conn *c = arg;
  LWIP_UNUSED_ARG(err);
  if (c) {
    c->pcb = NULL;
    c->closed = 1;
  }
}

static void attach(struct conn *c, struct tcp_pcb *pcb)
{
  c->pcb = pcb;
  c->established = 1;
  tcp_arg(pcb, c);
  tcp_recv(pcb, on_recv);
  tcp_sent(pcb, on_sent);
  tcp_err(pcb, on_err);
  tcp_poll(pcb, on_poll, 2);
  start_mode(c);
}

static err_t on_accept(void *arg, struct tcp_pcb *pcb, err_t err)
{
  int idx;
  LWIP_UNUSED_ARG(arg);
  if (err != ERR_OK || pcb == NULL) {
    accept_fail++;
    return ERR_VAL;
  }
  idx = (int)pcb->remote_port - BASE_PORT;
  if (idx < 0 || idx >= MAX_CONNS) {
    tcp_abort(pcb);
    return ERR_ABRT;
  }
  accepted++;
  attach(&conns[idx], pcb);
  return ERR_OK;
}

static err_t on_connected(void *arg, struct tcp_pcb *pcb, err_t err)
{
  LWIP_UNUSED_ARG(err);
  attach(arg, pcb);
  return ERR_OK;
}

static ip4_addr_t peer_ip;

#if SIM_DEVICE_GLUE
/* Faults the scheduler injects at their virtual time (internal/sim/fault.go). */
enum { F_LINK_DOWN = 1, F_LINK_UP = 2, F_DMA_FATAL = 3, F_APP_STALL = 4, F_APP_RESUME = 5, F_MAC_ERROR = 6 };
static void op_fault(uint32_t kind, uint32_t arg)
{
  int i;
  (void)arg;
  switch (kind) {
  case F_LINK_DOWN:
    dev_set_link(0);
    break;
  case F_LINK_UP:
    dev_set_link(1);
    break;
  case F_DMA_FATAL:
    model_dma_fatal();
    dev_irq_poll();
    break;
  case F_MAC_ERROR:
    model_mac_error();
    dev_irq_poll();
    break;
  case F_APP_STALL:
    sim_app_stalled = 1;
    break;
  case F_APP_RESUME:
    sim_app_stalled = 0;
    for (i = 0; i < MAX_CONNS; i++) {
      struct conn *c = &conns[i];
      if (c->held) {
        u16_t n = c->held->tot_len;
        c->rx += n;
        pbuf_free(c->held);
        c->held = NULL;
        if (c->pcb) {
          tcp_recved(c->pcb, n);
        }
      }
    }
    break;
  }
}
#endif

static void op_listen(uint32_t port)
{
  struct tcp_pcb *l = tcp_new();
  if (!l || tcp_bind(l, IP_ADDR_ANY, (u16_t)port) != ERR_OK) {
    fprintf(stderr, "sim: cannot bind port %u\n", (unsigned)port);
    exit(3);
  }
  l = tcp_listen_with_backlog(l, 8);
  if (!l) {
    fprintf(stderr, "sim: tcp_listen failed (MEMP_NUM_TCP_PCB_LISTEN)\n");
    exit(3);
  }
  tcp_accept(l, on_accept);
}

static void op_connect(uint32_t n, uint32_t port)
{
  uint32_t i;
  for (i = 0; i < n && i < MAX_CONNS; i++) {
    struct tcp_pcb *pcb = tcp_new();
    if (!pcb) {
      fprintf(stderr, "sim: peer tcp_new failed\n");
      exit(3);
    }
    tcp_arg(pcb, &conns[i]);
    tcp_err(pcb, on_err);
    tcp_bind(pcb, IP_ADDR_ANY, (u16_t)(BASE_PORT + i));
    if (tcp_connect(pcb, &peer_ip, (u16_t)port, on_connected) != ERR_OK) {
      fprintf(stderr, "sim: tcp_connect failed\n");
      exit(3);
    }
  }
}

/* ------------------------------------------------------------------ stats */
#if SIM_DEVICE_GLUE
static const char *const drop_names[DROP_KINDS] = {"link_down", "mac_stopped", "dma_error", "no_descriptor", "ring_starved", "rx_suspended", "fifo_full"};
static int kv_first;
static void kv_out(const char *k, uint64_t v)
{
  tprintf("%s\"%s\":%llu", kv_first ? "" : ",", k, (unsigned long long)v);
  kv_first = 0;
}
/* model_idle items: {"what":..,"now":..,"idle":..} (the names are the model's own plain text) */
static void idle_out(const char *what, int64_t now, int64_t idle)
{
  tprintf("%s{\"what\":\"%s\",\"now\":%lld,\"idle\":%lld}", kv_first ? "" : ",", what, (long long)now, (long long)idle);
  kv_first = 0;
}

/* The device's driver-side results: MAC drops by reason, the checks that failed, the RX buffer pool
 * and the model's counters; and the old "nic" keys filled from them. */
static void dev_stats_json(void)
{
  static char cbuf[8192];
  int64_t pf, pl, pt, pi;
  uint64_t missed = 0;
  int i;
  for (i = 0; i < DROP_KINDS; i++) {
    missed += dev_drops[i];
  }
  nic.rx_missed = missed;
  nic.rx_starved = dev_drops[DROP_RING_STARVED];
  nic.rx_nobuf = 0;
#if LINK_STATS
  nic.rx_frames = lwip_stats.link.recv;
  nic.rx_input_err = lwip_stats.link.drop;
#endif
  nic.cpu_busy_ns = dev_cpu_busy_ns;
  tprintf(",\"dev\":{\"drops\":{");
  kv_first = 1;
  for (i = 0; i < DROP_KINDS; i++) {
    kv_out(drop_names[i], dev_drops[i]);
  }
  model_rxpool(&pf, &pl, &pt, &pi);
  dev_checks_json(cbuf, sizeof cbuf);
  tprintf("},\"checks\":%s,\"rxpool\":{\"free\":%lld,\"low\":%lld,\"total\":%lld,\"idle_free\":%lld},\"driver\":{", cbuf, (long long)pf, (long long)pl,
          (long long)pt, (long long)pi);
  kv_first = 1;
  model_stats(kv_out);
  kv_out("loop_passes", dev_loop_passes);
  kv_out("tcp_tmr_passes", dev_tcp_tmr_passes);
  kv_out("tcp_tmr_busy_ns", dev_tcp_tmr_busy_ns);
  kv_out("tx_lost_link_down", dev_tx_lost_link);
  kv_out("link_up", (uint64_t)dev_link_up());
  kv_out("app_stalled", (uint64_t)sim_app_stalled);
  board_stats(kv_out);
  tprintf("},\"idle\":[");
  kv_first = 1;
  model_idle(idle_out);
  tprintf("]}");
}
#endif
static const char *const pool_names[] = {
#define LWIP_MEMPOOL(name, num, size, desc) #name,
#include "lwip/priv/memp_std.h"
};

static void conns_json(void)
{
  int i;
  for (i = 0; i < MAX_CONNS; i++) {
    struct conn *c = &conns[i];
    if (!c->established && !c->pcb) {
      continue;
    }
    tprintf("%s{\"i\":%d,\"up\":%d,\"closed\":%d,\"rx\":%llu,\"tx\":%llu,\"acked\":%llu,\"werr\":%llu,\"reqs\":%llu,\"rr_refused\":%llu}",
            text_len && text[text_len - 1] == '}' ? "," : "", i, c->pcb != NULL, c->closed, (unsigned long long)c->rx, (unsigned long long)c->tx,
            (unsigned long long)c->acked, (unsigned long long)c->werr, (unsigned long long)c->reqs, (unsigned long long)c->rr_refused);
  }
}

/* OP_CONNS: only the connections' counters, for the scheduler's polling loops (set-up, drain, fault
 * recovery), which read nothing else. Its effect on the node is OP_STATS's: the latency samples
 * are consumed. */
static void op_conns(void)
{
  text_len = 0;
  tprintf("{\"t\":%llu,\"cpu\":%llu,\"conns\":[", (unsigned long long)now_ns, (unsigned long long)cpu_ns);
  conns_json();
  tprintf("]}");
  nlat = 0;
  out_rec(REC_TEXT, now_ns, text, (uint32_t)text_len);
}

static void op_stats(void)
{
  int i;
  size_t k;
  text_len = 0;
  tprintf("{\"t\":%llu,\"cpu\":%llu,\"conns\":[", (unsigned long long)now_ns, (unsigned long long)cpu_ns);
  conns_json();
  tprintf("],\"accepted\":%llu,\"accept_fail\":%llu,\"lat\":[", (unsigned long long)accepted, (unsigned long long)accept_fail);
  for (k = 0; k < nlat; k += 2) {
    tprintf("%s%llu,%llu", k ? "," : "", (unsigned long long)lat[k], (unsigned long long)lat[k + 1]);
  }
  nlat = 0;
  tprintf("],\"memp\":[");
  for (i = 0; i < MEMP_MAX; i++) {
    struct stats_mem *m = lwip_stats.memp[i];
    tprintf("%s{\"name\":\"%s\",\"avail\":%u,\"max\":%u,\"used\":%u,\"err\":%u}", i ? "," : "", pool_names[i],
            (unsigned)m->avail, (unsigned)m->max, (unsigned)m->used, (unsigned)m->err);
  }
  tprintf("],\"mem\":{\"avail\":%u,\"max\":%u,\"used\":%u,\"err\":%u}", (unsigned)lwip_stats.mem.avail,
          (unsigned)lwip_stats.mem.max, (unsigned)lwip_stats.mem.used, (unsigned)lwip_stats.mem.err);
#if TCP_STATS
  tprintf(",\"tcp\":{\"xmit\":%u,\"recv\":%u,\"drop\":%u,\"memerr\":%u,\"err\":%u,\"proterr\":%u,\"chkerr\":%u}",
          (unsigned)lwip_stats.tcp.xmit, (unsigned)lwip_stats.tcp.recv, (unsigned)lwip_stats.tcp.drop,
          (unsigned)lwip_stats.tcp.memerr, (unsigned)lwip_stats.tcp.err, (unsigned)lwip_stats.tcp.proterr, (unsigned)lwip_stats.tcp.chkerr);
#endif
#if SIM_DEVICE_GLUE
  dev_stats_json();
#endif
  tprintf(",\"nic\":{\"rx_frames\":%llu,\"rx_missed\":%llu,\"rx_starved\":%llu,\"rx_nobuf\":%llu,\"rx_input_err\":%llu,\"rx_inflight_max\":%llu,"
          "\"tx_frames\":%llu,\"tx_bytes\":%llu,\"tx_waits\":%llu,\"tx_ring_max\":%llu,\"cpu_busy_ns\":%llu,"
          "\"retx_segs\":%llu,\"retx_bytes\":%llu,\"data_segs\":%llu}}",
          (unsigned long long)nic.rx_frames, (unsigned long long)nic.rx_missed, (unsigned long long)nic.rx_starved, (unsigned long long)nic.rx_nobuf,
          (unsigned long long)nic.rx_input_err, (unsigned long long)nic.rx_inflight_max, (unsigned long long)nic.tx_frames,
          (unsigned long long)nic.tx_bytes, (unsigned long long)nic.tx_waits, (unsigned long long)nic.tx_ring_max,
          (unsigned long long)nic.cpu_busy_ns, (unsigned long long)nic.retx_segs, (unsigned long long)nic.retx_bytes,
          (unsigned long long)nic.data_segs);
  out_rec(REC_TEXT, now_ns, text, (uint32_t)text_len);
}

/* ------------------------------------------------------------- scheduling */
#if SIM_DEVICE_GLUE
static uint64_t next_event(void) { return dev_next_event(); }
static void run_due(void) { dev_run_due(); }
#else
static uint64_t next_event(void)
{
  uint64_t next = UINT64_MAX;
  u32_t sl;
  if (r_filled > 0 && ring[r_cpu].state == D_FILLED) {
    next = cpu_ns > now_ns ? cpu_ns : now_ns;
  }
  sl = sys_timeouts_sleeptime();
  if (sl != SYS_TIMEOUTS_SLEEPTIME_INFINITE) {
    uint64_t due = ((uint64_t)sys_now() + sl) * 1000000ull;
    if (due < cpu_ns) {
      due = cpu_ns;
    }
    if (due < next) {
      next = due;
    }
  }
  return next;
}

/* Run everything due at now_ns while the CPU is free. With a non-zero cost
 * the CPU is busy after one unit of work; the scheduler comes back then. */
static void run_due(void)
{
  for (;;) {
    if (cpu_ns > now_ns) {
      return;
    }
    if (sys_timeouts_sleeptime() == 0) {
      sys_check_timeouts();
      continue;
    }
    if (r_filled > 0 && ring[r_cpu].state == D_FILLED) {
      rx_one();
      continue;
    }
    return;
  }
}

#endif

static uint64_t argu(int argc, char **argv, const char *key, uint64_t def)
{
  size_t kl = strlen(key);
  int i;
  for (i = 1; i < argc; i++) {
    if (strncmp(argv[i], key, kl) == 0 && argv[i][kl] == '=') {
      return strtoull(argv[i] + kl + 1, NULL, 0);
    }
  }
  return def;
}

static const char *args(int argc, char **argv, const char *key, const char *def)
{
  size_t kl = strlen(key);
  int i;
  for (i = 1; i < argc; i++) {
    if (strncmp(argv[i], key, kl) == 0 && argv[i][kl] == '=') {
      return argv[i] + kl + 1;
    }
  }
  return def;
}

/* The workload's entry points from the scheduler's commands. With an RTOS (SIM_RTOS) they run in
 * the board's application thread under LOCK_TCPIP_CORE (rtos/board_cubemx_rtos.c): the command
 * loop is not a thread and may not enter lwIP; bare metal calls them directly. */
struct app_op {
  uint32_t a, b;
  struct conn *cn;
};
static void app_listen(void *p) { op_listen(((struct app_op *)p)->a); }
static void app_connect(void *p) { op_connect(((struct app_op *)p)->a, ((struct app_op *)p)->b); }
static void app_mode(void *p) { start_mode(((struct app_op *)p)->cn); }
#if SIM_DEVICE_GLUE
static void app_fault(void *p) { op_fault(((struct app_op *)p)->a, ((struct app_op *)p)->b); }
#endif
#if SIM_RTOS
void sim_rtos_call(void (*fn)(void *), void *arg);
#else
static void sim_rtos_call(void (*fn)(void *), void *arg) { fn(arg); }
#endif

static void readn(void *p, size_t n)
{
  if (n && fread(p, 1, n, stdin) != n) {
    exit(0); /* scheduler went away */
  }
}

int main(int argc, char **argv)
{
  static uint8_t frame[65536];
  ip4_addr_t ip, mask, gw;
  int i;

#if SIM_DEVICE_GLUE
  {
    int pfd = dup(1);
    if (pfd < 0 || dup2(2, 1) < 0 || (proto = fdopen(pfd, "w")) == NULL) {
      return 2;
    }
  }
#else
  proto = stdout;
#endif
  setvbuf(proto, NULL, _IOFBF, 1 << 20);
  role_device = strcmp(args(argc, argv, "role", "peer"), "device") == 0;
  /* Without SIM_DEVICE_GLUE this node's NIC is a ring of descriptor buffers copied into PBUF_POOL:
   * the peer's (a device never: Run refuses a board without a driver model). Every board runs its
   * generated driver (or its vendor adapter) on a driver model (SIM_DEVICE_GLUE). */
  rx_desc = (int)argu(argc, argv, "rx_desc", 1024);
  rx_buf_size = (int)argu(argc, argv, "rx_buf_size", 1536);
  tx_desc = (int)argu(argc, argv, "tx_desc", 128);
  rate_bps = argu(argc, argv, "rate_bps", 100000000ull);
  cpu_rx_frame_ns = argu(argc, argv, "cpu_rx_frame_ns", 0);
  cpu_tx_frame_ns = argu(argc, argv, "cpu_tx_frame_ns", 0);
  cpu_rx_byte_ps = argu(argc, argv, "cpu_rx_byte_ps", 0);
  cpu_tx_byte_ps = argu(argc, argv, "cpu_tx_byte_ps", 0);
  rr_refuse = argu(argc, argv, "rr_refuse", 0);
  rng_state ^= argu(argc, argv, "seed", 1) * 0x9E3779B97F4A7C15ull + (role_device ? 1u : 2u);
  if (rng_state == 0) {
    rng_state = 1;
  }
#if !SIM_DEVICE_GLUE
  if (rx_desc < 1 || rx_buf_size < MAX_FRAME || tx_desc < 1) {
    fprintf(stderr, "sim: bad NIC parameters\n");
    return 2;
  }
#endif
  for (i = 0; i < 6; i++) {
    my_mac[i] = (uint8_t)(i == 0 ? 0x02 : i == 5 ? (role_device ? 2 : 0xFE) : 0); /* the peer's differs from every board's */
  }
  memset(my_ip, 0, sizeof my_ip);
  IP4_ADDR(&ip, 10, 0, 0, role_device ? 2 : 1);
  IP4_ADDR(&peer_ip, 10, 0, 0, role_device ? 1 : 2);
  IP4_ADDR(&mask, 255, 255, 255, 0);
  IP4_ADDR(&gw, 0, 0, 0, 0);

#if SIM_DEVICE_GLUE
  dev_cpu_rx_frame_ns = cpu_rx_frame_ns;
  dev_cpu_tx_frame_ns = cpu_tx_frame_ns;
  dev_cpu_rx_byte_ps = cpu_rx_byte_ps;
  dev_cpu_tx_byte_ps = cpu_tx_byte_ps;
  dev_cpu_tmr_pass_ns = argu(argc, argv, "cpu_tmr_pass_ns", 0);
  dev_cpu_tmr_pcb_ns = argu(argc, argv, "cpu_tmr_pcb_ns", 0);
  dev_rate_bps = rate_bps;
  (void)ip;
  (void)mask;
  (void)gw;
  for (i = 0; i < (int)sizeof appbuf; i++) {
    appbuf[i] = (uint8_t)(i * 7 + 3);
  }
  model_init();
  if (board_init() == NULL) {
    fprintf(stderr, "sim: the board's network init failed\n");
    return 3;
  }
#else
  ring = calloc((size_t)rx_desc, sizeof *ring);
  txq = calloc((size_t)tx_desc, sizeof *txq);
  if (!ring || !txq) {
    return 2;
  }
  for (i = 0; i < rx_desc; i++) {
    ring[i].data = malloc(MAX_FRAME);
  }
  for (i = 0; i < (int)sizeof appbuf; i++) {
    appbuf[i] = (uint8_t)(i * 7 + 3);
  }

  lwip_init();
  netif_add(&nif, &ip, &mask, &gw, NULL, nif_init, ethernet_input);
  netif_set_default(&nif);
  netif_set_up(&nif);
  netif_set_link_up(&nif);
  r_unarmed = rx_desc;
  rx_refill();
#endif

  for (;;) {
    struct cmd c;
    readn(&c, sizeof c);
    if (c.len > sizeof frame) {
      return 2;
    }
    readn(frame, c.len);
    if (c.t > now_ns) {
      now_ns = c.t;
    }
#if SIM_DEVICE_GLUE
    dev_idle_catchup(); /* SysTick interrupts up to the command's time */
#else
    if (cpu_ns < now_ns) {
      cpu_ns = now_ns;
    }
#endif
    switch (c.op) {
    case OP_STEP:
      if (c.len) {
#if SIM_DEVICE_GLUE
        dev_idle_catchup();
        model_rx_frame(frame, c.len);
#else
        mac_rx(frame, (uint16_t)c.len, now_ns);
#endif
      }
      break;
    case OP_LISTEN: {
      struct app_op o = {c.a, 0, NULL};
      sim_rtos_call(app_listen, &o);
      break;
    }
    case OP_CONNECT: {
      struct app_op o = {c.a, c.b, NULL};
      sim_rtos_call(app_connect, &o);
      break;
    }
    case OP_MODE:
      if (c.a < MAX_CONNS) {
        struct conn *cn = &conns[c.a];
        uint32_t msg = 0;
        if (c.len >= 4) {
          memcpy(&msg, frame, 4);
        }
        cn->mode = (int)c.b;
        cn->msg = msg;
        if (cn->mode != M_RR_CLIENT) {
          cn->inflight = 0;
        }
        {
          struct app_op o = {0, 0, cn};
          sim_rtos_call(app_mode, &o);
        }
      }
      break;
    case OP_STATS:
      op_stats();
      break;
    case OP_CONNS:
      op_conns();
      break;
#if SIM_DEVICE_GLUE
    case OP_FAULT:
      dev_idle_catchup();
      {
        struct app_op o = {c.a, c.b, NULL};
        sim_rtos_call(app_fault, &o);
      }
      break;
#endif
    case OP_QUIT:
      fflush(proto);
      return 0;
    default:
      return 2;
    }
    run_due();
    out_rec(REC_DONE, next_event(), NULL, 0);
    fflush(proto);
  }
}
