/*
 * model_stm32eth.c - behavioural model of the STM32 HAL ETH "new" driver API (F4/F7/H7) and of the
 * MAC, DMA and PHY behind it, for lwipgen's host simulator. lwipgen's own code, written from ST's
 * HAL manuals (UM1725 "Description of STM32F4 HAL and low-layer drivers", ETH section; UM1905 F7;
 * UM2217 H7) and reference manuals (RM0090 section 33 Ethernet DMA descriptors and interrupts, RM0433
 * section 58): what each call does to the handle (gState, RxDescList, TxDescList), when the
 * HAL_ETH_RxAllocateCallback / RxLinkCallback / TxFreeCallback are called, descriptor ownership, the
 * DMA status and interrupt enable bits and which of them HAL_ETH_IRQHandler clears. The public
 * STM32Cube HAL sources (STMicroelectronics/stm32f4xx-hal-driver, Src/stm32f4xx_hal_eth.c) were read
 * to check the call order; no line of them is here.
 *
 * What is modelled:
 *   RX  descriptors are armed by ETH_UpdateDescriptor (inside Start_IT and ReadData) with a buffer
 *       from HAL_ETH_RxAllocateCallback; a frame arriving at the MAC goes into the next descriptor the
 *       DMA owns; when it owns none the DMA suspends with "receive buffer unavailable" (RBU) and drops
 *       frames until a receive poll demand (DMARPDR / DMACRDTPR write) finds an armed descriptor.
 *   TX  Transmit_IT takes one descriptor per buffer, refuses with HAL_ETH_ERROR_BUSY when one of them is
 *       the DMA's or still holds a packet, sends the frame on the wire at line rate; a descriptor is the
 *       DMA's until the frame left; ReleaseTxPacket gives finished packets back through
 *       HAL_ETH_TxFreeCallback with the HAL's own bookkeeping (BuffersInUse counts descriptors,
 *       releaseIndex where the scan starts, PacketAddress[] on a frame's last descriptor).
 *   Init HAL_ETH_Init resets what ETH_DMATxDescListInit / ETH_DMARxDescListInit reset (descriptors,
 *       CurTxDesc, the RX indices) and nothing else: BuffersInUse, releaseIndex, PacketAddress[] and a
 *       half-linked frame in pRxStart survive it, as in stm32{f4,f7,h7}xx_hal_eth.c (read at
 *       STMicroelectronics/stm32h7xx_hal_driver v1.11.0 and 6f5e35e, stm32f7xx_hal_driver 72edf6a).
 *   DMA the start bits (DMACTCR.ST/DMACRCR.SR, DMAOMR.ST/SR) and MACCR.TE/RE say whether the DMA runs:
 *       HAL_ETH_Stop_IT clears them only in gState STARTED, HAL_ETH_DeInit leaves them (only the
 *       project's HAL_ETH_MspDeInit could gate the clock), the software reset of HAL_ETH_Init clears
 *       them; the glue may clear them itself (CLEAR_BIT reaches the model). A TX packet freed, or an RX
 *       buffer returned to the pool, while a running DMA owns its descriptor fails a check.
 *   MAC error (H7, fault mac-error): a MAC status event the HAL of stm32h7xx_hal_driver v1.11.3 and
 *       later turns into gState ERROR at the next ETH interrupt while the DMA keeps running.
 *   IRQ the DMA status bits (RS/TS, RBU, FBE with the NIS/AIS summaries) raise the ETH interrupt when
 *       their enable bits and the NVIC line allow; HAL_ETH_IRQHandler clears what the HAL clears and
 *       calls the callbacks; a fatal bus error disables the interrupts and leaves gState ERROR.
 *   PHY clause-22 BCR/BSR/ANAR/ANLPAR over MDIO (BSR's link bit latches low), link up/down by fault
 *       injection; MDIO needs HAL_ETH_SetMDIOClockRange after every HAL_ETH_Init.
 *   D-cache (F7/H7): the DMA's writes make the buffer stale until SCB_InvalidateDCache_by_Addr; a frame
 *       handed to the application stale, or a TX buffer not cleaned, fails a check.
 */
#include <stdio.h>
#include <string.h>

#include "main.h"
#include "lwip/pbuf.h"
#include "lwipgen_rxpool.h"
#include "devhost.h"

ETH_TypeDef lwipgen_sim_eth_regs;

static ETH_HandleTypeDef *eth;
static volatile uint32_t uwTick;
static int nvic_eth, mdio_ok;
static int rx_suspended, dma_dead, mac_err_pending;
static uint32_t rx_dma;                        /* descriptor the RX DMA writes next */
static int rx_own[ETH_RX_DESC_CNT];             /* the DMA owns it (armed, empty) */
static int rx_full[ETH_RX_DESC_CNT];            /* the DMA wrote a frame, the CPU has not read it */
static uint64_t rx_armed_at[ETH_RX_DESC_CNT];
static uintptr_t rx_buf[ETH_RX_DESC_CNT];      /* the buffer the DMA writes into (the glue may clear BackupAddr0 first) */
static uint32_t rx_len[ETH_RX_DESC_CNT];
static int tx_own[ETH_TX_DESC_CNT];
static uint64_t tx_done[ETH_TX_DESC_CNT];
static void *tx_pkt[ETH_TX_DESC_CNT];          /* the packet (pData) whose last buffer is on descriptor i */
static int link_latched_low;
static ETH_MACConfigTypeDef maccfg;
static uint8_t txframe[2048];

