/*
 * model_xemacps.c - behavioural model of the Zynq-7000 Gigabit Ethernet controller (GEM) and of the
 * XEmacPs driver API over it, plus the bits of the standalone BSP around them (SCU GIC, CPU private
 * timer, Xil_Cache, Xil_Mmu, the CPSR I bit), for lwipgen's host simulator. lwipgen's own code, written
 * from Xilinx's documentation: UG585 (Zynq-7000 TRM) chapter 16 "Gigabit Ethernet Controller"
 * (16.3.6-16.3.8 BD lists, used/wrap bits, TX start, RX "buffer not available", 16.3.9 interrupts, the
 * statistics registers cleared on read) and appendix B.18 (register bits); the XEmacPs driver's API
 * documentation in embeddedsw (xemacps.h, xemacps_bdring.h: the free -> pre -> hw -> post -> free
 * life of a BD; XEmacPs_IntrHandler's order: FRAMERX -> receive callback, TXCOMPL -> send callback, RX
 * error bits -> error callback with RXSR, TX error bits (without TXCOMPL) -> error callback with
 * TXSR). The public sources were read to check that order; no line of them is here.
 *
 * What is modelled:
 *   RX  the GEM walks the BD list from RXQBASE: a frame goes into the buffer of the next BD whose
 *       "used" bit (word 0 bit 0) is clear, at most DMACR's buffer size (1536 B); the GEM writes the
 *       length/SOF/EOF into word 1, sets "used", steps (wrap bit) and raises FRAMERX. A BD with "used"
 *       set means no buffer: the frame is lost, RXSR BUFFNA / ISR RXUSED (UG1087 receive_status: the
 *       DMA re-reads that BD at each end of frame until it finds one armed); a second loss in a row
 *       with no FLUSH_DPRAM in between raises RXSR/ISR RXOVR (the model's simplification of the packet
 *       buffer overflowing). RXCNT counts frames (cleared on read).
 *   TX  NWCTRL STARTTX makes the GEM send the frames from its TX pointer while their first BD's "used"
 *       bit (word 1 bit 31) is clear, one frame per run of BDs ending with "last"; when a frame has left
 *       the wire, "used" is set in its first BD and TXSR/ISR TXCOMPL raised.
 *   IRQ ISR & ~IMR drives the GEM's line (IRQ 54) into the SCU GIC, delivered when the GIC enables it
 *       and the CPSR I bit is clear; XEmacPs_IntrHandler is the driver's dispatcher.
 *   DMA a fatal AHB error (fault injection, "hresp not ok") stops both DMA engines: RXSR/TXSR HRESPNOK,
 *       ISR HRESPNOK; only a reset (XEmacPs_CfgInitialize) restarts them.
 *   PHY an RGMII gigabit PHY over MDIO (clause 22: BMCR, BMSR with the link bit latching low, IDs,
 *       ANAR/ANLPAR, 1000BASE-T control/status); MDIO needs NWCTRL MDEN and a divisor set after reset.
 *   cache the A9's L1 D-cache: the DMA's writes are stale to the CPU until Xil_DCacheInvalidateRange,
 *       a TX buffer must be flushed (Xil_DCacheFlushRange) before STARTTX; the BD lists must be in a
 *       section Xil_SetTlbAttributes made non-cacheable before XEmacPs_Start.
 *   checks the armed RX buffer must hold the 1536 B the GEM may write (a PBUF_POOL element's payload),
 *       BD addresses must fit the 32-bit BD word.
 * Not modelled: the Zynq RX lock-up (SI #692601, AR# 52028): its trigger is not documented beyond
 * "heavy RX traffic"; the workaround's mechanics (RXCNT cleared on read, the RXEN toggle) are.
 */
#include <stdio.h>
#include <string.h>

#include "lwip/opt.h"
#include "lwip/memp.h"
#include "lwip/pbuf.h"
#include "lwip/priv/memp_priv.h"
#include "xemacps.h"
#include "devhost.h"

#define GEM_BASE XPAR_XEMACPS_0_BASEADDR
#define NREGS (XEMACPS_LAST_OFFSET / 4U)
#define PHY_ADDR 1U
#define MAX_BDS 8192U /* 64 KB of 8-byte BDs: what the adapter reserves per ring */

static u32 regs[NREGS];
static int dma_dead, rx_lost_in_row, mdio_div_set;
static UINTPTR rx_ptr, tx_ptr; /* the BDs the GEM's RX and TX engines look at next */
static XEmacPs_Config cfg0 = {XPAR_XEMACPS_0_DEVICE_ID, GEM_BASE, 0};
static XEmacPs *inst;
static u8 mac_addr[6];
static int link_latched_low;
static u16 phy_bmcr = 0x1140u; /* AN enabled, full duplex, 1000 Mb/s select */
static uint64_t tx_busy_until;

/* a frame the GEM is sending: its first BD gets "used" when it has left the wire */
struct txdone {
    UINTPTR first;
    uint64_t at;
};
#define MAX_TX_INFLIGHT 8192
static struct txdone txq[MAX_TX_INFLIGHT];
static int txq_head, txq_n;
static uint8_t txframe[2048];

/* the GIC and the private timer */
#define NIRQ 96
static Xil_ExceptionHandler gic_fn[NIRQ];
static void *gic_ref[NIRQ];
static int gic_en[NIRQ];
static u32 timer_period_ms, timer_count_ms;
static int timer_pending;

static struct {
    uint64_t resets, starts, stops, fatal, recoveries, buffna, rxovr, rx_frames, rx_filtered, tx_frames, tx_bds, irqs, starttx,
        rx_path_resets, flush_dpram, mdio_ops, phy_reads_reset_divisor, tlb_sets;
} st;

/* sections made non-cacheable with Xil_SetTlbAttributes: enough for the adapter's one BD MB */
static UINTPTR nocache_mb[16];
static int n_nocache;

