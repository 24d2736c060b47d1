/*
 * Host-side test driver for the generated lwipgen_rxpool.c (see ../../rxpool_test.go).
 *
 * It plays the STM32 HAL ETH "new" driver's RX ring against the pool, the way ethernetif.c
 * uses it: a ring of RING descriptors rebuilt in order (ETH_UpdateDescriptor: allocate until the
 * pool says NULL, then stop), a DMA that fills armed descriptors and suspends on an unarmed one
 * (RBU), a budgeted reader (HAL_ETH_ReadData + lwipgen_rx_drain) that hands buffers to "lwIP",
 * and lwIP freeing them in random order (the custom pbuf free function), which must wake the
 * poller exactly when the ring had run dry. Every step checks that each buffer is in exactly one
 * place (pool, ring or lwIP) and that the pool's counts agree; frees of buffers that are already
 * free, and of pointers that are not pool elements, must be rejected without changing anything.
 *
 * Usage: rxpool_sim SEED STEPS. Prints one "ok" line with statistics; exits non-zero on failure.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lwipgen_rxpool.h"

#ifndef RING
#error "compile with -DRING=<descriptors>"
#endif
#define N LWIPGEN_RXPOOL_COUNT
#define STRIDE 96u /* any multiple of the alignment; small keeps the test fast */

enum { FREE = 0, IN_RING = 1, IN_STACK = 2 };
enum { D_EMPTY = 0, D_ARMED = 1, D_DONE = 2 };

static uint8_t mem[N * STRIDE + 64] __attribute__((aligned(32)));
static lwipgen_rxpool_t pool;
static int loc[N];

static struct {
    void *buf;
    int state;
} ring[RING];
static unsigned build_idx, build_cnt, rx_idx, dma_idx;

static void *held[N];
static unsigned nheld;

static int starved_expected; /* a get() returned NULL and no put() reported REFILL since */
static unsigned long steps, frames, empties, refills, rbus, bads, drains_partial;

static uint32_t rng_state;
static uint32_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return rng_state;
}

#define FAIL(...)                                                              \
    do {                                                                       \
        fprintf(stderr, "step %lu: ", steps);                                  \
        fprintf(stderr, __VA_ARGS__);                                          \
        fprintf(stderr, "\n");                                                 \
        exit(1);                                                               \
    } while (0)

static int index_of(void *p)
{
    uintptr_t off = (uintptr_t)((uint8_t *)p - mem);
    if ((uint8_t *)p < mem || off % STRIDE != 0u || off / STRIDE >= N) {
        FAIL("pool returned %p, not an element", p);
    }
    return (int)(off / STRIDE);
}

static void check(void)
{
    unsigned nfree = 0, nring = 0, nstack = 0, i;
    int seen[N];
    memset(seen, 0, sizeof(seen));
    for (i = 0; i < N; i++) {
        nfree += loc[i] == FREE;
        nring += loc[i] == IN_RING;
        nstack += loc[i] == IN_STACK;
    }
    for (i = 0; i < RING; i++) {
        if (ring[i].buf != NULL) {
            int k = index_of(ring[i].buf);
            if (loc[k] != IN_RING || seen[k]++) {
                FAIL("buffer %d on the ring twice or also elsewhere", k);
            }
        }
    }
    for (i = 0; i < nheld; i++) {
        int k = index_of(held[i]);
        if (loc[k] != IN_STACK || seen[k]++) {
            FAIL("buffer %d held by lwIP twice or also elsewhere", k);
        }
    }
    if (lwipgen_rxpool_nfree(&pool) + lwipgen_rxpool_nout(&pool) != N) {
        FAIL("free %u + out %u != %u", lwipgen_rxpool_nfree(&pool), lwipgen_rxpool_nout(&pool), N);
    }
    if (lwipgen_rxpool_nfree(&pool) != nfree || lwipgen_rxpool_nout(&pool) != nring + nstack) {
        FAIL("pool says free %u out %u, simulation has free %u ring %u lwIP %u", lwipgen_rxpool_nfree(&pool),
             lwipgen_rxpool_nout(&pool), nfree, nring, nstack);
    }
    if (nstack != nheld) {
        FAIL("lwIP holds %u, locations say %u", nheld, nstack);
    }
}

/* ETH_UpdateDescriptor: rebuild descriptors in order until the pool runs dry. */
static void refill(void)
{
    while (build_cnt > 0u) {
        unsigned d = build_idx;
        if (ring[d].buf == NULL) {
            void *b = lwipgen_rxpool_get(&pool);
            if (b == NULL) {
                if (lwipgen_rxpool_nfree(&pool) != 0u) {
                    FAIL("get() returned NULL with %u buffers free", lwipgen_rxpool_nfree(&pool));
                }
                starved_expected = 1;
                empties++;
                return;
            }
            int k = index_of(b);
            if (loc[k] != FREE) {
                FAIL("get() returned buffer %d that is not free (location %d)", k, loc[k]);
            }
            loc[k] = IN_RING;
            ring[d].buf = b;
        }
        ring[d].state = D_ARMED;
        build_idx = (build_idx + 1u) % RING;
        build_cnt--;
    }
}

/* The DMA receives one frame into the next descriptor, or finds it unarmed (RBU). */
static void dma_receive(void)
{
    if (ring[dma_idx].state == D_ARMED) {
        ring[dma_idx].state = D_DONE;
        dma_idx = (dma_idx + 1u) % RING;
    } else {
        rbus++; /* suspended until the ring is rebuilt; the frame is lost */
    }
}