static struct {
    uint64_t tx_irqs, tx_irq_latency_max;
    uint64_t inits, deinits, starts, stops, fatal, recoveries, rbu, rx_dma_frames, read_frames, tx_frames, tx_busy, tx_freed, irqs,
        mdio_range, alloc_null, mac_errors;
} st;

/* The DMA engines run while their start bit is set (the MAC's TE/RE gate the wire, not the memory
 * accesses) and no fatal bus error stopped them. */
static int tx_dma_running(void) { return eth != NULL && !dma_dead && (ETH->SIM_TX_CTL & SIM_TX_START) != 0u; }
static int rx_dma_running(void) { return eth != NULL && !dma_dead && (ETH->SIM_RX_CTL & SIM_RX_START) != 0u; }
static int mac_rx_on(void) { return (ETH->MACCR & ETH_MACCR_RE) != 0u && rx_dma_running(); }

/* The DMA debug/status process states follow the start bits: Stopped (0) once a start bit is clear. */
static void dma_state_sync(void)
{
    uint32_t v = ETH->SIM_DSR & ~(uint32_t)(SIM_DSR_TPS | SIM_DSR_RPS);
    if (tx_dma_running()) {
        v |= SIM_DSR_TPS_SUSPENDED;
    }
    if (rx_dma_running()) {
        v |= SIM_DSR_RPS_WAITING;
    }
    ETH->SIM_DSR = v;
}

/* ---- RX buffer pool accounting: the glue's lwipgen_rxpool_get/put, wrapped at link time ----- */
static lwipgen_rxpool_t *pool;
static int64_t pool_low = -1;
void *__real_lwipgen_rxpool_get(lwipgen_rxpool_t *p);
int __real_lwipgen_rxpool_put(lwipgen_rxpool_t *p, void *e);
void *__wrap_lwipgen_rxpool_get(lwipgen_rxpool_t *p)
{
    void *e = __real_lwipgen_rxpool_get(p);
    int64_t n;
    pool = p;
    n = lwipgen_rxpool_nfree(p);
    if (pool_low < 0 || n < pool_low) {
        pool_low = n;
    }
    return e;
}
int __wrap_lwipgen_rxpool_put(lwipgen_rxpool_t *p, void *e)
{
    int r;
    uint32_t i;
    if (eth != NULL && rx_dma_running()) {
        for (i = 0; i < ETH_RX_DESC_CNT; i++) {
            uintptr_t b = rx_buf[i];
            if (rx_own[i] && b >= (uintptr_t)e && b < (uintptr_t)e + 64u) {
                dev_check_failed("rx_buffer_freed_while_dma_owns", "an RX buffer (%p) went back to the pool while the running RX DMA owned descriptor %u", e, (unsigned)i);
            }
        }
    }
    r = __real_lwipgen_rxpool_put(p, e);
    pool = p;
    if (r == LWIPGEN_RXPOOL_BAD) {
        dev_check_failed("rx_buffer_bad_free", "an RX buffer was returned twice or is not from the pool (%p)", e);
    }
    return r;
}

/* ---- TX packets: lwIP's pbuf_free, wrapped at link time ------------------------------------------ */
/* A packet whose last reference goes while the running TX DMA still owns its descriptor: the memory
 * returns to lwIP's heap or pool while the DMA may still read it. */
u8_t __real_pbuf_free(struct pbuf *p);
static void tx_update(void);
u8_t __wrap_pbuf_free(struct pbuf *p)
{
    uint32_t i;
    if (p != NULL && tx_dma_running() && p->ref == 1u) {
        tx_update();
        for (i = 0; i < ETH_TX_DESC_CNT; i++) {
            if (tx_own[i] && tx_pkt[i] == (void *)p) {
                dev_check_failed("tx_freed_while_dma_owns", "a TX packet (%p) was freed while the running TX DMA owned descriptor %u", (void *)p, (unsigned)i);
            }
        }
    }
    return __real_pbuf_free(p);
}

void model_rxpool(int64_t *free_now, int64_t *free_low, int64_t *total, int64_t *idle_free)
{
    *free_now = pool ? lwipgen_rxpool_nfree(pool) : -1;
    *free_low = pool_low;
    *total = LWIPGEN_RXPOOL_COUNT;
    *idle_free = (int64_t)LWIPGEN_RXPOOL_COUNT - (int64_t)ETH_RX_DESC_CNT;
}