/* ---- the CPSR I bit and the GIC ----------------------------------------------------------------- */
void Xil_ExceptionEnableMask(u32 m)
{
    if (m & XIL_EXCEPTION_IRQ) {
        dev_primask = 0;
        dev_irq_poll();
    }
}
void Xil_ExceptionDisableMask(u32 m)
{
    if (m & XIL_EXCEPTION_IRQ) {
        dev_primask = 1;
    }
}
u32 sim_cpsr_irq_masked(void) { return (u32)dev_primask; }
void sim_cpsr_irq_restore(u32 was)
{
    dev_primask = was ? 1 : 0;
    if (!dev_primask) {
        dev_irq_poll();
    }
}

void XScuGic_RegisterHandler(UINTPTR base, u32 id, Xil_ExceptionHandler fn, void *ref)
{
    (void)base;
    if (id < NIRQ) {
        gic_fn[id] = fn;
        gic_ref[id] = ref;
    }
}
void XScuGic_EnableIntr(UINTPTR dist, u32 id)
{
    (void)dist;
    if (id < NIRQ) {
        gic_en[id] = 1;
        dev_irq_poll();
    }
}
void XScuGic_DisableIntr(UINTPTR dist, u32 id)
{
    (void)dist;
    if (id < NIRQ) {
        gic_en[id] = 0;
    }
}

/* The private timer counts the simulator's millisecond ticks; at zero it reloads and raises PPI 29,
 * which the GIC hands to the registered handler (the example's timer_callback). */
void sim_scutimer_start(u32 period_ms)
{
    timer_period_ms = period_ms;
    timer_count_ms = 0;
}
void sim_scutimer_tick(void)
{
    if (timer_period_ms == 0u) {
        return;
    }
    if (++timer_count_ms >= timer_period_ms) {
        timer_count_ms = 0;
        timer_pending = 1;
    }
    if (timer_pending && gic_en[XPAR_SCUTIMER_INTR] && gic_fn[XPAR_SCUTIMER_INTR] != NULL) {
        timer_pending = 0;
        gic_fn[XPAR_SCUTIMER_INTR](gic_ref[XPAR_SCUTIMER_INTR]);
        dev_progress++;
    }
}
uint64_t sim_scutimer_next_ns(void)
{
    if (timer_period_ms == 0u) {
        return UINT64_MAX;
    }
    return ((uint64_t)dev_ticks_ms() + (timer_period_ms - timer_count_ms)) * 1000000u;
}

/* ---- cache and MMU --------------------------------------------------------------------------------- */
static void line_range(UINTPTR adr, u32 len, UINTPTR *a, int32_t *n)
{
    UINTPTR s = adr & ~(UINTPTR)31u, e = (adr + len + 31u) & ~(UINTPTR)31u;
    *a = s;
    *n = (int32_t)(e - s);
}
void Xil_DCacheInvalidateRange(UINTPTR adr, u32 len)
{
    UINTPTR a;
    int32_t n;
    if (len == 0u) {
        return;
    }
    line_range(adr, len, &a, &n);
    dev_cache_invalidate((volatile void *)a, n);
}
void Xil_DCacheFlushRange(UINTPTR adr, u32 len)
{
    UINTPTR a;
    int32_t n;
    if (len == 0u) {
        return;
    }
    line_range(adr, len, &a, &n);
    dev_cache_clean((volatile void *)a, n);
}
void Xil_SetTlbAttributes(UINTPTR addr, u32 attr)
{
    st.tlb_sets++;
    if ((attr == DEVICE_MEMORY || attr == STRONG_ORDERED || attr == NORM_NONCACHE) && n_nocache < 16) {
        nocache_mb[n_nocache++] = addr & ~(UINTPTR)0xFFFFFu;
    }
}
static int noncacheable(UINTPTR a)
{
    int i;
    for (i = 0; i < n_nocache; i++) {
        if (nocache_mb[i] == (a & ~(UINTPTR)0xFFFFFu)) {
            return 1;
        }
    }
    return 0;
}

/* ---- registers -------------------------------------------------------------------------------------- */
static void tx_run(void);

static void gem_reset(void)
{
    memset(regs, 0, sizeof regs);
    regs[XEMACPS_NWCFG_OFFSET / 4] = 0x00080000u;                             /* reset value: MDC = pclk/32 */
    regs[XEMACPS_DMACR_OFFSET / 4] = (XEMACPS_RX_BUF_SIZE / 64u) << XEMACPS_DMACR_RXBUF_SHIFT; /* the driver's reset: 1536 B */
    regs[XEMACPS_IMR_OFFSET / 4] = XEMACPS_IXR_ALL_MASK;                        /* every interrupt masked */
    regs[XEMACPS_MODULE_ID_OFFSET / 4] = 0x00020118u;                           /* module 2: Zynq-7000's GEM */
    regs[XEMACPS_NWSR_OFFSET / 4] = 0x4u;                                      /* MDIO idle */
    rx_ptr = tx_ptr = 0;
    txq_head = txq_n = 0;
    rx_lost_in_row = 0;
    mdio_div_set = 0;
    if (dma_dead) {
        st.recoveries++;
    }
    dma_dead = 0;
    st.resets++;
    dev_progress++;
}

u32 XEmacPs_ReadReg(UINTPTR base, u32 off)
{
    u32 v;
    if (base != GEM_BASE || off >= XEMACPS_LAST_OFFSET || (off & 3u)) {
        dev_check_failed("unmodelled_register", "XEmacPs_ReadReg(0x%lx, 0x%x): not a GEM0 register the model has", (unsigned long)base, (unsigned)off);
        return 0;
    }
    v = regs[off / 4];
    if (off >= 0x100u && off < XEMACPS_LAST_OFFSET) {
        regs[off / 4] = 0; /* statistics registers clear on read */
    }
    return v;
}

