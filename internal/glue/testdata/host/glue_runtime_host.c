/*
 * glue_runtime_host.c - runs lwipgen's STM32 glue (ethernetif.c, lwipgen_sys.c, lwipgen_rxpool.c, rendered
 * for a bare-metal CubeMX board) on the host against the real lwIP core and a simulated HAL ETH + PHY, and
 * checks what the glue does at run time, the way CubeMX's lwip.c drives it:
 *   - the netif comes up (netif_set_up + netif_set_link_up) after the first link check, and goes down and
 *     up again on a flap (lwip.c only calls netif_set_up when the link is already up at init);
 *   - sys_now() is HAL_GetTick() and advances (nothing calls lwipgen_systick() in a CubeMX project);
 *   - the RX interrupt acknowledge clears the normal interrupt summary bit with the RX status bit;
 *   - the HAL error state (fatal bus error) is recovered by DeInit + Init with a counter (releasing the
 *     frame the stopped DMA still owned), and the link comes
 *     back up afterwards;
 *   - the MDIO clock range is set after every HAL_ETH_Init;
 *   - lwIP holding received frames never takes the buffers the RX ring needs (the ring keeps being
 *     re-armed; beyond the reserve, frames reach lwIP as copies).
 * Written for lwipgen's tests; the HAL here is lwipgen's own simulation of the documented API, no ST code.
 * Prints "ok <name>" / "FAIL <name>" lines; exit status 0 only when every check passed.
 */
#include <stdio.h>
#include <string.h>

#include "stm32f4xx_hal.h"
#include "lwip/init.h"
#include "lwip/netif.h"
#include "lwip/timeouts.h"
#include "netif/ethernet.h"
#include "ethernetif.h"
#include "lwipgen_rxpool.h"

ETH_TypeDef lwipgen_test_eth_regs;
static uint32_t sim_ms;
static uint32_t sim_bsr;           /* PHY basic status register */
static int sim_inits, sim_deinits, sim_mdio_ranges, sim_starts;
static uint32_t sim_dmasr_writes;  /* OR of every value written to DMASR (write-1-to-clear) */
static int failures;

static void check(int ok, const char *name)
{
    printf("%s %s\n", ok ? "ok" : "FAIL", name);
    if (!ok) {
        failures++;
    }
}

/* ---- the simulated HAL ---- */
uint32_t __get_PRIMASK(void) { return 0; }
void __set_PRIMASK(uint32_t priMask) { (void)priMask; }
uint32_t __get_IPSR(void) { return 0; }
void __disable_irq(void) {}
void HAL_IncTick(void) { sim_ms++; }
uint32_t HAL_GetTick(void) { return sim_ms; }
uint32_t HAL_RCC_GetHCLKFreq(void) { return 168000000u; }
void HAL_NVIC_SetPriority(IRQn_Type IRQn, uint32_t p, uint32_t s) { (void)IRQn; (void)p; (void)s; }
void HAL_NVIC_EnableIRQ(IRQn_Type IRQn) { (void)IRQn; }
HAL_StatusTypeDef HAL_ETH_Init(ETH_HandleTypeDef *h) { sim_inits++; h->gState = HAL_ETH_STATE_READY; return HAL_OK; }
HAL_StatusTypeDef HAL_ETH_DeInit(ETH_HandleTypeDef *h) { sim_deinits++; h->gState = HAL_ETH_STATE_RESET; return HAL_OK; }
void HAL_ETH_SetMDIOClockRange(ETH_HandleTypeDef *h) { (void)h; sim_mdio_ranges++; }
/* The RX ring: one buffer per descriptor, taken from the glue with HAL_ETH_RxAllocateCallback as the HAL
 * does when it (re)builds descriptors; RxBuildDescCnt counts the descriptors still without a buffer. */
static uint8_t *sim_ring[ETH_RX_DESC_CNT];
static unsigned sim_head, sim_frames_pending, sim_frames_taken, sim_starved;

static void sim_rearm(ETH_HandleTypeDef *h)
{
    unsigned i, empty = 0;
    for (i = 0; i < ETH_RX_DESC_CNT; i++) {
        if (sim_ring[i] == NULL) {
            HAL_ETH_RxAllocateCallback(&sim_ring[i]);
        }
        if (sim_ring[i] == NULL) {
            empty++;
        }
    }
    h->RxDescList.RxBuildDescCnt = empty;
}

