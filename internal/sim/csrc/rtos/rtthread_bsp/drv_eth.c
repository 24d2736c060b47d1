/*
 * drv_eth.c (RT-Thread BSP model) - a behavioural model, in lwipgen's words, of the STM32H7 Ethernet
 * driver of RT-Thread's STM32 BSPs (bsp/stm32/libraries/HAL_Drivers/drv_eth.c in RT-Thread/rt-thread,
 * the ART-Pi SDK's copy for RT-Thread 4.0.3; read for its behaviour, no line of it here), running on
 * the simulator's HAL ETH model (model_stm32eth.c, -DSIM_ETH_H7):
 *  - rt_hw_stm32_eth_init (INIT_DEVICE_EXPORT): the eth_device with eth_rx/eth_tx, registered with
 *    eth_device_init as "e0", and the PHY monitor thread;
 *  - init (rt_device init): HAL_ETH_Init over the DMA descriptor tables, RMII, RX buffer length 1536,
 *    the MDIO clock range, the TX packet configuration (checksum insertion with
 *    RT_LWIP_USING_HW_CHECKSUM, CRC and padding); HAL_ETH_MspInit enables the ETH IRQ;
 *  - RX: the driver's own ring of ETH_RX_BUFFER_CNT (2 x ETH_RX_DESC_CNT) buffers given to the HAL by
 *    HAL_ETH_RxAllocateCallback, HAL_ETH_RxLinkCallback marking the frame; HAL_ETH_RxCpltCallback (in
 *    ETH_IRQHandler) calls eth_device_ready; eth_rx (in erx) takes one frame with HAL_ETH_ReadData
 *    (invalidated in RxLinkCallback), copies it into a PBUF_RAM pbuf (the lwIP heap, MEM_SIZE) and gives the buffer
 *    back; a failed pbuf_alloc drops the frame;
 *  - TX: eth_tx (in etx) cleans every pbuf of the chain out of the D-cache and sends it in place with
 *    a polling transmit (HAL_ETH_Transmit: the CPU waits until the DMA released the packet);
 *  - HAL_ETH_ErrorCallback: RBU wakes erx (eth_device_ready), other DMA errors are logged and left
 *    alone: a fatal bus error is not recovered, as in the driver;
 *  - the PHY monitor polls BSR once a second: on link up, the speed/duplex into the MAC, HAL_ETH_Start_IT
 *    and eth_device_linkchange(up); on link down, HAL_ETH_Stop_IT and linkchange(down).
 */
#include <stdio.h>
#include <string.h>

#include "main.h"
#include "lwip/pbuf.h"
#include "netif/ethernetif.h"
#include "lwipgen_rxpool.h"
#include "rtthread.h"
#include "devhost.h"

#define ETH_MAX_PACKET_SIZE 1536u
#define PHY_ADDR 0u
#define PHY_BSR 1u
#define PHY_LINK 0x0004u
#define PHY_ANLPAR 5u

ETH_HandleTypeDef heth; /* EthHandle */
static ETH_DMADescTypeDef DMARxDscrTab[ETH_RX_DESC_CNT] __attribute__((aligned(32)));
static ETH_DMADescTypeDef DMATxDscrTab[ETH_TX_DESC_CNT] __attribute__((aligned(32)));
static uint8_t Rx_Buff[LWIPGEN_RXPOOL_COUNT][ETH_MAX_PACKET_SIZE] __attribute__((aligned(32)));
static lwipgen_rxpool_t rx_ring;
static ETH_TxPacketConfigTypeDef TxConfig;
static ETH_BufferTypeDef Txbuffer[ETH_TX_DESC_CNT];
static volatile int tx_released;
static uint32_t rx_frame_len;

static struct {
    struct eth_device parent;
    uint8_t dev_addr[6];
    int link_up;
} stm32_eth;

static struct {
    unsigned long rx_alloc_fail, rx_pbuf_fail, tx_busy_polls, link_ups, link_downs, rbu_wakeups, dma_errors_logged;
} dst;

/* HAL_ETH_MspInit of the BSP (stm32h7xx_hal_msp.c): clocks, pins, the ETH IRQ */
void HAL_ETH_MspInit(ETH_HandleTypeDef *h)
{
    (void)h;
    HAL_NVIC_SetPriority(ETH_IRQn, 0, 0);
    HAL_NVIC_EnableIRQ(ETH_IRQn);
}