void XEmacPs_WriteReg(UINTPTR base, u32 off, u32 v)
{
    u32 *r;
    if (base != GEM_BASE || off >= XEMACPS_LAST_OFFSET || (off & 3u)) {
        dev_check_failed("unmodelled_register", "XEmacPs_WriteReg(0x%lx, 0x%x): not a GEM0 register the model has", (unsigned long)base, (unsigned)off);
        return;
    }
    r = &regs[off / 4];
    switch (off) {
    case XEMACPS_TXSR_OFFSET:
    case XEMACPS_RXSR_OFFSET:
    case XEMACPS_ISR_OFFSET:
        *r &= ~v; /* write 1 to clear */
        break;
    case XEMACPS_IER_OFFSET:
        regs[XEMACPS_IMR_OFFSET / 4] &= ~v;
        dev_irq_poll();
        break;
    case XEMACPS_IDR_OFFSET:
        regs[XEMACPS_IMR_OFFSET / 4] |= v & XEMACPS_IXR_ALL_MASK;
        break;
    case XEMACPS_IMR_OFFSET:
        break; /* read-only */
    case XEMACPS_NWCTRL_OFFSET: {
        u32 old = *r;
        *r = v & ~(XEMACPS_NWCTRL_STARTTX_MASK | XEMACPS_NWCTRL_FLUSH_DPRAM_MASK | XEMACPS_NWCTRL_STATCLR_MASK);
        if ((old & XEMACPS_NWCTRL_RXEN_MASK) && !(v & XEMACPS_NWCTRL_RXEN_MASK)) {
            st.rx_path_resets++; /* the receive path restarts; its BD pointer stays where it was (UG1087 rx_q_ptr) */
            rx_lost_in_row = 0;
        }
        if ((old & XEMACPS_NWCTRL_TXEN_MASK) && !(v & XEMACPS_NWCTRL_TXEN_MASK)) {
            /* INFERRED: the TX pointer goes back to TXQBASE when transmit is disabled (the adapter's
             * HandleTxErrors rebuilds its ring at the base between the TXEN toggle); frames in flight are abandoned */
            tx_ptr = regs[XEMACPS_TXQBASE_OFFSET / 4];
            txq_head = txq_n = 0;
        }
        if (v & XEMACPS_NWCTRL_FLUSH_DPRAM_MASK) {
            st.flush_dpram++;
            rx_lost_in_row = 0;
        }
        if (v & XEMACPS_NWCTRL_STATCLR_MASK) {
            memset(&regs[0x100 / 4], 0, XEMACPS_LAST_OFFSET - 0x100u);
        }
        if (v & XEMACPS_NWCTRL_STARTTX_MASK) {
            st.starttx++;
            tx_run();
        }
        dev_progress++;
        break;
    }
    case XEMACPS_RXQBASE_OFFSET:
        *r = v;
        rx_ptr = v;
        break;
    case XEMACPS_TXQBASE_OFFSET:
        *r = v;
        tx_ptr = v;
        break;
    default:
        *r = v;
    }
}

/* ---- BDs and rings ------------------------------------------------------------------------------------ */
static u32 *bdw(UINTPTR a) { return (u32 *)a; }

void XEmacPs_BdClear(XEmacPs_Bd *b) { memset(b, 0, sizeof *b); }
void XEmacPs_BdSetStatus(XEmacPs_Bd *b, u32 d) { (*b)[1] |= d; }
static u32 addr32(UINTPTR a)
{
    if ((uint64_t)a > 0xFFFFFFFFull) {
        dev_check_failed("bd_address_64bit", "a buffer address (%p) does not fit the 32-bit BD word", (void *)a);
    }
    return (u32)a;
}
void XEmacPs_BdSetAddressTx(XEmacPs_Bd *b, UINTPTR a) { (*b)[0] = addr32(a); }
void XEmacPs_BdSetAddressRx(XEmacPs_Bd *b, UINTPTR a) { (*b)[0] = ((*b)[0] & ~XEMACPS_RXBUF_ADD_MASK) | (addr32(a) & XEMACPS_RXBUF_ADD_MASK); }
void XEmacPs_BdSetLength(XEmacPs_Bd *b, u32 len) { (*b)[1] = ((*b)[1] & ~XEMACPS_TXBUF_LEN_MASK) | (len & XEMACPS_TXBUF_LEN_MASK); }
u32 XEmacPs_BdGetLength(XEmacPs_Bd *b) { return (*b)[1] & XEMACPS_RXBUF_LEN_MASK; }
void XEmacPs_BdSetLast(XEmacPs_Bd *b) { (*b)[1] |= XEMACPS_TXBUF_LAST_MASK; }
void XEmacPs_BdClearLast(XEmacPs_Bd *b) { (*b)[1] &= ~XEMACPS_TXBUF_LAST_MASK; }
void XEmacPs_BdClearTxUsed(XEmacPs_Bd *b) { (*b)[1] &= ~XEMACPS_TXBUF_USED_MASK; }

static XEmacPs_Bd *bd_at(XEmacPs_BdRing *r, u32 i) { return (XEmacPs_Bd *)(r->BaseBdAddr + (UINTPTR)i * r->Separation); }
static u32 ring_add(XEmacPs_BdRing *r, u32 i, u32 n) { return (i + n) % r->AllCnt; }

LONG XEmacPs_BdRingCreate(XEmacPs_BdRing *r, UINTPTR phys, UINTPTR virt, u32 align, u32 count)
{
    if (count == 0u || count > MAX_BDS || align < XEMACPS_DMABD_MINIMUM_ALIGNMENT || (virt % align) != 0u || phys != virt) {
        return XST_INVALID_PARAM;
    }
    memset(r, 0, sizeof *r);
    r->Separation = sizeof(XEmacPs_Bd);
    r->PhysBaseAddr = phys;
    r->BaseBdAddr = virt;
    r->HighBdAddr = virt + (UINTPTR)(count - 1u) * r->Separation;
    r->Length = count * r->Separation;
    r->AllCnt = r->FreeCnt = count;
    memset((void *)virt, 0, r->Length);
    return XST_SUCCESS;
}

