/*
 * adapter_xemacpsif.c - a behavioural model, in lwipgen's own words, of the xemacps adapter of
 * Xilinx's lwIP BSP library (embeddedsw ThirdParty/sw_services/lwip2xx contrib/ports/xilinx/netif/
 * xemacpsif.c, xemacpsif_dma.c, xemacpsif_hw.c, xadapter.c), standalone / NO_SYS, for lwipgen's host
 * simulator. It stands in for the code a Zynq-7000 user links from the BSP: it does what that adapter
 * does, in the same order, with the sizes the BSP build gives it (the generated xlwipconfig.h's
 * XLWIP_CONFIG_N_RX_DESC / XLWIP_CONFIG_N_TX_DESC, lwipopts.h's pool), so a wrong generated value
 * behaves here as it does on the board. What it does is recorded with its sources in
 * /work/shared/reference/xilinx-vitis.md section 3 (lwip213/lwip220 adapter, read at the commits named
 * there); no line of the Xilinx code is here. Deliberate differences are marked DIFF.
 *
 *   init     xemac_add -> netif_add(.., xemacpsif_init, ethernet_input); low_level_init: the driver
 *            (XEmacPs_CfgInitialize), MAC address, MDIO divisor 224, PHY probe and speed, DMACR burst
 *            bit 0x10, the three callbacks, init_dma, XEmacPs_Start. init_dma marks the 1 MB BD space
 *            DEVICE_MEMORY once, carves 64 KB per ring, arms each of the N_RX_DESC BDs with a
 *            PBUF_POOL pbuf of XEMACPS_MAX_FRAME_SIZE (1518 B) after Xil_DCacheInvalidateRange of it;
 *            when the pool runs out it prints "unable to alloc pbuf in init_dma" and returns before
 *            XEmacPs_SetQueuePtr - and low_level_init ignores that and starts the GEM anyway, as the
 *            BSP's does (the model's XEmacPs_Start then reports the unset queue base).
 *   RX ISR   RXSR cleared, the Zynq-7000 RX-path check (resetrx_on_no_rxdata), then every BD the GEM
 *            filled: pbuf_realloc to the BD length, Xil_DCacheInvalidateRange(payload, length) (the
 *            embeddedsw #53 fix), into the adapter's queue (4096 entries; full: pbuf_free), BDs freed
 *            and re-armed (setup_rx_bds: a failed pbuf_alloc leaves the BD unarmed, "unable to alloc
 *            pbuf in recv_handler").
 *   input    xemacif_input from the main loop: one frame per call into netif->input.
 *   TX       low_level_output with interrupts masked: reap sent BDs when 5 or fewer are free; one BD
 *            per pbuf of the chain, Xil_DCacheFlushRange(payload, len) before the address goes into
 *            the BD, pbuf_ref, "last" on the final BD, used bits cleared first BD last, STARTTX. No
 *            free BD: the frame is dropped ("pack dropped, no space").
 *   TX ISR   TXSR cleared, every sent BD rewritten (used, wrap on the last) and its pbuf freed.
 *   errors   RX BUFFNA / RXOVR: the RX handler again + setup_rx_bds; HRESPNOK (RX or TX): full
 *            re-init (HandleEmacPsError: every pbuf the rings hold freed, driver re-initialised without
 *            the MDIO divisor, the speed from before, init_dma, start); TX URUN/BUFEXH/retry: TX
 *            disabled, TX pbufs freed, TX ring rebuilt, TX enabled (HandleTxErrors).
 *   link     eth_link_detect (the application's timer): BMSR read twice; UP -> DOWN when the PHY has no
 *            link, DOWN -> netif_set_link_down + NEGOTIATING, NEGOTIATING -> speed from the PHY,
 *            XEmacPs_SetOperatingSpeed, netif_set_link_up, UP.
 */
#include <stdio.h>
#include <string.h>

#include "lwip/opt.h"
#include "lwip/pbuf.h"
#include "lwip/netif.h"
#include "lwip/etharp.h"
#include "netif/ethernet.h"
#include "xlwipconfig.h"
#include "xemacps.h"
#include "netif/xadapter.h"
#include "devhost.h"

