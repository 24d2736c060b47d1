/*
 * model_gd32enet.c - behavioural model of the GigaDevice GD32F4xx ENET firmware library API (and the
 * MAC/DMA/PHY behind it) as lwipgen's generated GD32 glue calls it, for lwipgen's host simulator.
 * lwipgen's own code, written from GigaDevice's "GD32F4xx Firmware Library User Guide" (ENET chapter:
 * enet_init, enet_descriptors_chain_init, enet_rxframe_size_get, enet_frame_receive /
 * enet_frame_transmit with their NOCOPY forms, enet_desc_information_get, the DMA interrupt flags) and
 * the GD32F4xx user manual's ENET DMA descriptor chapter (DAV ownership bit, FDES/LDES, RBU/TBU).
 * The library owns the descriptor tables and buffers (rxdesc_tab, txdesc_tab, their buffers) and the
 * current-descriptor pointers, as in the vendor library; the glue copies frames in and out.
 *
 * RX: descriptors given to the DMA (DAV) receive a frame each; the DMA suspends with RBU when the
 * current one is the CPU's and drops frames until enet_frame_receive gives it back and resumes.
 * TX: enet_frame_transmit gives the current descriptor to the DMA; DAV clears when the frame has left
 * the wire. The glue's busy-wait on DAV calls lwipgen_tx_wait, wrapped here so the spin takes time.
 * Init: enet_init as gd32f4xx_enet.c does it (read at BestSens/gd32-cmake-example@59a0a62f,
 * Firmware/GD32F4xx_standard_peripheral/Source/gd32f4xx_enet.c, library V3.3.1): enet_phy_config sets the
 * MDC clock range and resets the PHY (BCR bit 15) with a busy wait of ENET_DELAY_TO loop counts, the
 * fixed media mode writes BCR and busy-waits PHY_CONFIGDELAY loop counts; the loops cost CPU time here
 * (4 cycles an iteration at SystemCoreClock). enet_deinit and enet_software_reset set every register
 * back to its reset value (the MDC clock range too: a PHY access then fails a check), and
 * enet_enable checks that the MAC/DMA configuration enet_init wrote is in place.
 * Descriptors hold 32-bit buffer addresses: the device is linked -no-pie so the library's static
 * buffers have addresses below 4 GiB, as on the target.
 */
#include <stdio.h>
#include <string.h>

#include "gd32f4xx.h"
#include "gd32f4xx_enet.h"
#include "gd32f4xx_rcu.h"
#include "gd32f4xx_syscfg.h"
#include "lwip/arch.h"
#include "devhost.h"

#define RDES0_DAV (1u << 31)
#define RDES0_FDES (1u << 9)
#define RDES0_LDES (1u << 8)
#define TDES0_DAV (1u << 31)

enet_descriptors_struct rxdesc_tab[ENET_RXBUF_NUM];
enet_descriptors_struct txdesc_tab[ENET_TXBUF_NUM];
static uint8_t rx_buff[ENET_RXBUF_NUM][ENET_RXBUF_SIZE] __attribute__((aligned(4)));
static uint8_t tx_buff[ENET_TXBUF_NUM][ENET_TXBUF_SIZE] __attribute__((aligned(4)));
enet_descriptors_struct *dma_current_rxdesc;
enet_descriptors_struct *dma_current_txdesc;
uint32_t lwipgen_sim_enet_mac_cfg;
uint32_t lwipgen_sim_enet_reg[12];
static uint32_t cfg_after_init[12], mac_cfg_after_init; /* what enet_init left, start bits off */
static int cfg_valid;
#define MAC_CFG_START (ENET_MAC_CFG_TEN | ENET_MAC_CFG_REN)
#define DMA_CTL_START (ENET_DMA_CTL_STE | ENET_DMA_CTL_SRE)
#define MDC_HCLK_DIV102 0x10u /* MAC_PHY_CTL CLR = 4: HCLK 150-240 MHz (MDC <= 2.5 MHz) */
uint32_t SystemCoreClock = 168000000u;

