/*
 * Host simulation of the GD32F4 ENET library and PHY around lwipgen's generated ethernetif.c (bare metal):
 * counts enet_init() calls and their media mode, models the PHY's BCR/BSR/ANAR/ANLPAR registers on MDIO,
 * and drives the glue's link poll through sys_timeout. Written for lwipgen's tests; no GigaDevice code.
 * Exit status 0 when every expectation holds; each failure is printed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lwip/netif.h"
#include "lwip/pbuf.h"
#include "lwip/stats.h"
#include "lwip/timeouts.h"
#include "gd32f4xx_enet.h"
#include "gd32f4xx_rcu.h"
#include "gd32f4xx_syscfg.h"
#include "lwipgen_sys.h"
#include "ethernetif.h"

/* ---- library and CMSIS stand-ins ---- */
uint32_t lwipgen_sim_enet_mac_cfg;
uint32_t lwipgen_sim_enet_reg[12];
uint32_t SystemCoreClock = 168000000U;
enet_descriptors_struct rxdesc_tab[ENET_RXBUF_NUM], txdesc_tab[ENET_TXBUF_NUM];
enet_descriptors_struct *dma_current_rxdesc = rxdesc_tab, *dma_current_txdesc = txdesc_tab;
#if LWIP_STATS
struct stats_ lwip_stats;
#endif

static int n_init, n_init_autoneg, n_sw_reset;
static uint16_t bcr = 0x3100U, anar = 0x01E1U, anlpar; /* BCR after a PHY reset: auto-negotiation on */
static int cable; /* cable plugged and negotiated */

void enet_deinit(void) {}
ErrStatus enet_software_reset(void) { n_sw_reset++; return SUCCESS; }
ErrStatus enet_init(enet_mediamode_enum mediamode, enet_chksumconf_enum checksum, enet_frmrecept_enum recept)
{
    (void)checksum; (void)recept;
    n_init++;
    if (mediamode == ENET_AUTO_NEGOTIATION) {
        n_init_autoneg++; /* the library would busy-wait for link and auto-negotiation here */
        if (!cable) {
            return ERROR;
        }
    }
    bcr = 0x2100U; /* what the library writes for a fixed 100 Mbit/s full-duplex mode */
    lwipgen_sim_enet_mac_cfg = (uint32_t)mediamode & (ENET_MAC_CFG_SPD | ENET_MAC_CFG_DPM);
    return SUCCESS;
}
ErrStatus enet_phy_write_read(enet_phydirection_enum direction, uint16_t phy_address, uint16_t phy_reg, uint16_t *pvalue)
{
    (void)phy_address;
    if (direction == ENET_PHY_WRITE) {
        if (phy_reg == PHY_REG_BCR) {
            bcr = *pvalue;
        }
        return SUCCESS;
    }
    switch (phy_reg) {
    case PHY_REG_BCR: *pvalue = bcr; break;
    case PHY_REG_BSR: *pvalue = (cable && (bcr & PHY_AUTONEGOTIATION)) ? (uint16_t)(PHY_LINKED_STATUS | PHY_AUTONEGO_COMPLETE) : 0U; break;
    case 4: *pvalue = anar; break;
    case 5: *pvalue = anlpar; break;
    default: *pvalue = 0U;
    }
    return SUCCESS;
}
void enet_enable(void) {}
void enet_disable(void) {}
void enet_mac_address_set(enet_macaddress_enum mac_addr, uint8_t paddr[]) { (void)mac_addr; (void)paddr; }
void enet_descriptors_chain_init(enet_dmadirection_enum direction) { (void)direction; }
void enet_rx_desc_immediate_receive_complete_interrupt(enet_descriptors_struct *desc) { (void)desc; }
void enet_transmit_checksum_config(enet_descriptors_struct *desc, uint32_t checksum) { (void)desc; (void)checksum; }
void enet_desc_flag_set(enet_descriptors_struct *desc, uint32_t desc_flag) { desc->status |= desc_flag; }
uint32_t enet_rxframe_size_get(void) { return 0U; }
ErrStatus enet_frame_receive(uint8_t *buffer, uint32_t bufsize) { (void)buffer; (void)bufsize; return ERROR; }
ErrStatus enet_frame_transmit(uint8_t *buffer, uint32_t length) { (void)buffer; (void)length; return SUCCESS; }
uint32_t enet_desc_information_get(enet_descriptors_struct *desc, enet_descstate_enum info_get) { (void)desc; (void)info_get; return 0U; }
void enet_interrupt_enable(enet_int_enum enet_int) { (void)enet_int; }
void enet_interrupt_disable(enet_int_enum enet_int) { (void)enet_int; }
FlagStatus enet_interrupt_flag_get(enet_int_flag_enum int_flag) { (void)int_flag; return RESET; }
void enet_interrupt_flag_clear(enet_int_flag_clear_enum int_flag_clear) { (void)int_flag_clear; }
void rcu_periph_clock_enable(rcu_periph_enum periph) { (void)periph; }
void syscfg_enet_phy_interface_config(uint32_t enet_interface) { (void)enet_interface; }
void NVIC_SetPriority(IRQn_Type IRQn, uint32_t priority) { (void)IRQn; (void)priority; }
void NVIC_EnableIRQ(IRQn_Type IRQn) { (void)IRQn; }
uint32_t __get_PRIMASK(void) { return 0U; }
void __set_PRIMASK(uint32_t priMask) { (void)priMask; }
void __disable_irq(void) {}