#ifndef XLWIP_CONFIG_N_RX_DESC
#error "xlwipconfig.h does not define XLWIP_CONFIG_N_RX_DESC"
#endif
#ifndef XLWIP_CONFIG_N_TX_DESC
#error "xlwipconfig.h does not define XLWIP_CONFIG_N_TX_DESC"
#endif

#define N_RX XLWIP_CONFIG_N_RX_DESC
#define N_TX XLWIP_CONFIG_N_TX_DESC
#define BD_ALIGNMENT (XEMACPS_DMABD_MINIMUM_ALIGNMENT * 2U)
#define PQ_QUEUE_SIZE 4096

/* the adapter's BD memory: 1 MB, 1 MB aligned, 64 KB per ring */
static u8 emac_bd_space[0x100000] __attribute__((aligned(0x100000)));
static int bd_space_attr_set;

static XEmacPs emacps;
static XEmacPs_Config *mac_config;
static struct netif *the_netif;
static struct pbuf *rx_pbufs[N_RX];
static struct pbuf *tx_pbufs[N_TX];
static u32 link_speed = 1000u;
static enum ethernet_link_status eth_link_status = ETH_LINK_UNDEFINED;
static u32 last_rx_frms_cntr;
static u32 phy_addr;

/* the receive queue (xpqueue) */
static struct {
    void *e[PQ_QUEUE_SIZE];
    int head, n;
} recv_q;

/* what the adapter prints or counts (reported as the model's counters) */
static struct {
    uint64_t init_dma_alloc_failed, recv_alloc_failed, tx_no_space, tx_sgsend_failed, recvq_full, dma_error_resets, tx_error_resets, rx_error_events,
        link_down, link_up, rx_frames_in;
} ad;

/* SYS_ARCH_PROTECT of the standalone port: the CPSR I bit (interrupts masked in the section) */
static u32 protect(void)
{
    u32 m = sim_cpsr_irq_masked();
    Xil_ExceptionDisableMask(XIL_EXCEPTION_IRQ);
    return m;
}
static void unprotect(u32 m) { sim_cpsr_irq_restore(m); }

/* ---- PHY (xemacpsif_physpeed.c's job, reduced to what the simulated RTL8211E needs) --------------------- */
static u32 phy_speed(void)
{
    u16 v = 0, lpa = 0, ctrl;
    int i;
    XEmacPs_PhyRead(&emacps, phy_addr, 0u, &ctrl);
    XEmacPs_PhyWrite(&emacps, phy_addr, 0u, (u16)(ctrl | 0x1200u)); /* auto-negotiation on, restart */
    for (i = 0; i < 20; i++) {                                     /* wait for "AN complete" */
        XEmacPs_PhyRead(&emacps, phy_addr, 1u, &v);
        if (v & 0x0020u) {
            break;
        }
    }
    if (!(v & 0x0020u)) {
        return 0; /* no partner: XST_FAILURE in the adapter */
    }
    XEmacPs_PhyRead(&emacps, phy_addr, 10u, &v);
    if (v & 0x0800u) {
        return 1000u;
    }
    XEmacPs_PhyRead(&emacps, phy_addr, 5u, &lpa);
    return (lpa & 0x0180u) ? 100u : 10u;
}

static void detect_phy(void)
{
    u32 a;
    u16 id;
    for (a = 31; a > 0; a--) {
        XEmacPs_PhyRead(&emacps, a, 2u, &id);
        if (id != 0xFFFFu && id != 0u) {
            phy_addr = a;
            return;
        }
    }
    phy_addr = 0; /* the broadcast address */
}

static void init_emacps(struct netif *netif)
{
    u32 s;
    XEmacPs_SetMacAddress(&emacps, netif->hwaddr, 1);
    XEmacPs_SetMdioDivisor(&emacps, MDC_DIV_224);
    detect_phy();
    s = phy_speed();
    if (s == 0u) {
        eth_link_status = ETH_LINK_DOWN;
        fprintf(stderr, "Phy setup failure init_emacps\n");
        return;
    }
    link_speed = s;
    eth_link_status = ETH_LINK_UP;
    XEmacPs_SetOperatingSpeed(&emacps, (u16)link_speed);
    dev_cpu_spend(100000u); /* the adapter's delay loop after setting the speed */
}