/* ---- HAL callbacks ---- */
void HAL_ETH_RxAllocateCallback(uint8_t **buff)
{
    *buff = lwipgen_rxpool_get(&rx_ring);
    if (*buff == NULL) {
        dst.rx_alloc_fail++;
    }
}
void HAL_ETH_RxLinkCallback(void **pStart, void **pEnd, uint8_t *buff, uint16_t Length)
{
    /* one buffer per frame (RxBuffLen 1536): start and end are that buffer. The driver invalidates
     * the received bytes here, where the HAL hands the frame over (the ART-Pi also keeps Rx_Buff in a
     * non-cacheable MPU region; the model treats it as cacheable and checks the invalidate) */
    SCB_InvalidateDCache_by_Addr(buff, (int32_t)(((uint32_t)Length + 31u) & ~31u));
    *pStart = buff;
    *pEnd = buff;
    rx_frame_len = Length;
}
void HAL_ETH_RxCpltCallback(ETH_HandleTypeDef *h)
{
    (void)h;
    (void)eth_device_ready(&stm32_eth.parent); /* -RT_EFULL: drv_eth.c logs "RxCpltCallback err = -3" */
}
void HAL_ETH_TxCpltCallback(ETH_HandleTypeDef *h) { (void)h; }
/* The BSP's HAL_ETH_ErrorCallback (drv_eth.c in RT-Thread/rt-thread at 755b3c01, the H7 driver on
 * HAL_ETH_ReadData): a receive-buffer-unavailable wakes erx (eth_device_ready), whose ReadData gives
 * the descriptors back and resumes the RX DMA; any other DMA error (a fatal bus error) is only logged.
 * Nothing in the driver restarts the HAL after that: the HAL left gState ERROR, so ReadData and Transmit
 * fail from then on and the PHY thread acts on link changes only. The ART-Pi SDK's older copy (on the
 * GetRxDataBuffer HAL API; RT-Thread-Studio/sdk-bsp-stm32h750-realthread-artpi libraries/drivers/drv_eth.c
 * at 140f0aee) only logs "eth err": neither recovers. The model does the same, and counts the logged
 * errors so that the simulator can say why traffic does not come back. */
void HAL_ETH_ErrorCallback(ETH_HandleTypeDef *h)
{
    uint32_t dma = HAL_ETH_GetDMAError(h);
    if (dma & SIM_SR_RBU) {
        dst.rbu_wakeups++;
        (void)eth_device_ready(&stm32_eth.parent);
        dma &= ~(SIM_SR_RBU | SIM_SR_AIS);
    }
    if (dma != 0u) {
        dst.dma_errors_logged++; /* LOG_E "eth error: ..."; no recovery follows */
    }
}
void HAL_ETH_TxFreeCallback(uint32_t *buff)
{
    (void)buff;
    tx_released = 1;
}

/* ---- rt_device ops ---- */
static rt_err_t eth_init(rt_device_t dev)
{
    (void)dev;
    heth.Instance = ETH;
    heth.Init.MACAddr = stm32_eth.dev_addr;
    heth.Init.MediaInterface = HAL_ETH_RMII_MODE;
    heth.Init.RxDesc = DMARxDscrTab;
    heth.Init.TxDesc = DMATxDscrTab;
    heth.Init.RxBuffLen = ETH_MAX_PACKET_SIZE;
    lwipgen_rxpool_init(&rx_ring, Rx_Buff, ETH_MAX_PACKET_SIZE, 32u);
    if (HAL_ETH_Init(&heth) != HAL_OK) {
        rt_kprintf("eth hardware init failed\n");
        return -RT_ERROR;
    }
    HAL_ETH_SetMDIOClockRange(&heth);
    memset(&TxConfig, 0, sizeof TxConfig);
    TxConfig.Attributes = ETH_TX_PACKETS_FEATURES_CSUM | ETH_TX_PACKETS_FEATURES_CRCPAD;
#ifdef RT_LWIP_USING_HW_CHECKSUM
    TxConfig.ChecksumCtrl = ETH_CHECKSUM_IPHDR_PAYLOAD_INSERT_PHDR_CALC;
#else
    TxConfig.ChecksumCtrl = ETH_CHECKSUM_DISABLE;
#endif
    TxConfig.CRCPadCtrl = ETH_CRC_PAD_INSERT;
    return RT_EOK;
}
static rt_err_t eth_control(rt_device_t dev, int cmd, void *args)
{
    (void)dev;
    if (cmd == NIOCTL_GADDR && args) {
        memcpy(args, stm32_eth.dev_addr, 6);
    }
    return RT_EOK;
}

/* erx: one frame per call, NULL when the ring holds none */
static struct pbuf *eth_rx(rt_device_t dev)
{
    (void)dev;
    void *buf = NULL;
    if (HAL_ETH_ReadData(&heth, &buf) != HAL_OK || buf == NULL) {
        return NULL;
    }
    uint32_t len = rx_frame_len;
    struct pbuf *p = pbuf_alloc(PBUF_RAW, (u16_t)len, PBUF_RAM);
    if (p != NULL) {
        pbuf_take(p, buf, (u16_t)len);
    } else {
        dst.rx_pbuf_fail++; /* the frame is lost; erx's loop ends here, as in the driver */
    }
    lwipgen_rxpool_put(&rx_ring, buf);
    return p;
}