/* Every BD gets the template; the last one the wrap bit of its direction. */
LONG XEmacPs_BdRingClone(XEmacPs_BdRing *r, XEmacPs_Bd *src, u8 dir)
{
    u32 i;
    if (r->AllCnt != r->FreeCnt) {
        return XST_DMA_SG_LIST_ERROR;
    }
    r->Direction = dir;
    for (i = 0; i < r->AllCnt; i++) {
        memcpy(bd_at(r, i), src, sizeof(XEmacPs_Bd));
    }
    if (dir == XEMACPS_RECV) {
        (*bd_at(r, r->AllCnt - 1u))[0] |= XEMACPS_RXBUF_WRAP_MASK;
    } else {
        (*bd_at(r, r->AllCnt - 1u))[1] |= XEMACPS_TXBUF_WRAP_MASK;
    }
    return XST_SUCCESS;
}

LONG XEmacPs_BdRingAlloc(XEmacPs_BdRing *r, u32 n, XEmacPs_Bd **set)
{
    if (r->FreeCnt < n) {
        return XST_FAILURE;
    }
    *set = bd_at(r, r->FreeHead);
    r->FreeHead = ring_add(r, r->FreeHead, n);
    r->FreeCnt -= n;
    r->PreCnt += n;
    return XST_SUCCESS;
}

LONG XEmacPs_BdRingUnAlloc(XEmacPs_BdRing *r, u32 n, XEmacPs_Bd *set)
{
    (void)set;
    if (r->PreCnt < n) {
        return XST_FAILURE;
    }
    r->FreeHead = (r->FreeHead + r->AllCnt - n) % r->AllCnt;
    r->FreeCnt += n;
    r->PreCnt -= n;
    return XST_SUCCESS;
}

LONG XEmacPs_BdRingToHw(XEmacPs_BdRing *r, u32 n, XEmacPs_Bd *set)
{
    if (n == 0u) {
        return XST_SUCCESS;
    }
    if (r->PreCnt < n || set != bd_at(r, r->PreHead)) {
        return XST_DMA_SG_LIST_ERROR; /* not the next BDs Alloc handed out */
    }
    r->PreHead = ring_add(r, r->PreHead, n);
    r->HwTail = ring_add(r, r->PreHead, r->AllCnt - 1u);
    r->PreCnt -= n;
    r->HwCnt += n;
    return XST_SUCCESS;
}

/* RX: the BDs from the hardware head whose "used" bit the GEM set (one frame per BD: 1536 B hold a
 * whole frame). */
u32 XEmacPs_BdRingFromHwRx(XEmacPs_BdRing *r, u32 limit, XEmacPs_Bd **set)
{
    u32 n = 0;
    while (n < r->HwCnt && n < limit && ((*bd_at(r, ring_add(r, r->HwHead, n)))[0] & XEMACPS_RXBUF_NEW_MASK)) {
        n++;
    }
    if (n == 0u) {
        *set = NULL;
        return 0;
    }
    *set = bd_at(r, r->HwHead);
    r->HwHead = ring_add(r, r->HwHead, n);
    r->HwCnt -= n;
    r->PostCnt += n;
    return n;
}

/* TX: whole frames whose first BD the GEM marked "used" after sending it. */
u32 XEmacPs_BdRingFromHwTx(XEmacPs_BdRing *r, u32 limit, XEmacPs_Bd **set)
{
    u32 n = 0;
    while (n < r->HwCnt && n < limit) {
        u32 first = n, k = n;
        if (!((*bd_at(r, ring_add(r, r->HwHead, first)))[1] & XEMACPS_TXBUF_USED_MASK)) {
            break;
        }
        while (k < r->HwCnt && !((*bd_at(r, ring_add(r, r->HwHead, k)))[1] & XEMACPS_TXBUF_LAST_MASK)) {
            k++;
        }
        if (k >= r->HwCnt || k + 1u > limit) {
            break;
        }
        n = k + 1u;
    }
    if (n == 0u) {
        *set = NULL;
        return 0;
    }
    *set = bd_at(r, r->HwHead);
    r->HwHead = ring_add(r, r->HwHead, n);
    r->HwCnt -= n;
    r->PostCnt += n;
    return n;
}

LONG XEmacPs_BdRingFree(XEmacPs_BdRing *r, u32 n, XEmacPs_Bd *set)
{
    if (n == 0u) {
        return XST_SUCCESS;
    }
    if (r->PostCnt < n || set != bd_at(r, r->PostHead)) {
        return XST_DMA_SG_LIST_ERROR;
    }
    r->PostHead = ring_add(r, r->PostHead, n);
    r->PostCnt -= n;
    r->FreeCnt += n;
    return XST_SUCCESS;
}

XEmacPs_Bd *XEmacPs_BdRingNext(XEmacPs_BdRing *r, XEmacPs_Bd *b)
{
    UINTPTR a = (UINTPTR)b;
    return (XEmacPs_Bd *)(a >= r->HighBdAddr ? r->BaseBdAddr : a + r->Separation);
}

/* ---- the driver ------------------------------------------------------------------------------------------ */
XEmacPs_Config *XEmacPs_LookupConfig(u16 id) { return id == XPAR_XEMACPS_0_DEVICE_ID ? &cfg0 : NULL; }

/* Initialises the instance and resets the controller (the driver's CfgInitialize ends in its Reset):
 * registers to their reset values, DMA engines restarted, every interrupt masked. */
LONG XEmacPs_CfgInitialize(XEmacPs *ip, XEmacPs_Config *c, UINTPTR base)
{
    if (ip == NULL || c == NULL || base != GEM_BASE) {
        return XST_INVALID_PARAM;
    }
    memset(ip, 0, sizeof *ip);
    ip->Config = *c;
    ip->Config.BaseAddress = base;
    gem_reset();
    ip->Version = (regs[XEMACPS_MODULE_ID_OFFSET / 4] >> 16) & 0xFFFu;
    regs[XEMACPS_NWCTRL_OFFSET / 4] = XEMACPS_NWCTRL_MDEN_MASK; /* the reset leaves the MDIO port enabled */
    ip->IsReady = XIL_COMPONENT_IS_READY;
    inst = ip;
    return XST_SUCCESS;
}

