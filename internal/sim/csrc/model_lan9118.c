/*
 * model_lan9118.c - register model of the SMSC/Microchip LAN9118 on the mps2-an500 board, with the
 * Cortex-M SysTick and NVIC registers the firmware programs, for lwipgen's host simulator. lwipgen's
 * own code, written from the LAN9118 datasheet (DS00002266: 5.3 System Control and Status Registers,
 * 5.4 MAC CSRs, 3.12/3.13 the RX and TX data paths: status and data FIFOs, TX command A/B) and the
 * ARMv7-M Architecture Reference Manual (B3.3 SysTick, B3.4 NVIC).
 *
 * RX: a frame reaching the MAC is queued in the RX data FIFO (rx_fifo_bytes of the chip, frame + FCS
 * rounded up to words) with a status entry; a full FIFO drops it (INT_STS.RXDF, RX_DROP). Popping
 * RX_STATUS_FIFO starts a frame, reading RX_DATA_FIFO returns its words in order. INT_STS.RSFL is set
 * when a status is queued above FIFO_INT's RX level; the line (IRQ 13) is asserted while
 * INT_STS & INT_EN, IRQ_CFG.IRQ_EN and the NVIC enable agree.
 * TX: command A (first/last segment, offset, size), command B (length), then the buffer's words; the
 * frame goes on the wire when its last segment is complete and takes TX FIFO space until it left.
 * SysTick: the exception fires every millisecond only when SYST_CSR has ENABLE and TICKINT.
 * A store into a register the driver did not announce through SIM_REG_WRITE (an unrewritten
 * assignment) is found on the next access and fails a check, so a write is never lost silently.
 */
#include <stdio.h>
#include <stdarg.h>
#include <string.h>

#include "mps2_an500.h"
#include "lan9118.h"
#include "devhost.h"

#ifndef SIM_LAN_RX_FIFO_BYTES
#define SIM_LAN_RX_FIFO_BYTES 10560u
#endif
#define RX_STS_ENTRIES 176u
#define TX_FIFO_BYTES 4608u

#define INT_RSFL (1u << 3)
#define INT_RXDF (1u << 6)
#define IRQ_EN (1u << 8)
#define IRQ_INT (1u << 12)

/* RX FIFO: frames (data rounded to words incl. FCS) */
#define MAX_RX 256
static struct {
    uint8_t data[1536 + 8];
    uint32_t len; /* with FCS */
} rxq[MAX_RX];
static uint32_t rx_head, rx_n, rx_bytes, rx_cur_words, rx_cur_pos, rx_cur_active, rx_drop_reg;
static uint8_t rx_cur[1536 + 8];

/* TX */
static uint8_t txbuf[2048];
static uint32_t tx_len, tx_words_left, tx_off, tx_pkt_len, tx_cmd_phase, tx_status_n;
static uint64_t tx_busy_until[64];
static uint32_t tx_busy_bytes[64];
static int tx_busy_n;

static uint32_t int_sts, int_en, irq_cfg, fifo_int, rx_cfg, tx_cfg, hw_cfg, mac_csr_data, mac_csr_cmd;
static uint32_t mac_csr[16], phy[32];
static int link_latched_low;
static uint32_t syst_csr, syst_rvr, nvic_en0, shpr3;
static uint8_t nvic_ipr[64];

static struct {
    uint64_t rx_queued, rx_popped, rx_dropped_fifo, tx_frames, resets, irqs, reg_writes, tdfree_spins;
} st;

/* ---- the access cell -------------------------------------------------------------------------- */
static volatile uint32_t cell;
static uint32_t cell_put;
static int cell_live;
static volatile uint8_t cell8;
static uint8_t cell8_put;
static int wr_mode, wr_width;
static uintptr_t wr_addr;

static void cell_check(void)
{
    if (cell_live && cell != cell_put) {
        dev_check_failed("unmodelled_register_write", "a register store did not go through SIM_REG_WRITE (value 0x%08x lost)", (unsigned)cell);
    }
    if (cell_live && cell8 != cell8_put) {
        dev_check_failed("unmodelled_register_write", "an 8-bit register store did not go through SIM_REG_WRITE");
    }
    cell_live = 0;
}

static uint32_t tx_used_bytes(void)
{
    uint32_t used = 0;
    int i, j = 0;
    for (i = 0; i < tx_busy_n; i++) {
        if (tx_busy_until[i] > dev_cpu_ns) {
            tx_busy_until[j] = tx_busy_until[i];
            tx_busy_bytes[j] = tx_busy_bytes[i];
            used += tx_busy_bytes[j];
            j++;
        }
    }
    tx_busy_n = j;
    return used + tx_len;
}