/* etx: the pbuf chain in place, polling until the DMA released it */
static rt_err_t eth_tx(rt_device_t dev, struct pbuf *p)
{
    (void)dev;
    int n = 0;
    for (struct pbuf *q = p; q != NULL && n < (int)ETH_TX_DESC_CNT; q = q->next, n++) {
        uintptr_t a = (uintptr_t)q->payload & ~(uintptr_t)31u;
        uintptr_t e = ((uintptr_t)q->payload + q->len + 31u) & ~(uintptr_t)31u;
        SCB_CleanDCache_by_Addr((void *)a, (int32_t)(e - a));
        Txbuffer[n].buffer = q->payload;
        Txbuffer[n].len = q->len;
        Txbuffer[n].next = (q->next && n + 1 < (int)ETH_TX_DESC_CNT) ? &Txbuffer[n + 1] : NULL;
    }
    if (n == 0) {
        return -RT_ERROR;
    }
    TxConfig.Length = p->tot_len;
    TxConfig.TxBuffer = Txbuffer;
    TxConfig.pData = p;
    tx_released = 0;
    (void)HAL_ETH_ReleaseTxPacket(&heth);
    while (HAL_ETH_Transmit_IT(&heth, &TxConfig) != HAL_OK) { /* the model spends the CPU until a descriptor frees */
        if (HAL_ETH_GetState(&heth) != HAL_ETH_STATE_STARTED) {
            return -RT_ERROR; /* link down or DMA stopped: the frame is lost */
        }
        dst.tx_busy_polls++;
    }
    while (!tx_released) {
        if (HAL_ETH_GetState(&heth) != HAL_ETH_STATE_STARTED) {
            break;
        }
        dev_cpu_spend(1000u); /* HAL_ETH_Transmit polls the descriptor's OWN bit */
        (void)HAL_ETH_ReleaseTxPacket(&heth);
        dst.tx_busy_polls++;
    }
    return RT_EOK;
}

/* ---- the PHY monitor thread ---- */
static void phy_monitor(void *arg)
{
    (void)arg;
    for (;;) {
        uint32_t bsr = 0, lpa = 0;
        HAL_ETH_ReadPHYRegister(&heth, PHY_ADDR, PHY_BSR, &bsr);
        HAL_ETH_ReadPHYRegister(&heth, PHY_ADDR, PHY_BSR, &bsr); /* the link bit latches low: the second read is now */
        int up = (bsr & PHY_LINK) != 0u;
        if (up && !stm32_eth.link_up) {
            ETH_MACConfigTypeDef mac;
            HAL_ETH_ReadPHYRegister(&heth, PHY_ADDR, PHY_ANLPAR, &lpa);
            HAL_ETH_GetMACConfig(&heth, &mac);
            mac.Speed = (lpa & 0x0180u) ? ETH_SPEED_100M : ETH_SPEED_10M;
            mac.DuplexMode = (lpa & 0x0140u) ? ETH_FULLDUPLEX_MODE : ETH_HALFDUPLEX_MODE;
            HAL_ETH_SetMACConfig(&heth, &mac);
            HAL_ETH_Start_IT(&heth);
            stm32_eth.link_up = 1;
            dst.link_ups++;
            eth_device_linkchange(&stm32_eth.parent, RT_TRUE);
        } else if (!up && stm32_eth.link_up) {
            HAL_ETH_Stop_IT(&heth);
            stm32_eth.link_up = 0;
            dst.link_downs++;
            eth_device_linkchange(&stm32_eth.parent, RT_FALSE);
        }
        rt_thread_mdelay(1000);
    }
}

#ifndef VRTT_ETH_MAC
#define VRTT_ETH_MAC 0x02, 0x80, 0xe1, 0x00, 0x03, 0x01
#endif

static int rt_hw_stm32_eth_init(void)
{
    static const uint8_t mac[6] = {VRTT_ETH_MAC};
    memcpy(stm32_eth.dev_addr, mac, 6);
    stm32_eth.parent.parent.init = eth_init;
    stm32_eth.parent.parent.control = eth_control;
    stm32_eth.parent.eth_rx = eth_rx;
    stm32_eth.parent.eth_tx = eth_tx;
    if (eth_device_init(&stm32_eth.parent, "e0") != RT_EOK) {
        rt_kprintf("eth device init failed\n");
        return -RT_ERROR;
    }
    rt_thread_t t = rt_thread_create("phy", phy_monitor, RT_NULL, 1024, RT_THREAD_PRIORITY_MAX - 2, 2);
    if (t) {
        rt_thread_startup(t);
    }
    return RT_EOK;
}
INIT_DEVICE_EXPORT(rt_hw_stm32_eth_init);

struct netif *vrtt_eth_netif(void) { return stm32_eth.parent.netif; }

void vrtt_drv_eth_stats(void (*kv)(const char *key, uint64_t v))
{
    kv("drv_eth_rx_alloc_fail", dst.rx_alloc_fail);
    kv("drv_eth_rx_pbuf_fail", dst.rx_pbuf_fail);
    kv("drv_eth_tx_busy_polls", dst.tx_busy_polls);
    kv("drv_eth_link_ups", dst.link_ups);
    kv("drv_eth_link_downs", dst.link_downs);
    kv("drv_eth_rbu_wakeups", dst.rbu_wakeups);
    kv("drv_eth_dma_errors_logged", dst.dma_errors_logged);
}