/* ---- DMA ------------------------------------------------------------------------------------------------- */
static void process_sent_bds(void)
{
    XEmacPs_BdRing *txring = &XEmacPs_GetTxRing(&emacps);
    XEmacPs_Bd *set, *bd;
    u32 n, k, idx;
    for (;;) {
        n = XEmacPs_BdRingFromHwTx(txring, N_TX, &set);
        if (n == 0u) {
            return;
        }
        for (k = 0, bd = set; k < n; k++) {
            idx = XEMACPS_BD_TO_INDEX(txring, bd);
            (*bd)[0] = 0;
            (*bd)[1] = XEMACPS_TXBUF_USED_MASK | (idx == N_TX - 1u ? XEMACPS_TXBUF_WRAP_MASK : 0u);
            if (tx_pbufs[idx] != NULL) {
                pbuf_free(tx_pbufs[idx]);
            }
            tx_pbufs[idx] = NULL;
            bd = XEmacPs_BdRingNext(txring, bd);
            dev_progress++;
        }
        XEmacPs_BdRingFree(txring, n, set);
    }
}

static void emacps_send_handler(void *arg)
{
    u32 sr = XEmacPs_ReadReg(emacps.Config.BaseAddress, XEMACPS_TXSR_OFFSET);
    (void)arg;
    XEmacPs_WriteReg(emacps.Config.BaseAddress, XEMACPS_TXSR_OFFSET, sr);
    process_sent_bds();
}

static XStatus sgsend(struct pbuf *p)
{
    XEmacPs_BdRing *txring = &XEmacPs_GetTxRing(&emacps);
    XEmacPs_Bd *set, *bd, *last = NULL;
    struct pbuf *q;
    u32 n = 0, idx;
    for (q = p; q != NULL; q = q->next) {
        n++;
    }
    if (XEmacPs_BdRingAlloc(txring, n, &set) != XST_SUCCESS) {
        return XST_FAILURE;
    }
    for (q = p, bd = set; q != NULL; q = q->next) {
        idx = XEMACPS_BD_TO_INDEX(txring, bd);
        if (tx_pbufs[idx] != NULL) {
            XEmacPs_BdRingUnAlloc(txring, n, set); /* DIFF: the BSP returns with the BDs still allocated */
            return XST_FAILURE;
        }
        if (mac_config->IsCacheCoherent == 0u) {
            Xil_DCacheFlushRange((UINTPTR)q->payload, q->len);
        }
        XEmacPs_BdSetAddressTx(bd, (UINTPTR)q->payload);
        XEmacPs_BdSetLength(bd, q->len > XEMACPS_MAX_FRAME_SIZE - 18u ? XEMACPS_MAX_FRAME_SIZE - 18u : q->len);
        tx_pbufs[idx] = q;
        pbuf_ref(q);
        last = bd;
        XEmacPs_BdClearLast(bd);
        bd = XEmacPs_BdRingNext(txring, bd);
    }
    XEmacPs_BdSetLast(last);
    /* hand the BDs to the GEM: the first one last, so it never sees half a frame */
    for (q = p->next, bd = XEmacPs_BdRingNext(txring, set); q != NULL; q = q->next) {
        XEmacPs_BdClearTxUsed(bd);
        bd = XEmacPs_BdRingNext(txring, bd);
    }
    XEmacPs_BdClearTxUsed(set);
    dsb();
    if (XEmacPs_BdRingToHw(txring, n, set) != XST_SUCCESS) {
        return XST_FAILURE;
    }
    XEmacPs_WriteReg(emacps.Config.BaseAddress, XEMACPS_NWCTRL_OFFSET,
                     XEmacPs_ReadReg(emacps.Config.BaseAddress, XEMACPS_NWCTRL_OFFSET) | XEMACPS_NWCTRL_STARTTX_MASK);
    return XST_SUCCESS;
}