static uint32_t reg_read(uintptr_t a)
{
    uint32_t off = (uint32_t)(a - MPS2_LAN9118_BASE);
    if (a >= MPS2_LAN9118_BASE && a < MPS2_LAN9118_BASE + 0x100u) {
        if (off < 0x20u) { /* RX data FIFO port */
            uint32_t w = 0;
            if (rx_cur_active && rx_cur_pos < rx_cur_words) {
                memcpy(&w, rx_cur + 4u * rx_cur_pos, 4);
                rx_cur_pos++;
                if (rx_cur_pos == rx_cur_words) {
                    rx_cur_active = 0;
                }
            } else {
                dev_check_failed("lan_rx_underrun", "RX data FIFO read beyond the frame's words (the datasheet's RXE: receiver error)");
            }
            return w;
        }
        switch (off) {
        case 0x40u: { /* RX status FIFO pop */
            uint32_t s, len;
            if (rx_n == 0u) {
                return 0u;
            }
            if (rx_cur_active) {
                dev_check_failed("lan_rx_status_early", "RX status popped before the previous frame's data was read");
            }
            len = rxq[rx_head].len;
            memcpy(rx_cur, rxq[rx_head].data, len);
            rx_cur_words = (len + 3u) / 4u;
            rx_cur_pos = 0;
            rx_cur_active = 1;
            rx_bytes -= 4u * rx_cur_words;
            rx_head = (rx_head + 1u) % MAX_RX;
            rx_n--;
            st.rx_popped++;
            s = (len & 0x3FFFu) << 16;
            dev_cpu_spend(dev_cost_rx(len - 4u));
            dev_progress++;
            return s;
        }
        case 0x48u: /* TX status pop */
            if (tx_status_n == 0u) {
                return 0u;
            }
            tx_status_n--;
            return 0u; /* no error */
        case 0x50u:
            return 0x01180001u;
        case 0x54u:
            return irq_cfg | (((int_sts & int_en) != 0u) ? IRQ_INT : 0u);
        case 0x58u:
            return int_sts;
        case 0x5Cu:
            return int_en;
        case 0x64u:
            return 0x87654321u;
        case 0x68u:
            return fifo_int;
        case 0x6Cu:
            return rx_cfg;
        case 0x70u:
            return tx_cfg;
        case 0x74u:
            return hw_cfg;
        case 0x7Cu:
            return ((rx_n & 0xFFu) << 16) | (rx_bytes & 0xFFFFu);
        case 0x80u: {
            uint32_t used = tx_used_bytes(), free = used >= TX_FIFO_BYTES ? 0u : TX_FIFO_BYTES - used;
            if (free < 1600u) {
                st.tdfree_spins++;
                dev_cpu_spend(1000u); /* the driver polls: time passes, the MAC drains */
            }
            return ((tx_status_n & 0xFFu) << 16) | free;
        }
        case 0x84u:
            return 1u; /* PMT_CTRL.READY */
        case 0x9Cu:
            return (uint32_t)(dev_cpu_ns / 40u); /* 25 MHz free-running counter */
        case 0xA0u: {
            uint32_t v = rx_drop_reg;
            rx_drop_reg = 0;
            return v;
        }
        case 0xA4u:
            return mac_csr_cmd;
        case 0xA8u:
            return mac_csr_data;
        }
        return 0u;
    }
    switch (a) {
    case 0xE000E010u:
        return syst_csr;
    case 0xE000E014u:
        return syst_rvr;
    case 0xE000E018u:
        return (uint32_t)(syst_rvr - (uint32_t)((dev_cpu_ns / 40u) % (syst_rvr + 1u)));
    case 0xE000ED20u:
        return shpr3;
    case 0xE000E100u:
    case 0xE000E180u:
        return nvic_en0;
    case 0xE000ED00u:
        return 0x411FC270u; /* Cortex-M7 r1p0 */
    }
    return 0u;
}

static void phy_access(uint32_t acc)
{
    uint32_t reg = (acc >> 6) & 0x1Fu;
    if (acc & 2u) {
        phy[reg] = mac_csr[7] & 0xFFFFu;
    } else if (reg == 1u) {
        uint32_t v = 0x7809u;
        if (dev_link_up() && !link_latched_low) {
            v |= 0x0024u;
        }
        link_latched_low = 0;
        mac_csr[7] = v;
    } else {
        mac_csr[7] = phy[reg];
    }
    mac_csr[6] = acc & ~1u; /* MIIBZY clears at once */
}