static int nvic_en, mac_on, rx_suspended, dma_dead, systick_on, rie, nie, aie, fbeie, rs_flag, fbe_flag, rx_dma, tx_cur_idx, rx_cur_idx;
static int tie, ts_flag;
static uint64_t ts_at = UINT64_MAX; /* when the pending TS was raised (its frame left the wire) */
static uint64_t tx_done[ENET_TXBUF_NUM];
static int link_latched_low;
static struct {
    uint64_t inits, rbu, rx_dma_frames, rx_read, tx_frames, tx_waits, irqs, resumes, fatal, recoveries;
    uint64_t tx_irqs, tx_irq_latency_max;
    uint64_t phy_resets, busy_wait_ns, resets;
} st;

int sim_systick_enabled(void) { return systick_on; }

/* ---- CMSIS ---- */
uint32_t __get_PRIMASK(void) { return (uint32_t)dev_primask; }
void __set_PRIMASK(uint32_t m)
{
    dev_primask = (int)(m & 1u);
    if (!dev_primask) {
        dev_irq_poll();
    }
}
void __disable_irq(void) { dev_primask = 1; }
void __enable_irq(void) { __set_PRIMASK(0); }
uint32_t SysTick_Config(uint32_t ticks)
{
    if (ticks != SystemCoreClock / 1000u) {
        dev_check_failed("systick_rate", "SysTick_Config(%u): not 1 kHz at SystemCoreClock %u", (unsigned)ticks, (unsigned)SystemCoreClock);
    }
    systick_on = 1;
    return 0;
}
uint32_t sim_eth_irq_prio = 0xffu; /* the RTOS model checks FromISR calls against it */
void NVIC_SetPriority(IRQn_Type IRQn, uint32_t p)
{
    if (IRQn == ENET_IRQn) {
        sim_eth_irq_prio = p;
    }
}
void NVIC_EnableIRQ(IRQn_Type IRQn)
{
    if (IRQn == ENET_IRQn) {
        nvic_en = 1;
        dev_irq_poll();
    }
}
void NVIC_DisableIRQ(IRQn_Type IRQn)
{
    if (IRQn == ENET_IRQn) {
        nvic_en = 0;
    }
}
void rcu_periph_clock_enable(rcu_periph_enum p) { (void)p; }
void syscfg_enet_phy_interface_config(uint32_t v) { (void)v; }

/* ---- TX completion (an event at its virtual time) ---- */
/* The DMA clears DAV when the frame has left the wire and, for a descriptor with INTC, raises TS in
 * ENET_DMA_STAT (the GD32F4xx user manual's TDES0 INTC / ENET_DMA_STAT TS); with TIE and NIE
 * enabled that is the ENET interrupt. */
static void tx_update(void)
{
    int i;
    for (i = 0; i < (int)ENET_TXBUF_NUM; i++) {
        if ((txdesc_tab[i].status & TDES0_DAV) && tx_done[i] <= dev_cpu_ns) {
            txdesc_tab[i].status &= ~TDES0_DAV;
            if (txdesc_tab[i].status & ENET_TDES0_INTC) {
                ts_flag = 1;
                if (tx_done[i] < ts_at) {
                    ts_at = tx_done[i];
                }
            }
        }
    }
}

/* The glue's wait for a TX descriptor. Bare metal (a no-op in lwipgen_sys.c): this is where its busy
 * loop spends time, the CPU spins until the DMA frees the descriptor, or a millisecond. With an RTOS
 * the glue blocks on its TX-done semaphore (given by the TX-complete interrupt, or the tick's
 * timeout): no CPU is spent, other tasks run. */
void __real_lwipgen_tx_wait(u32_t max_ms);
void __wrap_lwipgen_tx_wait(u32_t max_ms)
{
#if SIM_RTOS
    st.tx_waits++;
    __real_lwipgen_tx_wait(max_ms);
    return;
#endif
    int i = (int)(dma_current_txdesc - txdesc_tab);
    uint64_t until = dev_cpu_ns + 1000000u;
    st.tx_waits++;
    if (i >= 0 && i < (int)ENET_TXBUF_NUM && (txdesc_tab[i].status & TDES0_DAV) && tx_done[i] < until && tx_done[i] > dev_cpu_ns) {
        until = tx_done[i];
    }
    dev_cpu_spend(until - dev_cpu_ns);
    tx_update();
    __real_lwipgen_tx_wait(max_ms);
}