/* ---- CMSIS-Core ------------------------------------------------------------------------------ */
uint32_t __get_PRIMASK(void) { return (uint32_t)dev_primask; }
void __set_PRIMASK(uint32_t m)
{
    dev_primask = m & 1u;
    if (!dev_primask) {
        dev_irq_poll(); /* a pending interrupt is taken as soon as PRIMASK is restored */
    }
}
void __disable_irq(void) { dev_primask = 1; }
void __enable_irq(void) { __set_PRIMASK(0); }
uint32_t __get_IPSR(void) { return dev_in_isr ? 16u + (uint32_t)ETH_IRQn : 0u; }
#if defined(SIM_DCACHE)
void SCB_CleanDCache_by_Addr(volatile void *addr, int32_t dsize) { dev_cache_clean(addr, dsize); }
void SCB_InvalidateDCache_by_Addr(volatile void *addr, int32_t dsize) { dev_cache_invalidate(addr, dsize); }
void SCB_CleanInvalidateDCache_by_Addr(volatile void *addr, int32_t dsize)
{
    dev_cache_clean(addr, dsize);
    dev_cache_invalidate(addr, dsize);
}
#endif

/* ---- HAL basics -------------------------------------------------------------------------------- */
void HAL_IncTick(void) { uwTick++; }
uint32_t HAL_GetTick(void) { return uwTick; }
uint32_t HAL_RCC_GetHCLKFreq(void) { return 168000000u; }
uint32_t sim_eth_irq_prio = 0xffu; /* the RTOS model checks FromISR calls against it */
void HAL_NVIC_SetPriority(IRQn_Type IRQn, uint32_t p, uint32_t s)
{
    (void)s;
    if (IRQn == ETH_IRQn) {
        sim_eth_irq_prio = p;
    }
}
void HAL_NVIC_EnableIRQ(IRQn_Type IRQn)
{
    if (IRQn == ETH_IRQn) {
        nvic_eth = 1;
        dev_irq_poll();
    }
}
void HAL_NVIC_DisableIRQ(IRQn_Type IRQn)
{
    if (IRQn == ETH_IRQn) {
        nvic_eth = 0;
    }
}

/* ---- registers --------------------------------------------------------------------------------- */
static void rx_poll_demand(void)
{
    if (!rx_suspended) {
        return;
    }
    if (rx_own[rx_dma]) {
        rx_suspended = 0; /* the DMA fetches the descriptor again and finds it armed */
        dev_progress++;
    } else {
        ETH->SIM_ETH_SR |= SIM_SR_RBU | SIM_SR_AIS; /* still nothing: RBU again */
        dev_irq_poll();
    }
}

void sim_reg_write(volatile uint32_t *reg, uint32_t val)
{
    *reg = val;
    if (reg == &ETH->SIM_RX_POLL_REG) {
        rx_poll_demand();
    }
    if (reg == &ETH->SIM_TX_CTL || reg == &ETH->SIM_RX_CTL) {
        dma_state_sync();
        dev_progress++;
    }
}

void sim_eth_ier_set(ETH_HandleTypeDef *h, uint32_t bits)
{
    h->Instance->SIM_ETH_IER |= bits;
    dev_irq_poll();
}
void sim_eth_ier_clear(ETH_HandleTypeDef *h, uint32_t bits) { h->Instance->SIM_ETH_IER &= ~bits; }
static uint64_t ti_at;
void sim_eth_sr_clear(ETH_HandleTypeDef *h, uint32_t bits)
{
    h->Instance->SIM_ETH_SR &= ~bits;
    if (bits & SIM_SR_TX) {
        ti_at = UINT64_MAX;
    }
}

/* ti_at: when the pending TI was raised (its frame left the wire); UINT64_MAX while TI is clear */
static void tx_update(void)
{
    uint32_t i;
    if (dma_dead) {
        return; /* a fatal bus error stopped the TX DMA: what it owned stays owned */
    }
    for (i = 0; i < ETH_TX_DESC_CNT; i++) {
        if (tx_own[i] && tx_done[i] <= dev_cpu_ns) {
            tx_own[i] = 0;
            ETH->SIM_ETH_SR |= SIM_SR_TX | SIM_SR_NIS;
            if (tx_done[i] < ti_at) {
                ti_at = tx_done[i];
            }
        }
    }
}

int model_irq_pending(void)
{
    uint32_t sr, ier;
    if (!nvic_eth || eth == NULL) {
        return 0;
    }
    tx_update();
    sr = ETH->SIM_ETH_SR;
    ier = ETH->SIM_ETH_IER;
    if ((ier & SIM_IER_NIS) && (sr & ier & (SIM_IER_RX | SIM_IER_TX))) {
        return 1;
    }
    /* abnormal: RBU and FBE have the same bit position in the status and enable registers */
    if ((ier & SIM_IER_AIS) && (sr & ier & (SIM_SR_RBU | SIM_SR_FBE))) {
        return 1;
    }
    return 0;
}

/* The project's vector (stm32xxxx_it.c: ETH_IRQHandler -> HAL_ETH_IRQHandler(&heth)). */
void ETH_IRQHandler(void);
void model_irq_handler(void)
{
    st.irqs++;
    ETH_IRQHandler();
}