static err_t low_level_output(struct netif *netif, struct pbuf *p)
{
    err_t err = ERR_MEM;
    u32 lev;
    (void)netif;
    dev_cpu_spend(dev_cost_tx(p->tot_len)); /* lwIP's and the adapter's work for the frame */
    lev = protect();
    if (XEmacPs_GetTxRing(&emacps).FreeCnt <= 5u) {
        process_sent_bds();
    }
    if (XEmacPs_GetTxRing(&emacps).FreeCnt > 0u) {
        if (sgsend(p) == XST_SUCCESS) {
            err = ERR_OK;
        } else {
            ad.tx_sgsend_failed++;
            LINK_STATS_INC(link.drop);
        }
    } else {
        ad.tx_no_space++; /* "pack dropped, no space" */
        LINK_STATS_INC(link.drop);
    }
    LINK_STATS_INC(link.xmit);
    unprotect(lev);
    return err;
}

static void setup_rx_bds(XEmacPs_BdRing *rxring)
{
    XEmacPs_Bd *bd;
    struct pbuf *p;
    u32 idx;
    while (XEmacPs_BdRingGetFreeCnt(rxring) > 0u) {
        p = pbuf_alloc(PBUF_RAW, XEMACPS_MAX_FRAME_SIZE, PBUF_POOL);
        if (p == NULL) {
            ad.recv_alloc_failed++; /* "unable to alloc pbuf in recv_handler" */
            LINK_STATS_INC(link.memerr);
            LINK_STATS_INC(link.drop);
            return;
        }
        if (XEmacPs_BdRingAlloc(rxring, 1, &bd) != XST_SUCCESS) {
            pbuf_free(p);
            return;
        }
        if (XEmacPs_BdRingToHw(rxring, 1, bd) != XST_SUCCESS) {
            pbuf_free(p);
            XEmacPs_BdRingUnAlloc(rxring, 1, bd);
            return;
        }
        if (mac_config->IsCacheCoherent == 0u) {
            Xil_DCacheInvalidateRange((UINTPTR)p->payload, XEMACPS_MAX_FRAME_SIZE);
        }
        idx = XEMACPS_BD_TO_INDEX(rxring, bd);
        XEmacPs_BdWrite(bd, XEMACPS_BD_STAT_OFFSET, 0u); /* status first, then the address: "used" clear hands it over */
        dsb();
        XEmacPs_BdWrite(bd, XEMACPS_BD_ADDR_OFFSET, (u32)(UINTPTR)p->payload | (idx == N_RX - 1u ? XEMACPS_RXBUF_WRAP_MASK : 0u));
        rx_pbufs[idx] = p;
        dev_progress++;
    }
}

/* The Zynq-7000 RX lock-up workaround: no frame counted in two checks in a row -> RX disabled and
 * enabled again. */
static void resetrx_on_no_rxdata(void)
{
    u32 ver = (XEmacPs_ReadReg(emacps.Config.BaseAddress, XEMACPS_MODULE_ID_OFFSET) >> 16) & 0xFFFu, cnt, c;
    if (ver != 2u) {
        return;
    }
    cnt = XEmacPs_ReadReg(emacps.Config.BaseAddress, XEMACPS_RXCNT_OFFSET);
    if (cnt == 0u && last_rx_frms_cntr == 0u) {
        c = XEmacPs_ReadReg(emacps.Config.BaseAddress, XEMACPS_NWCTRL_OFFSET);
        XEmacPs_WriteReg(emacps.Config.BaseAddress, XEMACPS_NWCTRL_OFFSET, c & ~XEMACPS_NWCTRL_RXEN_MASK);
        c = XEmacPs_ReadReg(emacps.Config.BaseAddress, XEMACPS_NWCTRL_OFFSET);
        XEmacPs_WriteReg(emacps.Config.BaseAddress, XEMACPS_NWCTRL_OFFSET, c | XEMACPS_NWCTRL_RXEN_MASK);
    }
    last_rx_frms_cntr = cnt;
}

