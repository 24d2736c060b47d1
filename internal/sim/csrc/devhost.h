/*
 * devhost.h - the seam between lwipgen's simulated device and the code under test.
 *
 * The device node runs the board's *generated* glue (ethernetif.c, lwipgen_sys*.c, lwipgen_rxpool.c
 * or the mps2-an500 firmware's lan9118.c/sys.c) with the real lwIP core. Around it:
 *   devhost.c     virtual time (CPU clock, SysTick), interrupt delivery (PRIMASK, ISR context), the wire
 *                 (the MAC is the serializer), faults, checks and counters;
 *   model_*.c     a behavioural model of the vendor driver API the glue calls (HAL ETH + PHY, LAN9118);
 *   board_*.c     what the vendor project around the glue does: CubeMX's lwip.c (MX_LWIP_Init,
 *                 MX_LWIP_Process), the interrupt vector (ETH_IRQHandler, SysTick_Handler);
 *   sim_node.c    the protocol with the scheduler and the workload application (raw TCP API).
 * A model or board file only uses what is declared here, so an RTOS board (engineer 19b: threads on a
 * virtual-time scheduler) plugs in the same driver models with its own board file:
 *   - board_loop_once() runs the threads until every one blocks (devhost.c calls it again while it made
 *     progress), board_next_event() is the next thread wake-up / RTOS timer;
 *   - interrupt handlers run through dev_irq_poll() with dev_in_isr set (xSemaphoreGiveFromISR & co.);
 *   - sim_assert_core_locked() is weak in devhost.c: the RTOS code provides the one that checks the lock;
 *   - the Go side (internal/sim/device.go macModels, runsGlue) builds the sources; csrc/rtos/ must be
 *     added to the //go:embed line of build.go once it exists.
 */
#ifndef LWIPGEN_SIM_DEVHOST_H
#define LWIPGEN_SIM_DEVHOST_H

#include <stdint.h>

struct netif;
struct pbuf;

/* ---- time ---------------------------------------------------------------------------------------- */
extern uint64_t dev_now_ns; /* global virtual time of the current scheduler command */
extern uint64_t dev_cpu_ns; /* the device CPU's clock: >= dev_now_ns while it is busy */
/* The CPU spends ns (instructions, a busy-wait): SysTick interrupts crossed on the way are delivered. */
void dev_cpu_spend(uint64_t ns);
/* one TCP timer pass on the CPU (a board that runs tcp_fasttmr itself calls it; tcp_tmr is wrapped) */
void dev_tcp_tmr_charge(void);
/* CPU cost of moving one frame of len bytes through driver + lwIP (the sim's CPU model). */
uint64_t dev_cost_rx(uint32_t len);
uint64_t dev_cost_tx(uint32_t len);
/* Milliseconds of the SysTick counter (what HAL_GetTick / sys_now count). */
uint32_t dev_ticks_ms(void);
/* The CPU was idle up to dev_now_ns: deliver the SysTick interrupts of that time. */
void dev_idle_catchup(void);

/* ---- interrupts ---------------------------------------------------------------------------------- */
extern int dev_primask;   /* 1 = interrupts masked (__disable_irq / PRIMASK) */
extern int dev_in_isr;    /* > 0 while an interrupt handler runs */
/* Deliver every pending, enabled interrupt now (unless PRIMASK is set or an ISR runs): call after
 * anything that may raise a line (DMA event, interrupt enable, PRIMASK restore). */
void dev_irq_poll(void);
/* The SysTick exception handler of the board (CubeMX: HAL_IncTick; mps2: the firmware's). */
void board_systick(void);

/* ---- the wire ------------------------------------------------------------------------------------ */
/* The MAC starts sending a frame at max(CPU time, end of the previous frame): returns the time its last
 * bit leaves (ns). Frames sent while the link is down are lost. */
uint64_t dev_wire_tx(const uint8_t *frame, uint32_t len);
int dev_link_up(void); /* the PHY's link (fault injection flaps it) */

/* ---- faults and checks --------------------------------------------------------------------------- */
/* A violated rule of the driver contract (cache maintenance, lwIP outside the core context, a buffer
 * handed out twice): counted by kind and reported; any check failure fails the run. */