static void lan_reset(void)
{
    memset(mac_csr, 0, sizeof mac_csr);
    mac_csr[1] = 1u << 18; /* MAC_CR: promiscuous after reset (QEMU's model) */
    mac_csr[2] = 0x5634u;  /* ADDRH/ADDRL from the EEPROM: 52:54:00:12:34:56 */
    mac_csr[3] = 0x00125452u;
    int_sts = int_en = irq_cfg = 0;
    fifo_int = 0x48000000u;
    rx_cfg = tx_cfg = 0;
    rx_head = rx_n = rx_bytes = 0;
    rx_cur_active = 0;
    tx_len = tx_cmd_phase = tx_words_left = 0;
    st.resets++;
}

static void tx_data_word(uint32_t v)
{
    if (tx_cmd_phase == 0u) { /* command A */
        uint32_t size = v & 0x7FFu;
        tx_off = (v >> 16) & 0x1Fu;
        if (v & (1u << 13)) {
            tx_len = 0;
        }
        tx_words_left = (tx_off + size + 3u) / 4u;
        tx_cmd_phase = 1u;
        tx_pkt_len = (v & (1u << 12)) ? 0x80000000u | size : size; /* last segment flag kept */
        return;
    }
    if (tx_cmd_phase == 1u) { /* command B */
        tx_cmd_phase = 2u;
        if (tx_words_left == 0u) {
            tx_cmd_phase = 0u;
        }
        return;
    }
    {
        uint8_t w[4];
        uint32_t i;
        memcpy(w, &v, 4);
        for (i = 0; i < 4; i++) {
            if (tx_off > 0u) {
                tx_off--;
                continue;
            }
            if ((tx_pkt_len & 0x7FFu) > 0u && tx_len < sizeof txbuf) {
                txbuf[tx_len++] = w[i];
                tx_pkt_len--;
            }
        }
    }
    if (--tx_words_left == 0u) {
        tx_cmd_phase = 0u;
        if (tx_pkt_len & 0x80000000u) { /* last segment done: the frame is sent */
            uint64_t end;
            dev_cpu_spend(dev_cost_tx(tx_len));
            end = dev_wire_tx(txbuf, tx_len);
            if (tx_busy_n < 64) {
                tx_busy_until[tx_busy_n] = end;
                tx_busy_bytes[tx_busy_n] = tx_len + 8u;
                tx_busy_n++;
            }
            tx_len = 0;
            tx_status_n++;
            st.tx_frames++;
        }
    }
}

static void reg_write(uintptr_t a, uint32_t v, int width)
{
    uint32_t off = (uint32_t)(a - MPS2_LAN9118_BASE);
    st.reg_writes++;
    if (width == 1) {
        if (a >= 0xE000E400u && a < 0xE000E440u) {
            nvic_ipr[a - 0xE000E400u] = (uint8_t)v;
        }
        return;
    }
    if (a >= MPS2_LAN9118_BASE && a < MPS2_LAN9118_BASE + 0x100u) {
        if (off >= 0x20u && off < 0x40u) {
            tx_data_word(v);
            return;
        }
        switch (off) {
        case 0x54u:
            irq_cfg = v & ~IRQ_INT;
            break;
        case 0x58u:
            int_sts &= ~v; /* write 1 to clear */
            break;
        case 0x5Cu:
            int_en = v;
            break;
        case 0x68u:
            fifo_int = v;
            break;
        case 0x6Cu:
            rx_cfg = v;
            break;
        case 0x70u:
            tx_cfg = v;
            break;
        case 0x74u:
            if (v & 1u) {
                lan_reset();
            }
            hw_cfg = v & ~1u;
            break;
        case 0xA4u:
            if (v & 0x80000000u) {
                uint32_t r = v & 0xFFu;
                if (r < 16u) {
                    if (v & 0x40000000u) {
                        mac_csr_data = mac_csr[r];
                    } else {
                        mac_csr[r] = mac_csr_data;
                        if (r == 6u && (mac_csr_data & 1u)) {
                            phy_access(mac_csr_data);
                        }
                    }
                }
            }
            mac_csr_cmd = v & ~0x80000000u;
            break;
        case 0xA8u:
            mac_csr_data = v;
            break;
        }
        dev_progress++;
        dev_irq_poll();
        return;
    }
    switch (a) {
    case 0xE000E010u:
        syst_csr = v;
        break;
    case 0xE000E014u:
        syst_rvr = v;
        break;
    case 0xE000ED20u:
        shpr3 = v;
        break;
    case 0xE000E100u:
        nvic_en0 |= v;
        dev_irq_poll();
        break;
    case 0xE000E180u:
        nvic_en0 &= ~v;
        break;
    }
}