/* ---- library: init ---- */
/* The library's enet_delay(): a counted loop, at least 4 cycles an iteration. */
static void lib_busy_wait(uint32_t count)
{
    uint64_t ns = (uint64_t)count * 4u * 1000000000u / SystemCoreClock;
    st.busy_wait_ns += ns;
    dev_cpu_spend(ns);
}
/* RCU reset (enet_deinit) or ENET_DMA_BCTL SWR (enet_software_reset): every MAC/DMA register at its reset value. */
static void enet_reset_regs(void)
{
    if (dma_dead) {
        st.recoveries++; /* the reset clears the DMA's fatal state */
    }
    st.resets++;
    memset(lwipgen_sim_enet_reg, 0, sizeof lwipgen_sim_enet_reg);
    lwipgen_sim_enet_mac_cfg = 0u;
    dma_dead = 0;
    fbe_flag = 0;
    rie = nie = aie = fbeie = tie = 0;
    ts_flag = 0;
    ts_at = UINT64_MAX;
    mac_on = 0;
}
void enet_deinit(void) { enet_reset_regs(); }
ErrStatus enet_software_reset(void)
{
    enet_reset_regs();
    return SUCCESS;
}
ErrStatus enet_init(enet_mediamode_enum mediamode, enet_chksumconf_enum checksum, enet_frmrecept_enum recept)
{
    uint16_t v;
    uint32_t i;
    st.inits++;
    /* enet_phy_config: MDC clock range from HCLK, PHY reset, ENET_DELAY_TO, reset bit read back */
    ENET_MAC_PHY_CTL = MDC_HCLK_DIV102;
    v = PHY_RESET;
    (void)enet_phy_write_read(ENET_PHY_WRITE, PHY_ADDRESS, PHY_REG_BCR, &v);
    lib_busy_wait(0x0004FFFFu);
    (void)enet_phy_write_read(ENET_PHY_READ, PHY_ADDRESS, PHY_REG_BCR, &v);
    /* enet_default_init and the options: every configuration register gets a value of its own */
    for (i = 0; i < sizeof lwipgen_sim_enet_reg / sizeof lwipgen_sim_enet_reg[0]; i++) {
        if (&lwipgen_sim_enet_reg[i] != &ENET_MAC_PHY_CTL) {
            lwipgen_sim_enet_reg[i] = 0x5A000000u | (i << 8) | (uint32_t)checksum | (uint32_t)recept;
        }
    }
    ENET_DMA_CTL &= ~DMA_CTL_START;
    ENET_DMA_BCTL &= ~ENET_DMA_BCTL_SWR;
    /* the fixed media mode: BCR forced, then PHY_CONFIGDELAY */
    v = (uint16_t)(((uint32_t)mediamode & ENET_MAC_CFG_DPM) >> 3 | ((uint32_t)mediamode & ENET_MAC_CFG_SPD) >> 1);
    (void)enet_phy_write_read(ENET_PHY_WRITE, PHY_ADDRESS, PHY_REG_BCR, &v);
    lib_busy_wait(0x00FFFFFFu);
    /* the library forces 100 Mbit/s full duplex in the PHY and the MAC for ENET_100M_FULLDUPLEX */
    lwipgen_sim_enet_mac_cfg = (mediamode == ENET_100M_FULLDUPLEX) ? (ENET_MAC_CFG_SPD | ENET_MAC_CFG_DPM) : 0u;
    memcpy(cfg_after_init, lwipgen_sim_enet_reg, sizeof cfg_after_init);
    mac_cfg_after_init = lwipgen_sim_enet_mac_cfg;
    cfg_valid = 1;
    return SUCCESS;
}
void enet_enable(void)
{
    uint32_t i, speed = ENET_MAC_CFG_SPD | ENET_MAC_CFG_DPM;
    for (i = 0; cfg_valid && i < sizeof lwipgen_sim_enet_reg / sizeof lwipgen_sim_enet_reg[0]; i++) {
        if ((lwipgen_sim_enet_reg[i] & ~DMA_CTL_START) != (cfg_after_init[i] & ~DMA_CTL_START) ||
            (lwipgen_sim_enet_mac_cfg & ~(MAC_CFG_START | speed)) != (mac_cfg_after_init & ~(MAC_CFG_START | speed))) {
            dev_check_failed("enet_config_lost", "MAC/DMA started without the configuration enet_init wrote (register %u: 0x%08x, was 0x%08x)", (unsigned)i,
                             (unsigned)lwipgen_sim_enet_reg[i], (unsigned)cfg_after_init[i]);
            break;
        }
    }
    ENET_MAC_CFG |= MAC_CFG_START;
    ENET_DMA_CTL |= DMA_CTL_START;
    mac_on = 1;
    rx_suspended = 0;
    dev_progress++;
}
void enet_disable(void)
{
    ENET_DMA_CTL &= ~DMA_CTL_START;
    ENET_MAC_CFG &= ~MAC_CFG_START;
    mac_on = 0;
}
void enet_mac_address_set(enet_macaddress_enum mac_addr, uint8_t paddr[]) { (void)mac_addr; (void)paddr; }