void HAL_ETH_IRQHandler(ETH_HandleTypeDef *h)
{
    uint32_t sr = h->Instance->SIM_ETH_SR, ier = h->Instance->SIM_ETH_IER;
    if ((sr & SIM_SR_RX) && (ier & SIM_IER_RX)) {
        h->Instance->SIM_ETH_SR &= ~(SIM_SR_RX | SIM_SR_NIS);
        HAL_ETH_RxCpltCallback(h);
    }
    if ((sr & SIM_SR_TX) && (ier & SIM_IER_TX)) {
        h->Instance->SIM_ETH_SR &= ~(SIM_SR_TX | SIM_SR_NIS);
        /* how long after its frame left the wire the TX-complete interrupt ran */
        st.tx_irqs++;
        if (ti_at != UINT64_MAX && dev_cpu_ns - ti_at > st.tx_irq_latency_max) {
            st.tx_irq_latency_max = dev_cpu_ns - ti_at;
        }
        ti_at = UINT64_MAX;
        HAL_ETH_TxCpltCallback(h);
    }
    if ((sr & SIM_SR_AIS) && (ier & SIM_IER_AIS)) {
        h->ErrorCode |= HAL_ETH_ERROR_DMA;
        if (sr & SIM_SR_FBE) {
            h->DMAErrorCode = sr & (SIM_SR_FBE | SIM_SR_TPS | SIM_SR_RPS);
            h->Instance->SIM_ETH_IER &= ~(SIM_IER_NIS | SIM_IER_AIS);
            h->gState = HAL_ETH_STATE_ERROR;
        } else {
            h->DMAErrorCode = sr & (SIM_SR_RBU | SIM_SR_AIS);
            h->Instance->SIM_ETH_SR &= ~(SIM_SR_RBU | SIM_SR_AIS);
        }
        HAL_ETH_ErrorCallback(h);
    }
#if defined(SIM_ETH_H7)
    /* MAC status error (MACISR RXSTSIS/TXSTSIS, read on every ETH interrupt by the newest H7 HAL):
     * gState ERROR, the DMA keeps running. */
    if (mac_err_pending) {
        mac_err_pending = 0;
        h->ErrorCode |= HAL_ETH_ERROR_MAC;
        h->MACErrorCode = 1u;
        h->gState = HAL_ETH_STATE_ERROR;
        HAL_ETH_ErrorCallback(h);
        h->MACErrorCode = 0u;
    }
#endif
}

/* ---- init / start / stop ---------------------------------------------------------------------------- */
__attribute__((weak)) void HAL_ETH_MspInit(ETH_HandleTypeDef *h) { (void)h; }

static ETH_DMADescTypeDef *rxd(uint32_t i) { return &eth->Init.RxDesc[i]; }

HAL_StatusTypeDef HAL_ETH_Init(ETH_HandleTypeDef *h)
{
    uint32_t i;
    if (h == NULL) {
        return HAL_ERROR;
    }
    if (h->gState == HAL_ETH_STATE_RESET) {
        HAL_ETH_MspInit(h);
    }
    if ((h->Init.RxBuffLen % 4u) != 0u || h->Init.RxDesc == NULL || h->Init.TxDesc == NULL) {
        h->ErrorCode = HAL_ETH_ERROR_PARAM;
        h->gState = HAL_ETH_STATE_ERROR;
        return HAL_ERROR;
    }
    eth = h;
    st.inits++;
    if (dma_dead) {
        st.recoveries++; /* the software reset of HAL_ETH_Init clears the DMA's fatal state */
    }
    dma_dead = 0;
    mac_err_pending = 0;
    rx_suspended = 0;
    mdio_ok = 0; /* ETH's reset sets the MDIO clock range back to its default */
    /* the software reset: every MAC/DMA register at its reset value, both DMA engines stopped */
    memset(h->Instance, 0, sizeof *h->Instance);
    ti_at = UINT64_MAX;
    /* ETH_DMARxDescListInit / ETH_DMATxDescListInit: every descriptor cleared, buffers forgotten */
    for (i = 0; i < ETH_RX_DESC_CNT; i++) {
        memset(&h->Init.RxDesc[i], 0, sizeof h->Init.RxDesc[i]);
        h->RxDescList.RxDesc[i] = (uintptr_t)&h->Init.RxDesc[i];
        rx_own[i] = rx_full[i] = 0;
    }
    /* PacketAddress[], BuffersInUse and releaseIndex are not touched (ETH_DMATxDescListInit) */
    for (i = 0; i < ETH_TX_DESC_CNT; i++) {
        memset(&h->Init.TxDesc[i], 0, sizeof h->Init.TxDesc[i]);
        h->TxDescList.TxDesc[i] = (uintptr_t)&h->Init.TxDesc[i];
        tx_own[i] = 0;
        tx_pkt[i] = NULL;
    }
    rx_dma = 0;
    /* RxDescIdx, RxDescCnt, RxBuildDescIdx, RxBuildDescCnt, ItMode: pRxStart/pRxEnd/RxDataLength are not */
    h->RxDescList.RxDescIdx = 0;
    h->RxDescList.RxDescCnt = 0;
    h->RxDescList.RxBuildDescIdx = 0;
    h->RxDescList.RxBuildDescCnt = 0;
    h->RxDescList.ItMode = 0;
    h->TxDescList.CurTxDesc = 0;
    h->ErrorCode = HAL_ETH_ERROR_NONE;
    h->gState = HAL_ETH_STATE_READY;
    dev_progress++;
    return HAL_OK;
}

HAL_StatusTypeDef HAL_ETH_DeInit(ETH_HandleTypeDef *h)
{
    st.deinits++;
    /* HAL_ETH_DeInit only calls HAL_ETH_MspDeInit (the project's: clocks, pins, NVIC) and sets gState:
     * the registers, so a running DMA, stay as they were. */
    h->gState = HAL_ETH_STATE_RESET;
    dev_progress++;
    return HAL_OK;
}