volatile uint32_t *sim_reg32(uintptr_t addr)
{
    cell_check();
    if (wr_mode) {
        wr_addr = addr;
        wr_width = 4;
        cell = 0;
        return &cell;
    }
    cell = reg_read(addr);
    cell_put = cell;
    cell8 = cell8_put = 0;
    cell_live = 1;
    return &cell;
}

volatile uint8_t *sim_reg8(uintptr_t addr)
{
    cell_check();
    if (wr_mode) {
        wr_addr = addr;
        wr_width = 1;
        cell8 = 0;
        return &cell8;
    }
    cell8 = cell8_put = (addr >= 0xE000E400u && addr < 0xE000E440u) ? nvic_ipr[addr - 0xE000E400u] : 0u;
    cell = cell_put = 0;
    cell_live = 1;
    return &cell8;
}

void sim_wr_begin(void)
{
    cell_check();
    wr_mode = 1;
}

void sim_wr_end(void)
{
    wr_mode = 0;
    reg_write(wr_addr, wr_width == 1 ? cell8 : cell, wr_width);
}

/* ---- the model's side of devhost ------------------------------------------------------------------ */
void model_init(void) { lan_reset(); }

void model_rx_frame(const uint8_t *frame, uint32_t len)
{
    uint32_t need = ((len + 4u + 3u) / 4u) * 4u;
    cell_check();
    if (!dev_link_up()) {
        dev_drop(DROP_LINK_DOWN);
        return;
    }
    if ((mac_csr[1] & (1u << 2)) == 0u) { /* MAC_CR.RXEN */
        dev_drop(DROP_MAC_STOPPED);
        return;
    }
    if (rx_bytes + need > SIM_LAN_RX_FIFO_BYTES || rx_n >= RX_STS_ENTRIES || rx_n >= MAX_RX || len > 1536u) {
        dev_drop(DROP_FIFO_FULL);
        st.rx_dropped_fifo++;
        rx_drop_reg++;
        int_sts |= INT_RXDF;
        dev_irq_poll();
        return;
    }
    {
        uint32_t t = (rx_head + rx_n) % MAX_RX;
        memcpy(rxq[t].data, frame, len);
        memset(rxq[t].data + len, 0, 4); /* FCS (not checked by the driver) */
        rxq[t].len = len + 4u;
        rx_n++;
        rx_bytes += need;
        st.rx_queued++;
    }
    if (rx_n > (fifo_int & 0xFFu)) {
        int_sts |= INT_RSFL;
    }
    dev_irq_poll();
}

int model_irq_pending(void)
{
    return (irq_cfg & IRQ_EN) && (int_sts & int_en) && (nvic_en0 & (1u << MPS2_LAN9118_IRQ));
}

void ETHERNET_IRQHandler(void);
void model_irq_handler(void)
{
    st.irqs++;
    ETHERNET_IRQHandler();
}

void model_link_changed(void)
{
    if (!dev_link_up()) {
        link_latched_low = 1;
    }
}

void model_dma_fatal(void) { dev_check_failed("fault_not_applicable", "the LAN9118 has no DMA: dma-error cannot be injected"); }
uint64_t model_next_event(void) { return UINT64_MAX; }
void model_timed(void) { cell_check(); }

int sim_systick_enabled(void) { return (syst_csr & 3u) == 3u; }

void model_stats(void (*kv)(const char *key, uint64_t v))
{
    kv("rx_queued", st.rx_queued);
    kv("rx_popped", st.rx_popped);
    kv("rx_fifo_dropped", st.rx_dropped_fifo);
    kv("tx_frames", st.tx_frames);
    kv("chip_resets", st.resets);
    kv("lan_irqs", st.irqs);
    kv("register_writes", st.reg_writes);
    kv("tdfree_spins", st.tdfree_spins);
    kv("recoveries", 0);
    kv("rx_fifo_frames_now", rx_n);
    kv("driver_rx_frames", lan9118_counters.rx_frames);
    kv("driver_rx_nobuf", lan9118_counters.rx_nobuf);
    kv("driver_rx_errors", lan9118_counters.rx_errors);
    kv("driver_tx_fifo_timeouts", lan9118_counters.tx_fifo_timeouts);
    kv("driver_rx_budget_hits", lan9118_counters.rx_budget_hits);
}

void model_rxpool(int64_t *free_now, int64_t *free_low, int64_t *total, int64_t *idle_free)
{
    /* the RX buffering is the chip's FIFO and lwIP's PBUF_POOL (in the pool idle check) */
    *free_now = *free_low = *total = *idle_free = -1;
}