/* ---- lwIP and lwipgen_sys stand-ins: only what the glue calls ---- */
static sys_timeout_handler pending;
static void *pending_arg;
void sys_timeout(u32_t msecs, sys_timeout_handler handler, void *arg) { (void)msecs; pending = handler; pending_arg = arg; }
u32_t sys_now(void) { return 0U; }
void netif_set_link_up(struct netif *netif) { netif->flags |= NETIF_FLAG_LINK_UP; }
void netif_set_link_down(struct netif *netif) { netif->flags &= (u8_t)~NETIF_FLAG_LINK_UP; }
err_t etharp_output(struct netif *netif, struct pbuf *q, const ip4_addr_t *ipaddr) { (void)netif; (void)q; (void)ipaddr; return ERR_OK; }
struct pbuf *pbuf_alloc(pbuf_layer l, u16_t length, pbuf_type type) { (void)l; (void)length; (void)type; return NULL; }
u8_t pbuf_free(struct pbuf *p) { (void)p; return 0; }
u16_t pbuf_copy_partial(const struct pbuf *p, void *dataptr, u16_t len, u16_t offset) { (void)p; (void)dataptr; (void)len; (void)offset; return 0; }
err_t pbuf_take(struct pbuf *buf, const void *dataptr, u16_t len) { (void)buf; (void)dataptr; (void)len; return ERR_OK; }
void lwipgen_fatal(const char *what, const char *file, int line) { printf("FAIL: lwipgen_fatal(%s) at %s:%d\n", what, file, line); exit(2); }
void lwipgen_rx_signal_from_isr(void) {}
void lwipgen_tx_wait(u32_t max_ms) { (void)max_ms; }

static int failures;
#define EXPECT(cond, ...) do { if (!(cond)) { failures++; printf("FAIL: " __VA_ARGS__); printf("\n"); } } while (0)

static void poll(int times)
{
    while (times-- > 0) {
        sys_timeout_handler h = pending;
        pending = NULL;
        EXPECT(h != NULL, "the link poll did not re-arm its timeout");
        if (h == NULL) {
            return;
        }
        h(pending_arg);
    }
}

int main(void)
{
    struct netif nif;
    int flap;
    memset(&nif, 0, sizeof(nif));
    cable = 0; /* boot with the cable out */
    EXPECT(ethernetif_init(&nif) == ERR_OK, "ethernetif_init failed");
    EXPECT(n_init == 1, "enet_init called %d times at init, want 1", n_init);
    EXPECT((bcr & PHY_AUTONEGOTIATION) && (bcr & PHY_RESTART_AUTONEGOTIATION), "PHY not handed back to auto-negotiation after enet_init (BCR 0x%04x)", bcr);
    poll(3);
    EXPECT(!netif_is_link_up(&nif), "link up with the cable out");
    for (flap = 0; flap < 4; flap++) {
        cable = 1;
        anlpar = (flap % 2) ? 0x0041U : 0x0181U; /* partner: 10 Mbit/s full duplex, or 100 Mbit/s full duplex */
        poll(1);
        EXPECT(netif_is_link_up(&nif), "flap %d: link not up after one poll", flap);
        if (flap % 2) {
            EXPECT((lwipgen_sim_enet_mac_cfg & ENET_MAC_CFG_SPD) == 0U && (lwipgen_sim_enet_mac_cfg & ENET_MAC_CFG_DPM) != 0U, "flap %d: MAC not set to 10 Mbit/s full duplex (0x%08x)", flap, (unsigned)lwipgen_sim_enet_mac_cfg);
        } else {
            EXPECT((lwipgen_sim_enet_mac_cfg & ENET_MAC_CFG_SPD) != 0U && (lwipgen_sim_enet_mac_cfg & ENET_MAC_CFG_DPM) != 0U, "flap %d: MAC not set to 100 Mbit/s full duplex (0x%08x)", flap, (unsigned)lwipgen_sim_enet_mac_cfg);
        }
        cable = 0;
        poll(1);
        EXPECT(!netif_is_link_up(&nif), "flap %d: link still up after the cable went out", flap);
    }
    EXPECT(n_init == 1, "enet_init called %d times over 4 link flaps, want 1 (MAC/DMA initialised once)", n_init);
    EXPECT(n_init_autoneg == 0, "enet_init called %d times with ENET_AUTO_NEGOTIATION (the library busy-waits for link and negotiation there)", n_init_autoneg);
    EXPECT(n_sw_reset == 1, "enet_software_reset called %d times, want 1", n_sw_reset);
    printf("%s: %d failure(s)\n", failures ? "FAIL" : "ok", failures);
    return failures ? 1 : 0;
}