static void emacps_recv_handler(void *arg)
{
    XEmacPs_BdRing *rxring = &XEmacPs_GetRxRing(&emacps);
    XEmacPs_Bd *set, *bd;
    struct pbuf *p;
    u32 n, k, idx, sr, len;
    (void)arg;
    sr = XEmacPs_ReadReg(emacps.Config.BaseAddress, XEMACPS_RXSR_OFFSET);
    XEmacPs_WriteReg(emacps.Config.BaseAddress, XEMACPS_RXSR_OFFSET, sr);
    resetrx_on_no_rxdata();
    for (;;) {
        n = XEmacPs_BdRingFromHwRx(rxring, N_RX, &set);
        if (n == 0u) {
            break;
        }
        for (k = 0, bd = set; k < n; k++) {
            idx = XEMACPS_BD_TO_INDEX(rxring, bd);
            p = rx_pbufs[idx];
            rx_pbufs[idx] = NULL; /* DIFF: the BSP leaves the slot pointing at the pbuf it gave away */
            len = XEmacPs_BdGetLength(bd);
            pbuf_realloc(p, (u16_t)len);
            if (mac_config->IsCacheCoherent == 0u) {
                Xil_DCacheInvalidateRange((UINTPTR)p->payload, len);
            }
            if (recv_q.n < PQ_QUEUE_SIZE) {
                recv_q.e[(recv_q.head + recv_q.n) % PQ_QUEUE_SIZE] = p;
                recv_q.n++;
            } else {
                ad.recvq_full++;
                LINK_STATS_INC(link.memerr);
                LINK_STATS_INC(link.drop);
                pbuf_free(p);
            }
            bd = XEmacPs_BdRingNext(rxring, bd);
            dev_progress++;
        }
        XEmacPs_BdRingFree(rxring, n, set);
        setup_rx_bds(rxring);
    }
}

static XStatus init_dma(void)
{
    XEmacPs_Bd tmpl;
    XEmacPs_BdRing *rxring = &XEmacPs_GetRxRing(&emacps), *txring = &XEmacPs_GetTxRing(&emacps);
    XEmacPs_Bd *bd;
    struct pbuf *p;
    u32 i, idx;
    u8 *rx_space = &emac_bd_space[0], *tx_space = &emac_bd_space[0x10000];
    if (!bd_space_attr_set) {
        Xil_SetTlbAttributes((UINTPTR)emac_bd_space, DEVICE_MEMORY);
        bd_space_attr_set = 1;
    }
    XEmacPs_BdClear(&tmpl);
    if (XEmacPs_BdRingCreate(rxring, (UINTPTR)rx_space, (UINTPTR)rx_space, BD_ALIGNMENT, N_RX) != XST_SUCCESS ||
        XEmacPs_BdRingClone(rxring, &tmpl, XEMACPS_RECV) != XST_SUCCESS) {
        return XST_FAILURE;
    }
    XEmacPs_BdClear(&tmpl);
    XEmacPs_BdSetStatus(&tmpl, XEMACPS_TXBUF_USED_MASK);
    if (XEmacPs_BdRingCreate(txring, (UINTPTR)tx_space, (UINTPTR)tx_space, BD_ALIGNMENT, N_TX) != XST_SUCCESS ||
        XEmacPs_BdRingClone(txring, &tmpl, XEMACPS_SEND) != XST_SUCCESS) {
        return XST_FAILURE;
    }
    for (i = 0; i < N_RX; i++) {
        p = pbuf_alloc(PBUF_RAW, XEMACPS_MAX_FRAME_SIZE, PBUF_POOL);
        if (p == NULL) {
            ad.init_dma_alloc_failed++;
            LINK_STATS_INC(link.memerr);
            LINK_STATS_INC(link.drop);
            fprintf(stderr, "unable to alloc pbuf in init_dma\n");
            /* the simulator's check (the BSP only prints): the generated sizes cannot start the board */
            dev_check_failed("rx_ring_unarmed", "init_dma armed %u of the %u RX BDs (XLWIP_CONFIG_N_RX_DESC) before the PBUF_POOL (PBUF_POOL_SIZE %u) ran out",
                             (unsigned)i, (unsigned)N_RX, (unsigned)PBUF_POOL_SIZE);
            return XST_FAILURE;
        }
        if (XEmacPs_BdRingAlloc(rxring, 1, &bd) != XST_SUCCESS) {
            pbuf_free(p);
            return XST_FAILURE;
        }
        if (XEmacPs_BdRingToHw(rxring, 1, bd) != XST_SUCCESS) {
            pbuf_free(p);
            XEmacPs_BdRingUnAlloc(rxring, 1, bd);
            return XST_FAILURE;
        }
        idx = XEMACPS_BD_TO_INDEX(rxring, bd);
        (*bd)[0] = idx == N_RX - 1u ? XEMACPS_RXBUF_WRAP_MASK : 0u;
        (*bd)[1] = 0;
        dsb();
        if (mac_config->IsCacheCoherent == 0u) {
            Xil_DCacheInvalidateRange((UINTPTR)p->payload, XEMACPS_MAX_FRAME_SIZE);
        }
        XEmacPs_BdSetAddressRx(bd, (UINTPTR)p->payload);
        rx_pbufs[idx] = p;
    }
    XEmacPs_SetQueuePtr(&emacps, rxring->BaseBdAddr, 0, XEMACPS_RECV);
    XEmacPs_SetQueuePtr(&emacps, txring->BaseBdAddr, 0, XEMACPS_SEND);
    XScuGic_RegisterHandler(XPAR_SCUGIC_0_CPU_BASEADDR, XPAR_XEMACPS_0_INTR, (Xil_ExceptionHandler)XEmacPs_IntrHandler, &emacps);
    XScuGic_EnableIntr(XPAR_SCUGIC_0_DIST_BASEADDR, XPAR_XEMACPS_0_INTR);
    return XST_SUCCESS;
}