void HAL_ETH_SetMDIOClockRange(ETH_HandleTypeDef *h)
{
    (void)h;
    mdio_ok = 1;
    st.mdio_range++;
}

/* ETH_UpdateDescriptor: arm the descriptors still to build, from RxBuildDescIdx, with buffers from
 * HAL_ETH_RxAllocateCallback; stop at the first NULL; a poll demand when something was armed. */
static void update_descriptors(void)
{
    uint32_t idx = eth->RxDescList.RxBuildDescIdx, cnt = eth->RxDescList.RxBuildDescCnt, j;
    while (cnt > 0u) {
        ETH_DMADescTypeDef *d = rxd(idx);
        if (d->BackupAddr0 == 0u) {
            uint8_t *b = NULL;
            HAL_ETH_RxAllocateCallback(&b);
            if (b == NULL) {
                st.alloc_null++;
                break;
            }
            for (j = 0; j < ETH_RX_DESC_CNT; j++) {
                if (j != idx && rxd(j)->BackupAddr0 == (uintptr_t)b) {
                    dev_check_failed("rx_buffer_twice", "RxAllocateCallback handed out buffer %p that descriptor %u still holds", (void *)b, j);
                }
            }
            d->BackupAddr0 = (uintptr_t)b;
        }
        rx_own[idx] = 1;
        rx_full[idx] = 0;
        rx_buf[idx] = d->BackupAddr0;
        rx_armed_at[idx] = dev_cpu_ns;
        idx = (idx + 1u) % ETH_RX_DESC_CNT;
        cnt--;
    }
    if (cnt != eth->RxDescList.RxBuildDescCnt) {
        eth->RxDescList.RxBuildDescCnt = cnt;
        eth->RxDescList.RxBuildDescIdx = idx;
        rx_poll_demand();
        dev_progress++;
    }
}

HAL_StatusTypeDef HAL_ETH_Start_IT(ETH_HandleTypeDef *h)
{
    if (h->gState != HAL_ETH_STATE_READY) {
        return HAL_ERROR;
    }
    h->gState = HAL_ETH_STATE_BUSY;
    h->RxDescList.ItMode = 1u;
    h->RxDescList.RxBuildDescCnt = ETH_RX_DESC_CNT;
    update_descriptors();
    if (maccfg.Speed != ETH_SPEED_100M || maccfg.DuplexMode != ETH_FULLDUPLEX_MODE) {
        dev_check_failed("mac_config", "MAC started at %s %s duplex on a 100 Mbit/s full-duplex link", maccfg.Speed == ETH_SPEED_100M ? "100M" : "10M",
                         maccfg.DuplexMode == ETH_FULLDUPLEX_MODE ? "full" : "half");
    }
    h->Instance->SIM_TX_CTL |= SIM_TX_START;
    h->Instance->SIM_RX_CTL |= SIM_RX_START;
    h->Instance->MACCR |= ETH_MACCR_TE | ETH_MACCR_RE;
    dma_state_sync();
    rx_suspended = 0;
    sim_eth_ier_set(h, SIM_IER_NIS | SIM_IER_RX | SIM_IER_TX | SIM_IER_FBE | SIM_IER_AIS | SIM_IER_RBU);
    h->gState = HAL_ETH_STATE_STARTED;
    st.starts++;
    dev_progress++;
    return HAL_OK;
}

HAL_StatusTypeDef HAL_ETH_Start(ETH_HandleTypeDef *h)
{
    HAL_StatusTypeDef r = HAL_ETH_Start_IT(h);
    if (r == HAL_OK) {
        h->RxDescList.ItMode = 0u;
        h->Instance->SIM_ETH_IER = 0u;
    }
    return r;
}

HAL_StatusTypeDef HAL_ETH_Stop_IT(ETH_HandleTypeDef *h)
{
    if (h->gState != HAL_ETH_STATE_STARTED) {
        return HAL_ERROR;
    }
    h->gState = HAL_ETH_STATE_BUSY;
    sim_eth_ier_clear(h, SIM_IER_NIS | SIM_IER_RX | SIM_IER_TX | SIM_IER_FBE | SIM_IER_AIS | SIM_IER_RBU);
    h->Instance->SIM_TX_CTL &= ~SIM_TX_START;
    h->Instance->SIM_RX_CTL &= ~SIM_RX_START;
    h->Instance->MACCR &= ~(ETH_MACCR_TE | ETH_MACCR_RE);
    dma_state_sync();
    h->RxDescList.ItMode = 0u;
    h->gState = HAL_ETH_STATE_READY;
    st.stops++;
    dev_progress++;
    return HAL_OK;
}

HAL_StatusTypeDef HAL_ETH_Stop(ETH_HandleTypeDef *h) { return HAL_ETH_Stop_IT(h); }