LONG XEmacPs_SetMacAddress(XEmacPs *ip, void *a, u8 index)
{
    (void)ip;
    if (index < 1u || index > 4u) {
        return XST_INVALID_PARAM;
    }
    if (index == 1u) {
        memcpy(mac_addr, a, 6);
    }
    return XST_SUCCESS;
}

void XEmacPs_SetMdioDivisor(XEmacPs *ip, u32 div)
{
    (void)ip;
    regs[XEMACPS_NWCFG_OFFSET / 4] = (regs[XEMACPS_NWCFG_OFFSET / 4] & ~XEMACPS_NWCFG_MDCCLKDIV_MASK) | ((div & 7u) << 18);
    mdio_div_set = 1;
}

static int mdio_ready(void)
{
    if (!(regs[XEMACPS_NWCTRL_OFFSET / 4] & XEMACPS_NWCTRL_MDEN_MASK)) {
        dev_check_failed("mdio_disabled", "PHY access with NWCTRL MDEN clear: the management port is off");
        return 0;
    }
    if (!mdio_div_set) {
        st.phy_reads_reset_divisor++; /* MDC at the reset divisor (pclk/32): what a re-init without SetMdioDivisor runs at */
    }
    st.mdio_ops++;
    dev_cpu_spend(26000u); /* one MDIO frame: 64 bits at pclk/224 ~ 0.5 MHz */
    return 1;
}

LONG XEmacPs_PhyRead(XEmacPs *ip, u32 pa, u32 reg, u16 *v)
{
    (void)ip;
    *v = 0xFFFFu; /* no PHY at that address: the bus floats high */
    if (!mdio_ready()) {
        return XST_FAILURE;
    }
    if (pa != PHY_ADDR) {
        return XST_SUCCESS;
    }
    switch (reg) {
    case 0u:
        *v = phy_bmcr;
        break;
    case 1u: /* BMSR: 10/100 FD/HD, extended status, AN able; link (latching low), AN complete */
        *v = 0x7949u;
        if (dev_link_up() && !link_latched_low) {
            *v |= 0x0024u;
        }
        link_latched_low = 0;
        break;
    case 2u:
        *v = 0x001Cu; /* an RTL8211E's OUI (Realtek) */
        break;
    case 3u:
        *v = 0xC915u;
        break;
    case 4u:
        *v = 0x01E1u;
        break;
    case 5u:
        *v = dev_link_up() ? 0xC1E1u : 0u; /* link partner: 10/100 both duplexes, ack */
        break;
    case 9u:
        *v = 0x0300u; /* 1000BASE-T FD/HD advertised */
        break;
    case 10u:
        *v = dev_link_up() ? 0x3C00u : 0u; /* 1000BASE-T status: local/remote receiver OK, partner 1000 FD/HD */
        break;
    default:
        *v = 0u;
    }
    return XST_SUCCESS;
}

LONG XEmacPs_PhyWrite(XEmacPs *ip, u32 pa, u32 reg, u16 v)
{
    (void)ip;
    if (!mdio_ready()) {
        return XST_FAILURE;
    }
    if (pa == PHY_ADDR && reg == 0u) {
        phy_bmcr = (u16)(v & ~0x8200u); /* reset and restart-AN self-clear */
    }
    return XST_SUCCESS;
}

void XEmacPs_SetOperatingSpeed(XEmacPs *ip, u16 speed)
{
    u32 *c = &regs[XEMACPS_NWCFG_OFFSET / 4];
    (void)ip;
    *c &= ~(XEMACPS_NWCFG_1000_MASK | XEMACPS_NWCFG_100_MASK);
    if (speed == 1000u) {
        *c |= XEMACPS_NWCFG_1000_MASK;
    } else if (speed == 100u) {
        *c |= XEMACPS_NWCFG_100_MASK;
    }
    *c |= XEMACPS_NWCFG_FDEN_MASK;
}

LONG XEmacPs_SetHandler(XEmacPs *ip, u32 type, void *fn, void *ref)
{
    switch (type) {
    case XEMACPS_HANDLER_DMASEND:
        ip->SendHandler = (XEmacPs_Handler)fn;
        ip->SendRef = ref;
        return XST_SUCCESS;
    case XEMACPS_HANDLER_DMARECV:
        ip->RecvHandler = (XEmacPs_Handler)fn;
        ip->RecvRef = ref;
        return XST_SUCCESS;
    case XEMACPS_HANDLER_ERROR:
        ip->ErrorHandler = (XEmacPs_ErrHandler)fn;
        ip->ErrorRef = ref;
        return XST_SUCCESS;
    }
    return XST_INVALID_PARAM;
}

void XEmacPs_SetQueuePtr(XEmacPs *ip, UINTPTR q, u8 qnum, u16 dir)
{
    (void)ip;
    if (qnum != 0u) {
        return; /* Zynq-7000's GEM has one queue */
    }
    XEmacPs_WriteReg(GEM_BASE, dir == XEMACPS_SEND ? XEMACPS_TXQBASE_OFFSET : XEMACPS_RXQBASE_OFFSET, addr32(q));
}

/* Enables the interrupts the driver uses and the receiver and transmitter (the driver's Start). The
 * model checks what the GEM needs before it may fetch a BD. */