/* every pbuf the rings hold back to lwIP (before a full re-init) */
static void free_txrx_pbufs(void)
{
    u32 i;
    for (i = 0; i < N_TX; i++) {
        if (tx_pbufs[i] != NULL) {
            pbuf_free(tx_pbufs[i]);
            tx_pbufs[i] = NULL;
        }
    }
    for (i = 0; i < N_RX; i++) {
        if (rx_pbufs[i] != NULL) {
            pbuf_free(rx_pbufs[i]);
            rx_pbufs[i] = NULL;
        }
    }
}

static void setup_isr(void);

static void handle_emacps_error(void)
{
    u32 lev = protect();
    ad.dma_error_resets++;
    free_txrx_pbufs();
    XEmacPs_CfgInitialize(&emacps, mac_config, mac_config->BaseAddress);
    /* init_emacps_on_error: MAC address and the speed found at start-up; no MDIO divisor */
    XEmacPs_SetMacAddress(&emacps, the_netif->hwaddr, 1);
    XEmacPs_SetOperatingSpeed(&emacps, (u16)link_speed);
    XEmacPs_WriteReg(emacps.Config.BaseAddress, XEMACPS_DMACR_OFFSET, XEmacPs_ReadReg(emacps.Config.BaseAddress, XEMACPS_DMACR_OFFSET) | 0x01000000u);
    setup_isr();
    init_dma();
    XEmacPs_Start(&emacps);
    unprotect(lev);
}