/* ---- RX ---------------------------------------------------------------------------------------------- */
void model_rx_frame(const uint8_t *frame, uint32_t len)
{
    ETH_DMADescTypeDef *d;
    if (!dev_link_up()) {
        dev_drop(DROP_LINK_DOWN);
        return;
    }
    if (eth == NULL || (!dma_dead && !mac_rx_on())) {
        dev_drop(DROP_MAC_STOPPED);
        return;
    }
    if (dma_dead) {
        dev_drop(DROP_DMA_ERROR);
        return;
    }
    if (rx_suspended) {
        dev_drop(DROP_RX_SUSPENDED);
        return;
    }
    d = rxd(rx_dma);
    if (!rx_own[rx_dma] || rx_armed_at[rx_dma] > dev_now_ns) {
        /* the DMA's next descriptor is the CPU's: it suspends with RBU and the frame is lost */
        dev_drop(d->BackupAddr0 == 0u ? DROP_RING_STARVED : DROP_NO_DESC);
        rx_suspended = 1;
        st.rbu++;
        ETH->SIM_ETH_SR |= SIM_SR_RBU | SIM_SR_AIS;
        dev_irq_poll();
        return;
    }
    if (len > eth->Init.RxBuffLen) {
        len = eth->Init.RxBuffLen; /* longer frames would span descriptors; the link carries at most 1514 B */
    }
    memcpy((void *)d->BackupAddr0, frame, len);
    dev_cache_dma_wrote((void *)d->BackupAddr0, len);
    rx_own[rx_dma] = 0;
    rx_full[rx_dma] = 1;
    rx_len[rx_dma] = len;
    rx_dma = (rx_dma + 1u) % ETH_RX_DESC_CNT;
    st.rx_dma_frames++;
    ETH->SIM_ETH_SR |= SIM_SR_RX | SIM_SR_NIS;
    dev_irq_poll();
}

HAL_StatusTypeDef HAL_ETH_ReadData(ETH_HandleTypeDef *h, void **pAppBuff)
{
    uint32_t idx, cnt = 0, max;
    int ready = 0;
    if (pAppBuff == NULL) {
        return HAL_ERROR;
    }
    if (h->gState != HAL_ETH_STATE_STARTED) {
        return HAL_ERROR;
    }
    idx = h->RxDescList.RxDescIdx;
    max = ETH_RX_DESC_CNT - h->RxDescList.RxBuildDescCnt;
    while (cnt < max && !ready && rx_full[idx]) {
        ETH_DMADescTypeDef *d = rxd(idx);
        uint8_t *buf = (uint8_t *)d->BackupAddr0;
        uint32_t len = rx_len[idx];
        h->RxDescList.pRxStart = h->RxDescList.pRxStart; /* first and last descriptor of the frame */
        h->RxDescList.RxDataLength = len;
        HAL_ETH_RxLinkCallback(&h->RxDescList.pRxStart, &h->RxDescList.pRxEnd, buf, (uint16_t)len);
        if (dev_dcache && dev_cache_stale(buf, len)) {
            dev_check_failed("cache_rx_stale", "a received frame (%u B at %p) reached the application without SCB_InvalidateDCache_by_Addr after the DMA wrote it",
                             (unsigned)len, (void *)buf);
        }
        d->BackupAddr0 = 0u; /* consumed: the next ETH_UpdateDescriptor asks for a new buffer */
        rx_full[idx] = 0;
        idx = (idx + 1u) % ETH_RX_DESC_CNT;
        cnt++;
        ready = 1;
        dev_cpu_spend(dev_cost_rx(len));
    }
    h->RxDescList.RxDescIdx = idx;
    h->RxDescList.RxBuildDescCnt += cnt;
    if (h->RxDescList.RxBuildDescCnt != 0u) {
        update_descriptors();
    }
    if (ready) {
        *pAppBuff = h->RxDescList.pRxStart;
        h->RxDescList.pRxStart = NULL;
        h->RxDescList.pRxEnd = NULL;
        st.read_frames++;
        dev_progress++;
        return HAL_OK;
    }
    return HAL_ERROR;
}