void dev_check_failed(const char *kind, const char *fmt, ...);
/* Why the MAC model dropped a received frame. */
enum dev_drop {
    DROP_LINK_DOWN,    /* the PHY had no link */
    DROP_MAC_STOPPED,  /* MAC receiver or RX DMA not started (link check not run, HAL stopped) */
    DROP_DMA_ERROR,    /* DMA stopped by a fatal bus error, not yet recovered */
    DROP_NO_DESC,      /* the next RX descriptor was not owned by the DMA (ring full: the CPU is behind) */
    DROP_RING_STARVED, /* ... because the driver had no free RX buffer to arm it with */
    DROP_RX_SUSPENDED, /* RX DMA suspended after "receive buffer unavailable", no poll demand yet */
    DROP_FIFO_FULL,    /* FIFO MAC: the RX data/status FIFO had no room */
    DROP_KINDS
};
void dev_drop(enum dev_drop why);
extern uint64_t dev_drops[DROP_KINDS];
/* Something the driver did that counts as work (a frame moved, a descriptor released, a register
 * changed state): the main-loop model runs again while an iteration makes progress. */
extern uint64_t dev_progress;

/* lwIP's LWIP_ASSERT_CORE_LOCKED() (set in the simulator's lwipopts overrides): lwIP entered from
 * interrupt context, or (RTOS boards) without the core lock, fails the run. */
void sim_assert_core_locked(const char *file, int line);

/* ---- D-cache model (Cortex-M7 boards) ------------------------------------------------------------- */
extern int dev_dcache;                                /* the core has a data cache */
void dev_cache_dma_wrote(const void *addr, uint32_t len);  /* the DMA wrote memory behind the cache */
int dev_cache_stale(const void *addr, uint32_t len);      /* 1 if part of it was not invalidated since */
int dev_cache_cleaned(const void *addr, uint32_t len);    /* 1 if all of it was cleaned since the last TX */
void dev_cache_tx_done(void);                           /* a TX handoff consumed the cleaned ranges */
/* CMSIS SCB_*DCache_by_Addr: whole 32-byte lines or a check failure. */
void dev_cache_invalidate(volatile void *addr, int32_t size);
void dev_cache_clean(volatile void *addr, int32_t size);

/* ---- the driver model (model_*.c) ---------------------------------------------------------------- */
void model_init(void);
void model_rx_frame(const uint8_t *frame, uint32_t len); /* a frame reaches the MAC at dev_now_ns */
int model_irq_pending(void);                           /* the device's interrupt line (and NVIC enable) */
void model_irq_handler(void);                          /* the vector: ETH_IRQHandler / ETHERNET_IRQHandler */
void model_link_changed(void);                         /* the PHY link changed (fault injection) */
void model_dma_fatal(void);                            /* inject a DMA fatal bus error */
void model_mac_error(void);                            /* inject a MAC status error (weak: no-op) */
uint64_t model_next_event(void);                       /* the model's next timed event (ns), or UINT64_MAX */
void model_timed(void);                                /* run what is due at dev_now_ns */
/* Driver counters for the report: key/value pairs. */
void model_stats(void (*kv)(const char *key, uint64_t v));
/* RX buffer pool of the driver: free now, lowest free seen, total; -1 when the design has none. */
void model_rxpool(int64_t *free_now, int64_t *free_low, int64_t *total, int64_t *idle_free);
/* Driver bookkeeping that must be back at its start-up value when the device is idle (ring slots, TX
 * buffers held, release indices): one item per value, now and idle (weak: none). */
void model_idle(void (*item)(const char *what, int64_t now, int64_t idle));

/* ---- the board around the glue (board_*.c) --------------------------------------------------------- */
struct netif *board_init(void);     /* lwip_init, netif_add(..ethernetif_init..), as the project does */
void board_loop_once(void);         /* one pass of the main loop's network part */
uint64_t board_next_event(void);    /* next time the loop has timed work, or UINT64_MAX */
/* Counters of the board's own (an RTOS board: context switches, per-thread stack use); weak no-op. */
void board_stats(void (*kv)(const char *key, uint64_t v));
int board_runs_lwip_timeouts(void); /* 0: the loop never calls sys_check_timeouts (weak: 1) */

/* ---- the application (sim_node.c) ----------------------------------------------------------------- */
/* A frame the device's MAC put on the wire (the node reports it to the scheduler). */
void sim_emit_frame(const uint8_t *frame, uint32_t len, uint64_t end_ns);

#endif /* LWIPGEN_SIM_DEVHOST_H */