static void handle_tx_errors(void)
{
    u32 lev = protect(), i, c;
    XEmacPs_Bd tmpl;
    XEmacPs_BdRing *txring = &XEmacPs_GetTxRing(&emacps);
    ad.tx_error_resets++;
    c = XEmacPs_ReadReg(emacps.Config.BaseAddress, XEMACPS_NWCTRL_OFFSET);
    XEmacPs_WriteReg(emacps.Config.BaseAddress, XEMACPS_NWCTRL_OFFSET, c & ~XEMACPS_NWCTRL_TXEN_MASK);
    for (i = 0; i < N_TX; i++) {
        if (tx_pbufs[i] != NULL) {
            pbuf_free(tx_pbufs[i]);
            tx_pbufs[i] = NULL;
        }
    }
    XEmacPs_BdClear(&tmpl);
    XEmacPs_BdSetStatus(&tmpl, XEMACPS_TXBUF_USED_MASK);
    XEmacPs_BdRingCreate(txring, (UINTPTR)&emac_bd_space[0x10000], (UINTPTR)&emac_bd_space[0x10000], BD_ALIGNMENT, N_TX);
    XEmacPs_BdRingClone(txring, &tmpl, XEMACPS_SEND);
    c = XEmacPs_ReadReg(emacps.Config.BaseAddress, XEMACPS_NWCTRL_OFFSET);
    XEmacPs_WriteReg(emacps.Config.BaseAddress, XEMACPS_NWCTRL_OFFSET, c | XEMACPS_NWCTRL_TXEN_MASK);
    unprotect(lev);
}

static void emacps_error_handler(void *arg, u8 dir, u32 word)
{
    XEmacPs_BdRing *rxring = &XEmacPs_GetRxRing(&emacps);
    ad.rx_error_events++;
    if (word == 0u) {
        return;
    }
    if (dir == XEMACPS_RECV) {
        if (word & XEMACPS_RXSR_HRESPNOK_MASK) {
            handle_emacps_error();
        }
        if (word & (XEMACPS_RXSR_RXOVR_MASK | XEMACPS_RXSR_BUFFNA_MASK)) {
            emacps_recv_handler(arg);
            setup_rx_bds(rxring);
        }
    } else {
        if (word & XEMACPS_TXSR_HRESPNOK_MASK) {
            handle_emacps_error();
        }
        if (word & (XEMACPS_TXSR_URUN_MASK | XEMACPS_TXSR_BUFEXH_MASK | XEMACPS_TXSR_RXOVR_MASK)) {
            handle_tx_errors();
        }
        if (word & XEMACPS_TXSR_FRAMERX_MASK) {
            process_sent_bds();
        }
    }
}

static void setup_isr(void)
{
    XEmacPs_SetHandler(&emacps, XEMACPS_HANDLER_DMASEND, (void *)emacps_send_handler, the_netif);
    XEmacPs_SetHandler(&emacps, XEMACPS_HANDLER_DMARECV, (void *)emacps_recv_handler, the_netif);
    XEmacPs_SetHandler(&emacps, XEMACPS_HANDLER_ERROR, (void *)emacps_error_handler, the_netif);
}

/* ---- the netif -------------------------------------------------------------------------------------------- */
static err_t xemacpsif_init(struct netif *netif)
{
    the_netif = netif;
    netif->name[0] = 't';
    netif->name[1] = 'e';
    netif->output = etharp_output;
    netif->linkoutput = low_level_output;
    netif->hwaddr_len = 6;
    netif->mtu = XEMACPS_MTU - XEMACPS_HDR_SIZE;
    /* the BSP's low_level_init marks the link up from the start */
    netif->flags = NETIF_FLAG_BROADCAST | NETIF_FLAG_ETHARP | NETIF_FLAG_LINK_UP;
    mac_config = XEmacPs_LookupConfig(XPAR_XEMACPS_0_DEVICE_ID);
    if (mac_config == NULL || XEmacPs_CfgInitialize(&emacps, mac_config, mac_config->BaseAddress) != XST_SUCCESS) {
        return ERR_IF;
    }
    init_emacps(netif);
    XEmacPs_WriteReg(emacps.Config.BaseAddress, XEMACPS_DMACR_OFFSET, XEmacPs_ReadReg(emacps.Config.BaseAddress, XEMACPS_DMACR_OFFSET) | 0x00000010u);
    setup_isr();
    (void)init_dma(); /* the BSP's low_level_init does not look at init_dma's result */
    XEmacPs_Start(&emacps);
    return ERR_OK;
}