void enet_descriptors_chain_init(enet_dmadirection_enum direction)
{
    int i;
    if (direction == ENET_DMA_TX) {
        for (i = 0; i < (int)ENET_TXBUF_NUM; i++) {
            txdesc_tab[i].status = 0u;
            txdesc_tab[i].buffer1_addr = (uint32_t)(uintptr_t)tx_buff[i];
            txdesc_tab[i].buffer2_next_desc_addr = (uint32_t)(uintptr_t)&txdesc_tab[(i + 1) % (int)ENET_TXBUF_NUM];
        }
        dma_current_txdesc = txdesc_tab;
        tx_cur_idx = 0;
    } else {
        for (i = 0; i < (int)ENET_RXBUF_NUM; i++) {
            rxdesc_tab[i].status = RDES0_DAV;
            rxdesc_tab[i].control_buffer_size = ENET_RXBUF_SIZE;
            rxdesc_tab[i].buffer1_addr = (uint32_t)(uintptr_t)rx_buff[i];
            rxdesc_tab[i].buffer2_next_desc_addr = (uint32_t)(uintptr_t)&rxdesc_tab[(i + 1) % (int)ENET_RXBUF_NUM];
        }
        dma_current_rxdesc = rxdesc_tab;
        rx_cur_idx = rx_dma = 0;
    }
}
void enet_rx_desc_immediate_receive_complete_interrupt(enet_descriptors_struct *desc) { (void)desc; }
void enet_transmit_checksum_config(enet_descriptors_struct *desc, uint32_t checksum) { desc->status |= checksum; }
void enet_desc_flag_set(enet_descriptors_struct *desc, uint32_t desc_flag) { desc->status |= desc_flag; }

/* ---- interrupts ---- */
void enet_interrupt_enable(enet_int_enum i)
{
    if (i == ENET_DMA_INT_RIE) {
        rie = 1;
    } else if (i == ENET_DMA_INT_TIE) {
        tie = 1;
    } else if (i == ENET_DMA_INT_NIE) {
        nie = 1;
    } else if (i == ENET_DMA_INT_AIE) {
        aie = 1;
    } else if (i == ENET_DMA_INT_FBEIE) {
        fbeie = 1;
    }
    dev_irq_poll();
}
void enet_interrupt_disable(enet_int_enum i)
{
    if (i == ENET_DMA_INT_RIE) {
        rie = 0;
    } else if (i == ENET_DMA_INT_TIE) {
        tie = 0;
    } else if (i == ENET_DMA_INT_NIE) {
        nie = 0;
    } else if (i == ENET_DMA_INT_AIE) {
        aie = 0;
    } else if (i == ENET_DMA_INT_FBEIE) {
        fbeie = 0;
    }
}
FlagStatus enet_interrupt_flag_get(enet_int_flag_enum f)
{
    if (f == ENET_DMA_INT_FLAG_RS) {
        return rs_flag ? SET : RESET;
    }
    if (f == ENET_DMA_INT_FLAG_TS) {
        tx_update();
        return ts_flag ? SET : RESET;
    }
    if (f == ENET_DMA_INT_FLAG_FBE) {
        return fbe_flag ? SET : RESET;
    }
    return RESET;
}
void enet_interrupt_flag_clear(enet_int_flag_clear_enum f)
{
    if (f == ENET_DMA_INT_FLAG_RS_CLR) {
        rs_flag = 0;
    } else if (f == ENET_DMA_INT_FLAG_TS_CLR) {
        if (ts_flag && dev_in_isr) {
            /* the TX-complete interrupt handled: how long after its frame left the wire */
            st.tx_irqs++;
            if (ts_at != UINT64_MAX && dev_cpu_ns - ts_at > st.tx_irq_latency_max) {
                st.tx_irq_latency_max = dev_cpu_ns - ts_at;
            }
        }
        ts_flag = 0;
        ts_at = UINT64_MAX;
    } else if (f == ENET_DMA_INT_FLAG_FBE_CLR) {
        fbe_flag = 0;
    }
}
int model_irq_pending(void)
{
    tx_update();
    return nvic_en && ((nie && rie && rs_flag) || (nie && tie && ts_flag) || (aie && fbeie && fbe_flag));
}
void ENET_IRQHandler(void);
void model_irq_handler(void)
{
    st.irqs++;
    ENET_IRQHandler();
}