void XEmacPs_Start(XEmacPs *ip)
{
    u32 rxq = regs[XEMACPS_RXQBASE_OFFSET / 4], txq0 = regs[XEMACPS_TXQBASE_OFFSET / 4];
    u32 cfgr = regs[XEMACPS_NWCFG_OFFSET / 4];
    if (rxq == 0u || txq0 == 0u) {
        dev_check_failed("queue_base_unset", "XEmacPs_Start with RXQBASE 0x%x / TXQBASE 0x%x: the GEM would fetch BDs at address 0", rxq, txq0);
    } else if (dev_dcache && (!noncacheable(rxq) || !noncacheable(txq0))) {
        dev_check_failed("bd_ring_cacheable", "XEmacPs_Start with a BD list in cacheable memory (RX 0x%x, TX 0x%x): the CPU's and the GEM's views of the BDs diverge", rxq, txq0);
    }
    if (dev_link_up() && !(cfgr & XEMACPS_NWCFG_1000_MASK)) {
        dev_check_failed("mac_config", "the GEM started at %s on a 1000 Mbit/s link (XEmacPs_SetOperatingSpeed not set from the PHY)",
                         (cfgr & XEMACPS_NWCFG_100_MASK) ? "100 Mbit/s" : "10 Mbit/s");
    }
    XEmacPs_WriteReg(GEM_BASE, XEMACPS_IER_OFFSET, XEMACPS_IXR_FRAMERX_MASK | XEMACPS_IXR_TXCOMPL_MASK | XEMACPS_IXR_RX_ERR_MASK | XEMACPS_IXR_TX_ERR_MASK);
    regs[XEMACPS_NWCTRL_OFFSET / 4] |= XEMACPS_NWCTRL_RXEN_MASK | XEMACPS_NWCTRL_TXEN_MASK;
    ip->IsStarted = XIL_COMPONENT_IS_READY;
    st.starts++;
    dev_progress++;
    dev_irq_poll();
}

void XEmacPs_Stop(XEmacPs *ip)
{
    XEmacPs_WriteReg(GEM_BASE, XEMACPS_IDR_OFFSET, XEMACPS_IXR_ALL_MASK);
    XEmacPs_WriteReg(GEM_BASE, XEMACPS_NWCTRL_OFFSET, regs[XEMACPS_NWCTRL_OFFSET / 4] & ~(XEMACPS_NWCTRL_RXEN_MASK | XEMACPS_NWCTRL_TXEN_MASK));
    ip->IsStarted = 0;
    st.stops++;
}

/* The driver's interrupt dispatcher, in the order its documentation gives. */
void XEmacPs_IntrHandler(void *arg)
{
    XEmacPs *ip = (XEmacPs *)arg;
    u32 isr = XEmacPs_ReadReg(GEM_BASE, XEMACPS_ISR_OFFSET), sr;
    XEmacPs_WriteReg(GEM_BASE, XEMACPS_ISR_OFFSET, isr);
    if (isr & XEMACPS_IXR_FRAMERX_MASK) {
        XEmacPs_WriteReg(GEM_BASE, XEMACPS_RXSR_OFFSET, XEMACPS_RXSR_FRAMERX_MASK | XEMACPS_RXSR_BUFFNA_MASK);
        ip->RecvHandler(ip->RecvRef);
    }
    if (isr & XEMACPS_IXR_TXCOMPL_MASK) {
        XEmacPs_WriteReg(GEM_BASE, XEMACPS_TXSR_OFFSET, XEMACPS_TXSR_TXCOMPL_MASK | XEMACPS_TXSR_USEDREAD_MASK);
        ip->SendHandler(ip->SendRef);
    }
    if (isr & XEMACPS_IXR_RX_ERR_MASK) {
        sr = XEmacPs_ReadReg(GEM_BASE, XEMACPS_RXSR_OFFSET);
        XEmacPs_WriteReg(GEM_BASE, XEMACPS_RXSR_OFFSET, sr);
        if (isr & XEMACPS_IXR_RXUSED_MASK) {
            /* CR 692702: flush a frame out of the RX packet buffer on "buffer not available" */
            XEmacPs_WriteReg(GEM_BASE, XEMACPS_NWCTRL_OFFSET, XEmacPs_ReadReg(GEM_BASE, XEMACPS_NWCTRL_OFFSET) | XEMACPS_NWCTRL_FLUSH_DPRAM_MASK);
        }
        if (sr != 0u) {
            ip->ErrorHandler(ip->ErrorRef, XEMACPS_RECV, sr);
        }
    }
    if ((isr & XEMACPS_IXR_TX_ERR_MASK) && !(isr & XEMACPS_IXR_TXCOMPL_MASK)) {
        sr = XEmacPs_ReadReg(GEM_BASE, XEMACPS_TXSR_OFFSET);
        XEmacPs_WriteReg(GEM_BASE, XEMACPS_TXSR_OFFSET, sr);
        ip->ErrorHandler(ip->ErrorRef, XEMACPS_SEND, sr);
    }
}

/* ---- the hardware: RX ------------------------------------------------------------------------------------ */
static u32 rx_buf_size(void) { return ((regs[XEMACPS_DMACR_OFFSET / 4] & XEMACPS_DMACR_RXBUF_MASK) >> XEMACPS_DMACR_RXBUF_SHIFT) * 64u; }

/* The buffer the GEM is about to write must be a PBUF_POOL element's payload with room for the whole
 * DMA buffer (a smaller pool buffer is overrun by the DMA on the target). */
static void check_rx_buffer(UINTPTR a, u32 size)
{
    const struct memp_desc *d = memp_pools[MEMP_PBUF_POOL];
    UINTPTR base = (UINTPTR)LWIP_MEM_ALIGN(d->base), stride = MEMP_SIZE + MEMP_ALIGN_SIZE(d->size), end;
    if (a < base || a >= base + stride * d->num) {
        dev_check_failed("rx_buffer_not_pool", "an RX BD points at %p, not into the PBUF_POOL", (void *)a);
        return;
    }
    end = base + ((a - base) / stride + 1u) * stride;
    if (a + size > end) {
        dev_check_failed("rx_buffer_overrun", "the GEM may write %u B at %p but the PBUF_POOL element ends %u B after it (PBUF_POOL_BUFSIZE %u < the 1536 B RX buffer)",
                         (unsigned)size, (void *)a, (unsigned)(end - a), (unsigned)PBUF_POOL_BUFSIZE);
    }
}