/* ---- TX ---------------------------------------------------------------------------------------------- */
HAL_StatusTypeDef HAL_ETH_Transmit_IT(ETH_HandleTypeDef *h, ETH_TxPacketConfigTypeDef *c)
{
    ETH_BufferTypeDef *b;
    uint32_t n = 0, len = 0, i, idx, last;
    int busy;
    if (c == NULL) {
        h->ErrorCode |= HAL_ETH_ERROR_PARAM;
        return HAL_ERROR;
    }
    if (h->gState != HAL_ETH_STATE_STARTED) {
        return HAL_ERROR;
    }
    tx_update();
    for (b = c->TxBuffer; b != NULL; b = b->next) {
        n++;
    }
    idx = h->TxDescList.CurTxDesc;
    /* ETH_Prepare_Tx_Descriptors: every descriptor the frame needs must be the CPU's and hold no
     * packet still to be released */
    busy = n == 0u || n > ETH_TX_DESC_CNT;
    for (i = 0; i < n && !busy; i++) {
        uint32_t k = (idx + i) % ETH_TX_DESC_CNT;
        busy = tx_own[k] || h->TxDescList.PacketAddress[k] != NULL;
    }
    if (busy) {
        /* HAL_ETH_ERROR_BUSY; the caller polls again: the CPU spins until the DMA frees one */
        uint64_t next = UINT64_MAX;
        for (i = 0; i < ETH_TX_DESC_CNT; i++) {
            if (tx_own[i] && tx_done[i] < next) {
                next = tx_done[i];
            }
        }
        h->ErrorCode |= HAL_ETH_ERROR_BUSY;
        st.tx_busy++;
        dev_cpu_spend(next != UINT64_MAX && next > dev_cpu_ns ? next - dev_cpu_ns : 1000000u);
        return HAL_ERROR;
    }
    for (b = c->TxBuffer; b != NULL; b = b->next) {
        if (dev_dcache && !dev_cache_cleaned(b->buffer, b->len)) {
            dev_check_failed("cache_tx_not_cleaned", "a TX buffer (%u B at %p) was handed to the DMA without SCB_CleanDCache_by_Addr", (unsigned)b->len,
                             (void *)b->buffer);
        }
        if (len + b->len <= sizeof txframe) {
            memcpy(txframe + len, b->buffer, b->len);
        }
        len += b->len;
    }
    if (len != c->Length) {
        dev_check_failed("tx_length", "Transmit_IT: Length %u, buffers %u B", (unsigned)c->Length, (unsigned)len);
    }
    dev_cache_tx_done();
    dev_cpu_spend(dev_cost_tx(len));
    {
        uint64_t end = dma_dead ? UINT64_MAX : dev_wire_tx(txframe, len > sizeof txframe ? (uint32_t)sizeof txframe : len);
        last = idx;
        for (i = 0; i < n; i++) {
            tx_own[idx] = 1;
            tx_done[idx] = end;
            last = idx;
            idx = (idx + 1u) % ETH_TX_DESC_CNT;
        }
    }
    h->TxDescList.CurrentPacketAddress = (uint32_t *)c->pData;
    h->TxDescList.PacketAddress[last] = (uint32_t *)c->pData;
    tx_pkt[last] = c->pData;
    h->TxDescList.BuffersInUse += n;
    h->TxDescList.CurTxDesc = idx;
    st.tx_frames++;
    dev_progress++;
    return HAL_OK;
}

HAL_StatusTypeDef HAL_ETH_ReleaseTxPacket(ETH_HandleTypeDef *h)
{
    /* The HAL's scan: from releaseIndex over BuffersInUse descriptors, skipping empty ones, stopping
     * at the first packet the DMA still owns; the count and the index are stored only when a packet
     * was released. */
    uint32_t num = h->TxDescList.BuffersInUse, idx = h->TxDescList.releaseIndex;
    tx_update();
    while (num != 0u) {
        num--;
        if (h->TxDescList.PacketAddress[idx] == NULL) {
            idx = (idx + 1u) % ETH_TX_DESC_CNT;
            continue;
        }
        if (tx_own[idx]) {
            break;
        }
        HAL_ETH_TxFreeCallback(h->TxDescList.PacketAddress[idx]);
        h->TxDescList.PacketAddress[idx] = NULL;
        tx_pkt[idx] = NULL;
        st.tx_freed++;
        idx = (idx + 1u) % ETH_TX_DESC_CNT;
        h->TxDescList.BuffersInUse = num;
        h->TxDescList.releaseIndex = idx;
        dev_progress++;
    }
    return HAL_OK;
}

/* ---- PHY / MAC configuration ---------------------------------------------------------------------------- */
HAL_StatusTypeDef HAL_ETH_WritePHYRegister(const ETH_HandleTypeDef *h, uint32_t a, uint32_t r, uint32_t v)
{
    (void)h;
    (void)a;
    (void)r;
    (void)v;
    if (!mdio_ok) {
        dev_check_failed("mdio_clock", "PHY register write before HAL_ETH_SetMDIOClockRange (MDC out of range after HAL_ETH_Init)");
        return HAL_ERROR;
    }
    dev_cpu_spend(20000u); /* one MDIO frame: 64 bits at 2.5 MHz */
    return HAL_OK;
}

HAL_StatusTypeDef HAL_ETH_ReadPHYRegister(const ETH_HandleTypeDef *h, uint32_t a, uint32_t r, uint32_t *v)
{
    (void)h;
    (void)a;
    if (!mdio_ok) {
        dev_check_failed("mdio_clock", "PHY register read before HAL_ETH_SetMDIOClockRange (MDC out of range after HAL_ETH_Init)");
        return HAL_ERROR;
    }
    dev_cpu_spend(20000u);
    switch (r) {
    case 1u: /* BSR: 100BASE-TX FD/HD, 10 FD/HD, auto-negotiation able; link (latching low), AN complete */
        *v = 0x7809u;
        if (dev_link_up() && !link_latched_low) {
            *v |= 0x0024u;
        }
        link_latched_low = 0;
        break;
    case 4u:
    case 5u:
        *v = 0x01E1u; /* ANAR / ANLPAR: 10/100, both duplexes, IEEE 802.3 */
        break;
    default:
        *v = 0u;
    }
    return HAL_OK;
}

HAL_StatusTypeDef HAL_ETH_GetMACConfig(const ETH_HandleTypeDef *h, ETH_MACConfigTypeDef *m)
{
    (void)h;
    *m = maccfg;
    return HAL_OK;
}