HAL_StatusTypeDef HAL_ETH_Start(ETH_HandleTypeDef *h) { sim_starts++; h->gState = HAL_ETH_STATE_STARTED; sim_rearm(h); return HAL_OK; }
HAL_StatusTypeDef HAL_ETH_Start_IT(ETH_HandleTypeDef *h) { return HAL_ETH_Start(h); }
HAL_StatusTypeDef HAL_ETH_Stop(ETH_HandleTypeDef *h) { if (h->gState == HAL_ETH_STATE_STARTED) { h->gState = HAL_ETH_STATE_READY; } return HAL_OK; }
HAL_StatusTypeDef HAL_ETH_Stop_IT(ETH_HandleTypeDef *h) { return HAL_ETH_Stop(h); }
HAL_StatusTypeDef HAL_ETH_ReadData(ETH_HandleTypeDef *h, void **b)
{
    void *start = NULL, *end = NULL;
    uint8_t *buf;
    *b = NULL;
    if (h->gState != HAL_ETH_STATE_STARTED || sim_frames_pending == 0U) {
        return HAL_ERROR;
    }
    buf = sim_ring[sim_head];
    if (buf == NULL) {
        sim_starved++; /* a frame arrived and the descriptor had no buffer: it is lost */
        sim_frames_pending--;
        sim_rearm(h);
        return HAL_ERROR;
    }
    memset(buf, 0xFF, 6);     /* broadcast */
    memset(buf + 6, 0x02, 6); /* source */
    buf[12] = 0x88;           /* an EtherType lwIP does not handle: the frame is only held */
    buf[13] = 0xB5;
    HAL_ETH_RxLinkCallback(&start, &end, buf, 64U);
    sim_ring[sim_head] = NULL;
    sim_head = (sim_head + 1U) % ETH_RX_DESC_CNT;
    sim_frames_pending--;
    sim_frames_taken++;
    sim_rearm(h);
    *b = start;
    return HAL_OK;
}
HAL_StatusTypeDef HAL_ETH_ReleaseTxPacket(ETH_HandleTypeDef *h) { (void)h; return HAL_OK; }
static int sim_tx_hold; /* the DMA keeps the packet (a bus error stops it before the TX-complete) */
HAL_StatusTypeDef HAL_ETH_Transmit_IT(ETH_HandleTypeDef *h, ETH_TxPacketConfigTypeDef *c)
{
    if (sim_tx_hold) {
        h->TxDescList.PacketAddress[0] = c->pData; /* as the HAL records the packet of a descriptor it owns */
        return HAL_OK;
    }
    HAL_ETH_TxFreeCallback((uint32_t *)c->pData); /* sent at once */
    return HAL_OK;
}
HAL_StatusTypeDef HAL_ETH_WritePHYRegister(ETH_HandleTypeDef *h, uint32_t a, uint32_t r, uint32_t v) { (void)h; (void)a; (void)r; (void)v; return HAL_OK; }
HAL_StatusTypeDef HAL_ETH_ReadPHYRegister(ETH_HandleTypeDef *h, uint32_t a, uint32_t r, uint32_t *v)
{
    (void)h; (void)a;
    *v = r == 1U ? sim_bsr : (r == 4U || r == 5U) ? 0x01E1U : 0U; /* BSR; ANAR/ANLPAR: 10/100 both duplexes */
    return HAL_OK;
}
HAL_StatusTypeDef HAL_ETH_GetMACConfig(ETH_HandleTypeDef *h, ETH_MACConfigTypeDef *m) { (void)h; memset(m, 0, sizeof(*m)); return HAL_OK; }
HAL_StatusTypeDef HAL_ETH_SetMACConfig(ETH_HandleTypeDef *h, ETH_MACConfigTypeDef *m) { (void)h; (void)m; return HAL_OK; }
uint32_t HAL_ETH_GetDMAError(ETH_HandleTypeDef *h) { return h->DMAErrorCode; }
void HAL_ETH_IRQHandler(ETH_HandleTypeDef *h) { (void)h; }

#define BSR_UP 0x0024U /* link status + auto-negotiation complete */

/* An application that keeps every frame it gets (unread socket data, out-of-order segments). */
static struct pbuf *held[3 * LWIPGEN_RXPOOL_COUNT];
static unsigned nheld, nheld_custom;
static err_t hold_input(struct pbuf *p, struct netif *inp)
{
    (void)inp;
    held[nheld++] = p;
    if ((p->flags & PBUF_FLAG_IS_CUSTOM) != 0U) {
        nheld_custom++;
    }
    return ERR_OK;
}