static int for_us(const uint8_t *f)
{
    static const uint8_t bcast[6] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
    return memcmp(f, mac_addr, 6) == 0 || memcmp(f, bcast, 6) == 0;
}

static u32 *rxq_first(void) { return regs[XEMACPS_RXQBASE_OFFSET / 4] ? bdw(regs[XEMACPS_RXQBASE_OFFSET / 4]) : NULL; }

static void rx_lost(enum dev_drop why)
{
    dev_drop(why);
    st.buffna++;
    regs[XEMACPS_RXSR_OFFSET / 4] |= XEMACPS_RXSR_BUFFNA_MASK;
    regs[XEMACPS_ISR_OFFSET / 4] |= XEMACPS_IXR_RXUSED_MASK;
    regs[XEMACPS_RXRESERRCNT_OFFSET / 4]++;
    if (++rx_lost_in_row > 1) {
        /* the RX packet buffer still holds the earlier frame: this one overflows it */
        st.rxovr++;
        regs[XEMACPS_RXSR_OFFSET / 4] |= XEMACPS_RXSR_RXOVR_MASK;
        regs[XEMACPS_ISR_OFFSET / 4] |= XEMACPS_IXR_RXOVR_MASK;
        regs[XEMACPS_RXORCNT_OFFSET / 4]++;
    }
    dev_irq_poll();
}

void model_rx_frame(const uint8_t *frame, uint32_t len)
{
    u32 *bd, size;
    UINTPTR buf;
    if (!dev_link_up()) {
        dev_drop(DROP_LINK_DOWN);
        return;
    }
    if (inst == NULL || !(regs[XEMACPS_NWCTRL_OFFSET / 4] & XEMACPS_NWCTRL_RXEN_MASK) || rxq_first() == NULL) {
        dev_drop(DROP_MAC_STOPPED);
        return;
    }
    if (!for_us(frame)) {
        st.rx_filtered++;
        return;
    }
    if (dma_dead) {
        dev_drop(DROP_DMA_ERROR);
        return;
    }
    bd = bdw(rx_ptr);
    if (bd[0] & XEMACPS_RXBUF_NEW_MASK) {
        /* the BD is still software's: the CPU has not taken the frame, or had no pbuf to re-arm it */
        XEmacPs_BdRing *r = &inst->RxBdRing;
        u32 idx = r->Separation ? (u32)((rx_ptr - r->BaseBdAddr) / r->Separation) : 0u;
        int starved = r->AllCnt && ((idx + r->AllCnt - r->FreeHead) % r->AllCnt) < r->FreeCnt; /* in the free segment */
        rx_lost(starved ? DROP_RING_STARVED : DROP_NO_DESC);
        return;
    }
    size = rx_buf_size();
    buf = bd[0] & XEMACPS_RXBUF_ADD_MASK;
    check_rx_buffer(buf, size);
    if (len > size) {
        len = size; /* longer frames would span BDs; the link carries at most 1514 B */
    }
    memcpy((void *)buf, frame, len);
    dev_cache_dma_wrote((void *)buf, len);
    bd[1] = (len & XEMACPS_RXBUF_LEN_MASK) | XEMACPS_RXBUF_SOF_MASK | XEMACPS_RXBUF_EOF_MASK | (frame[0] == 0xff ? XEMACPS_RXBUF_BCAST_MASK : 0u);
    bd[0] |= XEMACPS_RXBUF_NEW_MASK;
    rx_ptr = (bd[0] & XEMACPS_RXBUF_WRAP_MASK) ? regs[XEMACPS_RXQBASE_OFFSET / 4] : rx_ptr + sizeof(XEmacPs_Bd);
    rx_lost_in_row = 0;
    st.rx_frames++;
    regs[XEMACPS_RXCNT_OFFSET / 4]++;
    regs[XEMACPS_RXSR_OFFSET / 4] |= XEMACPS_RXSR_FRAMERX_MASK;
    regs[XEMACPS_ISR_OFFSET / 4] |= XEMACPS_IXR_FRAMERX_MASK;
    dev_irq_poll();
}

/* ---- the hardware: TX ------------------------------------------------------------------------------------- */
static void tx_complete_due(void)
{
    while (txq_n > 0 && txq[txq_head].at <= dev_cpu_ns) {
        bdw(txq[txq_head].first)[1] |= XEMACPS_TXBUF_USED_MASK;
        txq_head = (txq_head + 1) % MAX_TX_INFLIGHT;
        txq_n--;
        regs[XEMACPS_TXSR_OFFSET / 4] |= XEMACPS_TXSR_TXCOMPL_MASK;
        regs[XEMACPS_ISR_OFFSET / 4] |= XEMACPS_IXR_TXCOMPL_MASK;
        dev_progress++;
    }
}