HAL_StatusTypeDef HAL_ETH_SetMACConfig(ETH_HandleTypeDef *h, ETH_MACConfigTypeDef *m)
{
    (void)h;
    maccfg = *m;
    return HAL_OK;
}

uint32_t HAL_ETH_GetDMAError(const ETH_HandleTypeDef *h) { return h->DMAErrorCode; }
uint32_t HAL_ETH_GetError(const ETH_HandleTypeDef *h) { return h->ErrorCode; }
HAL_ETH_StateTypeDef HAL_ETH_GetState(const ETH_HandleTypeDef *h) { return h->gState; }

/* ---- the model's side of devhost ------------------------------------------------------------------------ */
void model_init(void)
{
    memset(&lwipgen_sim_eth_regs, 0, sizeof lwipgen_sim_eth_regs);
    ti_at = UINT64_MAX;
#if defined(SIM_DCACHE)
    dev_dcache = 1; /* Cortex-M7: the D-cache model checks the glue's maintenance */
#endif
}

void model_link_changed(void)
{
    if (!dev_link_up()) {
        link_latched_low = 1;
    }
}

void model_dma_fatal(void)
{
    if (eth == NULL || (!tx_dma_running() && !rx_dma_running())) {
        return;
    }
    /* a fatal bus error: both DMA engines stop (TPS, RPS) and the status says why */
    dma_dead = 1;
    st.fatal++;
    ETH->SIM_ETH_SR |= SIM_SR_FBE | SIM_SR_AIS | SIM_SR_TPS | SIM_SR_RPS;
}

/* fault mac-error: a MAC status event (receive watchdog, jabber timeout); only the H7 HAL turns it into
 * an error state, at the next ETH interrupt. */
void model_mac_error(void)
{
#if defined(SIM_ETH_H7)
    if (eth != NULL && eth->gState == HAL_ETH_STATE_STARTED) {
        mac_err_pending = 1;
        st.mac_errors++;
    }
#endif
}

/* What must be back at its start-up value when the device is idle: the HAL's TX release bookkeeping
 * and RX frame assembly (HAL_ETH_Init resets none of it). */
void model_idle(void (*item)(const char *what, int64_t now, int64_t idle))
{
    uint32_t i, held = 0;
    if (eth == NULL) {
        return;
    }
    for (i = 0; i < ETH_TX_DESC_CNT; i++) {
        held += eth->TxDescList.PacketAddress[i] != NULL;
    }
    item("HAL TX packets held (TxDescList.PacketAddress)", held, 0);
    item("HAL TX descriptors in use (TxDescList.BuffersInUse)", eth->TxDescList.BuffersInUse, 0);
    item("HAL TX release index (TxDescList.releaseIndex, idle at CurTxDesc)", eth->TxDescList.releaseIndex, eth->TxDescList.CurTxDesc);
    item("HAL RX frame half linked (RxDescList.pRxStart)", eth->RxDescList.pRxStart != NULL, 0);
}

/* TX completion is an event at its virtual time: the descriptor's frame has left the wire, the DMA
 * clears OWN and raises TI (status) and, where IER's NIS and TIE and the NVIC allow it, the ETH
 * interrupt then, not at the next SysTick or frame (HAL_ETH_TxCpltCallback -> the glue's TX-done
 * signal: the RTOS glue's RX task reclaims the buffers, a task waiting for a descriptor wakes). */
uint64_t model_next_event(void)
{
    uint64_t next = UINT64_MAX;
    uint32_t i, ier;
    if (eth == NULL || !nvic_eth || !tx_dma_running()) {
        return UINT64_MAX;
    }
    ier = ETH->SIM_ETH_IER;
    if (!(ier & SIM_IER_NIS) || !(ier & SIM_IER_TX)) {
        return UINT64_MAX;
    }
    for (i = 0; i < ETH_TX_DESC_CNT; i++) {
        if (tx_own[i] && tx_done[i] < next) {
            next = tx_done[i];
        }
    }
    return next;
}
void model_timed(void) { tx_update(); }

void model_stats(void (*kv)(const char *key, uint64_t v))
{
    kv("hal_inits", st.inits);
    kv("hal_deinits", st.deinits);
    kv("mac_starts", st.starts);
    kv("mac_stops", st.stops);
    kv("dma_fatal_injected", st.fatal);
    kv("recoveries", st.recoveries);
    kv("rbu", st.rbu);
    kv("rx_dma_frames", st.rx_dma_frames);
    kv("rx_read_frames", st.read_frames);
    kv("tx_frames", st.tx_frames);
    kv("tx_busy", st.tx_busy);
    kv("tx_freed", st.tx_freed);
    kv("eth_irqs", st.irqs);
    kv("tx_irqs", st.tx_irqs);
    kv("tx_irq_latency_max_ns", st.tx_irq_latency_max);
    kv("mdio_clock_range", st.mdio_range);
    kv("rx_alloc_null", st.alloc_null);
    kv("mac_errors_injected", st.mac_errors);
    kv("gstate", eth ? eth->gState : 0u);
    kv("tx_in_use", eth ? eth->TxDescList.BuffersInUse : 0u);
    kv("rx_unbuilt", eth ? eth->RxDescList.RxBuildDescCnt : 0u);
}