struct netif *xemac_add(struct netif *netif, ip4_addr_t *ipaddr, ip4_addr_t *netmask, ip4_addr_t *gw, unsigned char *mac, unsigned base)
{
    if (base != XPAR_XEMACPS_0_BASEADDR) {
        return NULL;
    }
    memcpy(netif->hwaddr, mac, 6);
    return netif_add(netif, ipaddr, netmask, gw, (void *)(UINTPTR)base, xemacpsif_init, ethernet_input);
}

/* One frame from the adapter's queue into lwIP (NO_SYS: at most one per call). */
int xemacif_input(struct netif *netif)
{
    struct pbuf *p = NULL;
    u32 lev = protect();
    if (recv_q.n > 0) {
        p = (struct pbuf *)recv_q.e[recv_q.head];
        recv_q.head = (recv_q.head + 1) % PQ_QUEUE_SIZE;
        recv_q.n--;
    }
    unprotect(lev);
    if (p == NULL) {
        return 0;
    }
    dev_cpu_spend(dev_cost_rx(p->tot_len));
    ad.rx_frames_in++;
    LINK_STATS_INC(link.recv);
    switch (lwip_htons(((struct eth_hdr *)p->payload)->type)) {
    case ETHTYPE_IP:
    case ETHTYPE_ARP:
#if LWIP_IPV6
    case ETHTYPE_IPV6:
#endif
        if (netif->input(p, netif) != ERR_OK) {
            pbuf_free(p);
        }
        break;
    default:
        pbuf_free(p);
    }
    dev_progress++;
    return 1;
}

void xemacpsif_resetrx_on_no_rxdata(struct netif *netif)
{
    u32 lev = protect();
    (void)netif;
    resetrx_on_no_rxdata();
    unprotect(lev);
}

void eth_link_detect(struct netif *netif)
{
    u16 bmsr;
    u32 up, s;
    if (emacps.IsReady != XIL_COMPONENT_IS_READY || eth_link_status == ETH_LINK_UNDEFINED) {
        return;
    }
    /* BMSR twice: the first read returns the latched-low link bit, the second the current one */
    XEmacPs_PhyRead(&emacps, phy_addr, 1u, &bmsr);
    XEmacPs_PhyRead(&emacps, phy_addr, 1u, &bmsr);
    up = (bmsr & 0x0004u) != 0u;
    if (eth_link_status == ETH_LINK_UP && !up) {
        eth_link_status = ETH_LINK_DOWN;
    }
    switch (eth_link_status) {
    case ETH_LINK_UNDEFINED:
    case ETH_LINK_UP:
        return;
    case ETH_LINK_DOWN:
        netif_set_link_down(netif);
        eth_link_status = ETH_LINK_NEGOTIATING;
        ad.link_down++;
        break;
    case ETH_LINK_NEGOTIATING:
        if (up && (bmsr & 0x0020u)) {
            s = phy_speed();
            if (s != 0u) {
                link_speed = s;
            }
            XEmacPs_SetOperatingSpeed(&emacps, (u16)link_speed);
            netif_set_link_up(netif);
            eth_link_status = ETH_LINK_UP;
            ad.link_up++;
        }
        break;
    }
}

/* the adapter's counters, for the report (board_zynq.c's board_stats) */
void adapter_stats(void (*kv)(const char *key, uint64_t v))
{
    kv("adapter_init_dma_alloc_failed", ad.init_dma_alloc_failed);
    kv("adapter_recv_alloc_failed", ad.recv_alloc_failed);
    kv("adapter_tx_no_space", ad.tx_no_space);
    kv("adapter_tx_sgsend_failed", ad.tx_sgsend_failed);
    kv("adapter_recvq_full", ad.recvq_full);
    kv("adapter_dma_error_resets", ad.dma_error_resets);
    kv("adapter_tx_error_resets", ad.tx_error_resets);
    kv("adapter_error_events", ad.rx_error_events);
    kv("adapter_link_down", ad.link_down);
    kv("adapter_link_up", ad.link_up);
    kv("adapter_rx_frames_in", ad.rx_frames_in);
    kv("adapter_recvq_len", (uint64_t)recv_q.n);
}