/* ---- RX ---- */
void model_rx_frame(const uint8_t *frame, uint32_t len)
{
    enet_descriptors_struct *d = &rxdesc_tab[rx_dma];
    if (!dev_link_up()) {
        dev_drop(DROP_LINK_DOWN);
        return;
    }
    if (!mac_on) {
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
    if (!(d->status & RDES0_DAV)) {
        dev_drop(DROP_NO_DESC);
        rx_suspended = 1;
        st.rbu++;
        return;
    }
    if (len > ENET_RXBUF_SIZE - 4u) {
        len = ENET_RXBUF_SIZE - 4u;
    }
    memcpy(rx_buff[rx_dma], frame, len);
    /* frame length with the FCS, first and last descriptor, the CPU's now */
    d->status = (((len + 4u) & 0x3FFFu) << 16) | RDES0_FDES | RDES0_LDES;
    rx_dma = (rx_dma + 1) % (int)ENET_RXBUF_NUM;
    st.rx_dma_frames++;
    rs_flag = 1;
    dev_irq_poll();
}

uint32_t enet_rxframe_size_get(void)
{
    uint32_t s;
    tx_update();
    s = dma_current_rxdesc->status;
    if (s & RDES0_DAV) {
        return 0u;
    }
    if (!(s & RDES0_FDES) || !(s & RDES0_LDES)) {
        (void)enet_frame_receive(NULL, 0u);
        return 1u;
    }
    return ((s >> 16) & 0x3FFFu) - 4u;
}

ErrStatus enet_frame_receive(uint8_t *buffer, uint32_t bufsize)
{
    enet_descriptors_struct *d = dma_current_rxdesc;
    if (d->status & RDES0_DAV) {
        return ERROR;
    }
    if (buffer != NULL) {
        uint32_t len = ((d->status >> 16) & 0x3FFFu) - 4u;
        memcpy(buffer, (void *)(uintptr_t)d->buffer1_addr, len < bufsize ? len : bufsize);
    }
    dev_cpu_spend(dev_cost_rx(((d->status >> 16) & 0x3FFFu) - 4u));
    d->status = RDES0_DAV; /* back to the DMA */
    rx_cur_idx = (rx_cur_idx + 1) % (int)ENET_RXBUF_NUM;
    dma_current_rxdesc = (enet_descriptors_struct *)(uintptr_t)d->buffer2_next_desc_addr;
    if (rx_suspended) { /* RBU: clear it and write the receive poll enable */
        rx_suspended = 0;
        st.resumes++;
    }
    st.rx_read++;
    dev_progress++;
    return SUCCESS;
}

/* ---- TX ---- */
ErrStatus enet_frame_transmit(uint8_t *buffer, uint32_t length)
{
    enet_descriptors_struct *d = dma_current_txdesc;
    int i = (int)(d - txdesc_tab);
    uint64_t end;
    tx_update();
    if (d->status & TDES0_DAV) {
        return ERROR;
    }
    if (length > ENET_TXBUF_SIZE) {
        return ERROR;
    }
    if (buffer != NULL) {
        memcpy((void *)(uintptr_t)d->buffer1_addr, buffer, length);
    }
    dev_cpu_spend(dev_cost_tx(length));
    end = (mac_on && !dma_dead) ? dev_wire_tx((const uint8_t *)(uintptr_t)d->buffer1_addr, length) : UINT64_MAX;
    d->status |= TDES0_DAV;
    tx_done[i] = end;
    dma_current_txdesc = (enet_descriptors_struct *)(uintptr_t)d->buffer2_next_desc_addr;
    tx_cur_idx = (i + 1) % (int)ENET_TXBUF_NUM;
    st.tx_frames++;
    dev_progress++;
    return SUCCESS;
}

uint32_t enet_desc_information_get(enet_descriptors_struct *desc, enet_descstate_enum info)
{
    switch (info) {
    case TXDESC_BUFFER_1_ADDR:
    case RXDESC_BUFFER_1_ADDR:
        return desc->buffer1_addr;
    case RXDESC_FRAME_LENGTH:
        return ((desc->status >> 16) & 0x3FFFu) - 4u;
    }
    return 0u;
}

/* ---- PHY ---- */
ErrStatus enet_phy_write_read(enet_phydirection_enum direction, uint16_t phy_address, uint16_t phy_reg, uint16_t *pvalue)
{
    (void)phy_address;
    if ((ENET_MAC_PHY_CTL & 0x1Cu) != MDC_HCLK_DIV102) {
        dev_check_failed("mdio_clock", "PHY register access with the MDC clock range at its reset value (HCLK/42: MDC above 2.5 MHz at 168 MHz)");
        return ERROR;
    }
    dev_cpu_spend(20000u);
    if (direction == ENET_PHY_WRITE) {
        if (phy_reg == PHY_REG_BCR && (*pvalue & PHY_RESET) != 0u) {
            st.phy_resets++;
        }
        return SUCCESS;
    }
    switch (phy_reg) {
    case 1u:
        *pvalue = 0x7809u;
        if (dev_link_up() && !link_latched_low) {
            *pvalue |= 0x0024u;
        }
        link_latched_low = 0;
        break;
    case 4u:
    case 5u:
        *pvalue = 0x01E1u;
        break;
    default:
        *pvalue = 0u;
    }
    return SUCCESS;
}

/* ---- devhost side ---- */
void model_init(void) {}
void model_link_changed(void)
{
    if (!dev_link_up()) {
        link_latched_low = 1;
    }
}
void model_dma_fatal(void)
{
    if (!mac_on) {
        return;
    }
    dma_dead = 1; /* both ENET DMA engines stop; FBE (abnormal summary) is raised */
    fbe_flag = 1;
    st.fatal++;
}
uint64_t model_next_event(void)
{
    uint64_t next = UINT64_MAX;
    int i;
    if (!nvic_en || !nie || !tie || !mac_on || dma_dead) {
        return UINT64_MAX; /* no TX-complete interrupt can follow: DAV is read when the glue looks */
    }
    for (i = 0; i < (int)ENET_TXBUF_NUM; i++) {
        if ((txdesc_tab[i].status & (TDES0_DAV | ENET_TDES0_INTC)) == (TDES0_DAV | ENET_TDES0_INTC) && tx_done[i] < next) {
            next = tx_done[i];
        }
    }
    return next;
}
void model_timed(void) { tx_update(); }
void model_stats(void (*kv)(const char *key, uint64_t v))
{
    kv("enet_inits", st.inits);
    kv("enet_resets", st.resets);
    kv("phy_resets", st.phy_resets);
    kv("library_busy_wait_ns", st.busy_wait_ns);
    kv("rbu", st.rbu);
    kv("rx_resumes", st.resumes);
    kv("rx_dma_frames", st.rx_dma_frames);
    kv("rx_read_frames", st.rx_read);
    kv("tx_frames", st.tx_frames);
    kv("tx_waits", st.tx_waits);
    kv("enet_irqs", st.irqs);
    kv("tx_irqs", st.tx_irqs);
    kv("tx_irq_latency_max_ns", st.tx_irq_latency_max);
    kv("dma_fatal_injected", st.fatal);
    kv("recoveries", st.recoveries);
    kv("mac_cfg_100m_fd", (lwipgen_sim_enet_mac_cfg & (ENET_MAC_CFG_SPD | ENET_MAC_CFG_DPM)) == (ENET_MAC_CFG_SPD | ENET_MAC_CFG_DPM));
}
void model_rxpool(int64_t *free_now, int64_t *free_low, int64_t *total, int64_t *idle_free)
{
    /* copy driver: the library's RX buffers are the ring; lwIP's PBUF_POOL is in the pool idle check */
    *free_now = *free_low = *total = *idle_free = -1;
}