/* HAL_ETH_ReadData for one frame (+ rebuild), as lwipgen_rx_drain's callback. */
static int read_one(void *ctx)
{
    (void)ctx;
    if (ring[rx_idx].state != D_DONE) {
        refill();
        return 0;
    }
    held[nheld++] = ring[rx_idx].buf;
    loc[index_of(ring[rx_idx].buf)] = IN_STACK;
    ring[rx_idx].buf = NULL;
    ring[rx_idx].state = D_EMPTY;
    rx_idx = (rx_idx + 1u) % RING;
    build_cnt++;
    frames++;
    refill();
    return 1;
}

/* lwIP frees one buffer it holds (custom pbuf free). */
static void lwip_free(unsigned i)
{
    void *b = held[i];
    int k = index_of(b);
    int r;
    held[i] = held[--nheld];
    loc[k] = FREE;
    r = lwipgen_rxpool_put(&pool, b);
    if (r == LWIPGEN_RXPOOL_BAD) {
        FAIL("put() rejected buffer %d held by lwIP", k);
    }
    if ((r == LWIPGEN_RXPOOL_REFILL) != (starved_expected != 0)) {
        FAIL("put() returned %d, starvation pending %d", r, starved_expected);
    }
    if (r == LWIPGEN_RXPOOL_REFILL) {
        starved_expected = 0;
        refills++;
        refill(); /* the poller wakes and rebuilds the ring */
    }
}

/* Frees that must be refused: a buffer already in the pool, and non-element pointers. */
static void bad_frees(void)
{
    uint16_t nf = lwipgen_rxpool_nfree(&pool);
    uint32_t before = pool.bad;
    unsigned k;
    for (k = 0; k < N; k++) {
        if (loc[k] == FREE) {
            if (lwipgen_rxpool_put(&pool, mem + k * STRIDE) != LWIPGEN_RXPOOL_BAD) {
                FAIL("double free of buffer %u accepted", k);
            }
            break;
        }
    }
    if (lwipgen_rxpool_put(&pool, mem + (rnd() % N) * STRIDE + 1u + rnd() % (STRIDE - 1u)) != LWIPGEN_RXPOOL_BAD ||
        lwipgen_rxpool_put(&pool, mem + N * STRIDE) != LWIPGEN_RXPOOL_BAD ||
        lwipgen_rxpool_put(&pool, mem - STRIDE) != LWIPGEN_RXPOOL_BAD) {
        FAIL("foreign pointer accepted");
    }
    if (lwipgen_rxpool_nfree(&pool) != nf) {
        FAIL("rejected frees changed the pool");
    }
    bads += pool.bad - before;
}

static unsigned ring_done(void)
{
    return ring[rx_idx].state == D_DONE;
}

int main(int argc, char **argv)
{
    unsigned long nsteps, i;
    unsigned out_max = 0;
    if (argc != 3) {
        fprintf(stderr, "usage: %s SEED STEPS\n", argv[0]);
        return 2;
    }
    rng_state = (uint32_t)strtoul(argv[1], NULL, 0) | 1u;
    nsteps = strtoul(argv[2], NULL, 0);

    if (lwipgen_rxpool_init(&pool, mem + 4, STRIDE, 32u) == 0) {
        FAIL("misaligned memory accepted");
    }
    if (lwipgen_rxpool_init(&pool, mem, STRIDE + 4u, 32u) == 0) {
        FAIL("stride not a multiple of the alignment accepted");
    }
    if (lwipgen_rxpool_init(&pool, mem, STRIDE, 32u) != 0) {
        FAIL("init failed");
    }
    /* HAL_ETH_Start: build every descriptor. */
    build_cnt = RING;
    refill();
    check();

    for (i = 0; i < nsteps; i++) {
        uint32_t op = rnd() % 100u;
        steps = i + 1;
        if (op < 40u) {
            unsigned burst = 1u + rnd() % 4u, j;
            for (j = 0; j < burst; j++) {
                dma_receive();
            }
        } else if (op < 70u) {
            int drained = 0;
            unsigned budget = 1u + rnd() % LWIPGEN_RX_BUDGET;
            unsigned n = lwipgen_rx_drain(read_one, NULL, budget, &drained);
            if (n > budget) {
                FAIL("drain handled %u > budget %u", n, budget);
            }
            if (drained && ring_done()) {
                FAIL("drain reported empty with a frame waiting");
            }
            if (!drained && n != budget) {
                FAIL("drain stopped early (%u of %u) without reporting empty", n, budget);
            }
            drains_partial += !drained;
        } else if (op < 97u) {
            /* lwIP frees; sometimes it holds on (TCP out-of-order queue, application). */
            unsigned nfree = nheld == 0u ? 0u : 1u + rnd() % (nheld < 3u ? nheld : 3u), j;
            for (j = 0; j < nfree && nheld > 0u; j++) {
                lwip_free(rnd() % nheld);
            }
        } else {
            bad_frees();
        }
        check();
        if (lwipgen_rxpool_nout(&pool) > out_max) {
            out_max = lwipgen_rxpool_nout(&pool);
        }
        if (pool.out_max != out_max) {
            FAIL("pool high-water mark %u, observed %u", pool.out_max, out_max);
        }
    }

    /* lwIP lets go of everything: all buffers return, only the armed ring keeps some. */
    while (nheld > 0u) {
        lwip_free(nheld - 1u);
        check();
    }
    if (build_cnt != 0u) {
        FAIL("ring not fully rebuilt after every buffer came back (%u descriptors empty)", build_cnt);
    }
    printf("ok steps=%lu frames=%lu empty=%lu refills=%lu rbu=%lu rejected=%lu partial_drains=%lu out_max=%u "
           "pool_empty=%lu\n",
           steps, frames, empties, refills, rbus, bads, drains_partial, out_max, (unsigned long)pool.empty);
    return 0;
}