int main(void)
{
    extern ETH_HandleTypeDef heth;
    struct netif nif;
    ip4_addr_t ip, mask, gw;
    u32_t t0;
    int i;

    IP4_ADDR(&ip, 192, 0, 2, 10);
    IP4_ADDR(&mask, 255, 255, 255, 0);
    IP4_ADDR(&gw, 0, 0, 0, 0);
    lwip_init();
    /* As CubeMX's bare-metal MX_LWIP_Init(): netif_add, then netif_set_up only if the link is up already. */
    netif_add(&nif, &ip, &mask, &gw, NULL, ethernetif_init, ethernet_input);
    netif_set_default(&nif);
    if (netif_is_link_up(&nif)) {
        netif_set_up(&nif);
    } else {
        netif_set_down(&nif);
    }
    check(!netif_is_up(&nif) && !netif_is_link_up(&nif), "down while the PHY has no link");
    check(sim_inits == 1 && sim_mdio_ranges == 1, "HAL_ETH_SetMDIOClockRange after HAL_ETH_Init");

    t0 = sys_now();
    for (i = 0; i < 250; i++) {
        HAL_IncTick(); /* SysTick_Handler of stm32xxxx_it.c: HAL_IncTick() only */
    }
    check(sys_now() - t0 == 250U, "sys_now() advances with HAL_GetTick()");

    /* The link comes up; MX_LWIP_Process() -> Ethernet_Link_Periodic_Handle() -> ethernet_link_check_state(). */
    sim_bsr = BSR_UP;
    ethernetif_input(&nif);
    ethernet_link_check_state(&nif);
    check(netif_is_up(&nif) && netif_is_link_up(&nif), "netif up and link up after the first link check");
    check(heth.gState == HAL_ETH_STATE_STARTED, "MAC and DMA started on link");

    /* Flap: down, then up again. */
    sim_bsr = 0U;
    ethernet_link_check_state(&nif);
    check(!netif_is_up(&nif) && !netif_is_link_up(&nif), "netif down after the link is lost");
    sim_bsr = BSR_UP;
    ethernet_link_check_state(&nif);
    check(netif_is_up(&nif) && netif_is_link_up(&nif), "netif up again after the link returns");

    /* RX interrupt acknowledge: RX status and the normal interrupt summary, as HAL_ETH_IRQHandler clears them. */
    lwipgen_test_eth_regs.DMASR = 0U;
    ethernetif_rx_irq_ack();
    sim_dmasr_writes = lwipgen_test_eth_regs.DMASR;
    check((sim_dmasr_writes & ETH_DMASR_RS) != 0U && (sim_dmasr_writes & ETH_DMASR_NIS) != 0U, "RX acknowledge clears RS and NIS");

    /* Fatal bus error while a frame is in flight: the HAL enters its error state with the DMA still
     * owning that frame; the next poll restarts MAC and DMA, and HAL_ETH_Init clears the TX list, so
     * the recovery must free the packet first (a leak the simulator found, internal/sim
     * TestGlueDMAErrorWhileSending; checked here without it). */
    struct pbuf *inflight = pbuf_alloc(PBUF_RAW, 60, PBUF_RAM);
    sim_tx_hold = 1;
    check(inflight != NULL && nif.linkoutput(&nif, inflight) == ERR_OK && inflight->ref == 2, "a frame in flight is referenced by the driver");
    sim_tx_hold = 0;
    heth.gState = HAL_ETH_STATE_ERROR;
    heth.DMAErrorCode = ETH_DMASR_FBES;
    HAL_ETH_ErrorCallback(&heth);
    ethernetif_input(&nif);
    check(sim_deinits == 1 && sim_inits == 2 && sim_mdio_ranges == 2, "HAL error state recovered by DeInit + Init (+ MDIO clock range)");
    check(inflight != NULL && inflight->ref == 1, "the recovery released the frame the stopped DMA owned");
    if (inflight != NULL) {
        pbuf_free(inflight);
    }
    heth.DMAErrorCode = 0U;
    ethernet_link_check_state(&nif);
    ethernet_link_check_state(&nif);
    check(heth.gState == HAL_ETH_STATE_STARTED && netif_is_up(&nif) && netif_is_link_up(&nif), "link back up after the recovery");

    /* lwIP holds everything it receives: the ring must keep its buffers (copies beyond the reserve). */
    {
        netif_input_fn saved = nif.input;
        unsigned n;
        nif.input = hold_input;
        sim_frames_pending = 3U * LWIPGEN_RXPOOL_COUNT;
        for (n = 0; n < 4U * LWIPGEN_RXPOOL_COUNT && sim_frames_pending > 0U; n++) {
            (void)ethernetif_rx_frame(&nif);
        }
        check(sim_starved == 0U && sim_frames_taken == 3U * LWIPGEN_RXPOOL_COUNT, "the RX ring is re-armed while lwIP holds frames (no frame lost to an empty descriptor)");
        check(nheld_custom <= LWIPGEN_RXPOOL_COUNT - ETH_RX_DESC_CNT, "lwIP holds at most the zero-copy buffers the ring does not need");
        check(nheld > nheld_custom, "frames beyond the reserve reach lwIP as copies");
        for (n = 0; n < nheld; n++) {
            pbuf_free(held[n]);
        }
        nif.input = saved;
        printf("held %u frames, %u zero-copy (pool %u, ring %u)\n", nheld, nheld_custom, (unsigned)LWIPGEN_RXPOOL_COUNT, (unsigned)ETH_RX_DESC_CNT);
    }

    sys_check_timeouts();
    printf("%s\n", failures == 0 ? "PASS" : "FAILED");
    return failures == 0 ? 0 : 1;
}