/* STARTTX: send every frame from the TX pointer whose first BD is the GEM's. */
static void tx_run(void)
{
    if (dma_dead || !(regs[XEMACPS_NWCTRL_OFFSET / 4] & XEMACPS_NWCTRL_TXEN_MASK) || tx_ptr == 0u) {
        return;
    }
    for (;;) {
        UINTPTR first = tx_ptr, p = tx_ptr;
        u32 len = 0, *bd;
        int nbd = 0;
        uint64_t end;
        if (bdw(first)[1] & XEMACPS_TXBUF_USED_MASK) {
            regs[XEMACPS_TXSR_OFFSET / 4] |= XEMACPS_TXSR_USEDREAD_MASK;
            return;
        }
        for (;;) {
            u32 n;
            bd = bdw(p);
            n = bd[1] & XEMACPS_TXBUF_LEN_MASK;
            if (dev_dcache && !dev_cache_cleaned((void *)(UINTPTR)bd[0], n)) {
                dev_check_failed("cache_tx_not_cleaned", "a TX buffer (%u B at 0x%x) reached the GEM without Xil_DCacheFlushRange", (unsigned)n, bd[0]);
            }
            if (len + n <= sizeof txframe) {
                memcpy(txframe + len, (void *)(UINTPTR)bd[0], n);
            }
            len += n;
            nbd++;
            p = (bd[1] & XEMACPS_TXBUF_WRAP_MASK) ? regs[XEMACPS_TXQBASE_OFFSET / 4] : p + sizeof(XEmacPs_Bd);
            if (bd[1] & XEMACPS_TXBUF_LAST_MASK) {
                break;
            }
            if ((bdw(p)[1] & XEMACPS_TXBUF_USED_MASK) || nbd > 64) {
                /* ran into a used BD in the middle of a frame: "buffers exhausted mid frame" */
                regs[XEMACPS_TXSR_OFFSET / 4] |= XEMACPS_TXSR_BUFEXH_MASK;
                regs[XEMACPS_ISR_OFFSET / 4] |= XEMACPS_IXR_TXEXH_MASK;
                dev_irq_poll();
                return;
            }
        }
        dev_cache_tx_done();
        end = dev_wire_tx(txframe, len > sizeof txframe ? (uint32_t)sizeof txframe : len);
        if (end > tx_busy_until) {
            tx_busy_until = end;
        }
        if (txq_n < MAX_TX_INFLIGHT) {
            txq[(txq_head + txq_n) % MAX_TX_INFLIGHT] = (struct txdone){first, end};
            txq_n++;
        }
        st.tx_frames++;
        st.tx_bds += (uint64_t)nbd;
        tx_ptr = p;
    }
}

/* The frame reaches lwIP (linked with --wrap=ethernet_input: the adapter hands frames to
 * netif->input = ethernet_input): what the CPU reads there must not be stale. */
err_t __real_ethernet_input(struct pbuf *p, struct netif *netif);
err_t __wrap_ethernet_input(struct pbuf *p, struct netif *netif)
{
    struct pbuf *q;
    for (q = p; q != NULL && dev_dcache; q = q->next) {
        if (dev_cache_stale(q->payload, q->len)) {
            dev_check_failed("cache_rx_stale", "a received frame (%u B at %p) reached lwIP without Xil_DCacheInvalidateRange after the GEM wrote it",
                             (unsigned)q->len, q->payload);
        }
    }
    return __real_ethernet_input(p, netif);
}

/* ---- the model's side of devhost ---------------------------------------------------------------------------- */
void model_init(void)
{
    gem_reset();
    st.resets = 0;
#if defined(SIM_DCACHE)
    dev_dcache = 1; /* Cortex-A9 L1: the cache model checks the adapter's maintenance */
#endif
    dev_primask = 1; /* the CPSR I bit is set out of reset until the platform enables interrupts */
}

int model_irq_pending(void)
{
    tx_complete_due();
    return gic_en[XPAR_XEMACPS_0_INTR] && gic_fn[XPAR_XEMACPS_0_INTR] != NULL &&
           (regs[XEMACPS_ISR_OFFSET / 4] & ~regs[XEMACPS_IMR_OFFSET / 4] & XEMACPS_IXR_ALL_MASK) != 0u;
}

void model_irq_handler(void)
{
    st.irqs++;
    gic_fn[XPAR_XEMACPS_0_INTR](gic_ref[XPAR_XEMACPS_0_INTR]);
}

void model_link_changed(void)
{
    if (!dev_link_up()) {
        link_latched_low = 1;
    }
}

void model_dma_fatal(void)
{
    if (inst == NULL || !(regs[XEMACPS_NWCTRL_OFFSET / 4] & (XEMACPS_NWCTRL_RXEN_MASK | XEMACPS_NWCTRL_TXEN_MASK))) {
        return;
    }
    dma_dead = 1;
    st.fatal++;
    txq_head = txq_n = 0; /* the frames the TX DMA owned are not completed */
    regs[XEMACPS_RXSR_OFFSET / 4] |= XEMACPS_RXSR_HRESPNOK_MASK;
    regs[XEMACPS_TXSR_OFFSET / 4] |= XEMACPS_TXSR_HRESPNOK_MASK;
    regs[XEMACPS_ISR_OFFSET / 4] |= XEMACPS_IXR_HRESPNOK_MASK;
}

uint64_t model_next_event(void)
{
    uint64_t t = txq_n > 0 ? txq[txq_head].at : UINT64_MAX, tm = sim_scutimer_next_ns();
    return tm < t ? tm : t;
}

void model_timed(void) { tx_complete_due(); }

void model_stats(void (*kv)(const char *key, uint64_t v))
{
    kv("gem_resets", st.resets);
    kv("mac_starts", st.starts);
    kv("mac_stops", st.stops);
    kv("dma_fatal_injected", st.fatal);
    kv("recoveries", st.recoveries);
    kv("rx_buffna", st.buffna);
    kv("rx_overrun", st.rxovr);
    kv("rx_dma_frames", st.rx_frames);
    kv("rx_filtered", st.rx_filtered);
    kv("tx_frames", st.tx_frames);
    kv("tx_bds", st.tx_bds);
    kv("tx_starts", st.starttx);
    kv("eth_irqs", st.irqs);
    kv("rx_path_resets", st.rx_path_resets);
    kv("flush_dpram", st.flush_dpram);
    kv("mdio_ops", st.mdio_ops);
    kv("mdio_at_reset_divisor", st.phy_reads_reset_divisor);
    kv("tlb_sets", st.tlb_sets);
    kv("rx_hw_bds", inst ? inst->RxBdRing.HwCnt : 0u);
    kv("rx_free_bds", inst ? inst->RxBdRing.FreeCnt : 0u);
    kv("tx_hw_bds", inst ? inst->TxBdRing.HwCnt : 0u);
}

/* The adapter's RX buffers are lwIP's PBUF_POOL pbufs: the idle check of the pools covers them. */
void model_rxpool(int64_t *free_now, int64_t *free_low, int64_t *total, int64_t *idle_free)
{
    *free_now = *free_low = *total = *idle_free = -1;
}
