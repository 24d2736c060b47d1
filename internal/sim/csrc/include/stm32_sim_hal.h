/*
 * stm32_sim_hal.h - the STM32 HAL ETH ("new" driver: STM32CubeF4 >= 1.27, F7 >= 1.17, H7 >= 1.10) and
 * CMSIS-Core subset lwipgen's generated ethernetif.c uses, for lwipgen's host simulator. lwipgen's own
 * declarations, written from ST's UM1725/UM1905/UM2217 HAL manuals and the reference manuals RM0090 /
 * RM0410 / RM0433 (register and bit names as documented); types are shaped like the documented ones.
 * Extends the compile-only headers in internal/glue/testdata/include/stm32{f4,f7,h7} (compile-only declarations) with what
 * running the glue needs: the macros that write ETH registers call the simulator's register model
 * (csrc/model_stm32eth.c), so a write-1-to-clear or a poll demand is seen even when it writes the value
 * the register already holds, and BackupAddr0/1 hold a host pointer (uintptr_t, the host is 64-bit).
 * Not ST code. The flavour is chosen by -D flags from the build: SIM_ETH_H7 for the H7's ETH (DMACSR,
 * DMACIER, four-word descriptors), otherwise the F4/F7 ETH (DMASR, DMAIER, eight-word descriptors).
 */
#ifndef LWIPGEN_SIM_STM32_HAL_H
#define LWIPGEN_SIM_STM32_HAL_H

#include <stddef.h>
#include <stdint.h>

#define __IO volatile

/* ---- CMSIS-Core ---- */
typedef enum { ETH_IRQn = 61, SysTick_IRQn = -1 } IRQn_Type;
uint32_t __get_PRIMASK(void);
uint32_t __get_IPSR(void);
void __set_PRIMASK(uint32_t priMask);
void __disable_irq(void);
void __enable_irq(void);
#if defined(SIM_DCACHE)
/* Cortex-M7 D-cache maintenance by address (CMSIS core_cm7.h); checked by the simulator. */
void SCB_CleanDCache_by_Addr(volatile void *addr, int32_t dsize);
void SCB_InvalidateDCache_by_Addr(volatile void *addr, int32_t dsize);
void SCB_CleanInvalidateDCache_by_Addr(volatile void *addr, int32_t dsize);
#endif
void sim_reg_write(volatile uint32_t *reg, uint32_t val);
#define WRITE_REG(REG, VAL) sim_reg_write(&(REG), (uint32_t)(VAL))
#define READ_REG(REG) ((REG))
/* Read-modify-writes through the model too: a cleared start bit stops the DMA it belongs to. */
#define SET_BIT(REG, BIT) sim_reg_write(&(REG), (uint32_t)((REG) | (BIT)))
#define CLEAR_BIT(REG, BIT) sim_reg_write(&(REG), (uint32_t)((REG) & ~(BIT)))

/* ---- HAL basics ---- */
typedef enum { HAL_OK = 0x00U, HAL_ERROR = 0x01U, HAL_BUSY = 0x02U, HAL_TIMEOUT = 0x03U } HAL_StatusTypeDef;
typedef enum { DISABLE = 0U, ENABLE = !DISABLE } FunctionalState;
void HAL_IncTick(void);
uint32_t HAL_GetTick(void);
uint32_t HAL_RCC_GetHCLKFreq(void);
void HAL_NVIC_SetPriority(IRQn_Type IRQn, uint32_t PreemptPriority, uint32_t SubPriority);
void HAL_NVIC_EnableIRQ(IRQn_Type IRQn);
void HAL_NVIC_DisableIRQ(IRQn_Type IRQn);

/* ---- ETH registers (the ones the glue and the model use) ---- */
#if defined(SIM_ETH_H7)
typedef struct {
    __IO uint32_t MACCR;
    __IO uint32_t DMACIER;
    __IO uint32_t DMACSR;
    __IO uint32_t DMACRDTPR;
    __IO uint32_t DMACRIWTR;
    __IO uint32_t DMACTDTPR;
    __IO uint32_t MTLTQOMR;
    __IO uint32_t DMADSR;
    __IO uint32_t DMACTCR;
    __IO uint32_t DMACRCR;
} ETH_TypeDef;
#define ETH_DMACIER_TIE (1UL << 0)
#define ETH_DMACIER_RIE (1UL << 6)
#define ETH_DMACIER_RBUE (1UL << 7)
#define ETH_DMACIER_FBEE (1UL << 12)
#define ETH_DMACIER_AIE (1UL << 14)
#define ETH_DMACIER_NIE (1UL << 15)
#define ETH_DMACSR_TI (1UL << 0)
#define ETH_DMACSR_TPS (1UL << 1)
#define ETH_DMACSR_RI (1UL << 6)
#define ETH_DMACSR_RBU (1UL << 7)
#define ETH_DMACSR_RPS (1UL << 8)
#define ETH_DMACSR_FBE (1UL << 12)
#define ETH_DMACSR_AIS (1UL << 14)
#define ETH_DMACSR_NIS (1UL << 15)
#define ETH_MACCR_RE (1UL << 0)
#define ETH_MACCR_TE (1UL << 1)
#define ETH_MACCR_DM (1UL << 13)
#define ETH_MACCR_FES (1UL << 14)
#define ETH_DMACTCR_ST (1UL << 0)
#define ETH_DMACRCR_SR (1UL << 0)
#define ETH_MTLTQOMR_FTQ (1UL << 0)
#define ETH_DMADSR_RPS (0xFUL << 8)
#define ETH_DMADSR_TPS (0xFUL << 12)
/* the model's names for the flavour-independent bits */
#define SIM_ETH_SR DMACSR
#define SIM_ETH_IER DMACIER
#define SIM_SR_RX ETH_DMACSR_RI
#define SIM_SR_TX ETH_DMACSR_TI
#define SIM_SR_RBU ETH_DMACSR_RBU
#define SIM_SR_FBE ETH_DMACSR_FBE
#define SIM_SR_AIS ETH_DMACSR_AIS
#define SIM_SR_NIS ETH_DMACSR_NIS
#define SIM_SR_TPS ETH_DMACSR_TPS
#define SIM_SR_RPS ETH_DMACSR_RPS
#define SIM_IER_RX ETH_DMACIER_RIE
#define SIM_IER_TX ETH_DMACIER_TIE
#define SIM_IER_RBU ETH_DMACIER_RBUE
#define SIM_IER_FBE ETH_DMACIER_FBEE
#define SIM_IER_AIS ETH_DMACIER_AIE
#define SIM_IER_NIS ETH_DMACIER_NIE
#define SIM_RX_POLL_REG DMACRDTPR
#define SIM_TX_CTL DMACTCR
#define SIM_TX_START ETH_DMACTCR_ST
#define SIM_RX_CTL DMACRCR
#define SIM_RX_START ETH_DMACRCR_SR
#define SIM_DSR DMADSR
#define SIM_DSR_TPS ETH_DMADSR_TPS
#define SIM_DSR_RPS ETH_DMADSR_RPS
#define SIM_DSR_TPS_SUSPENDED (0x6UL << 12) /* idle, waiting for a descriptor */
#define SIM_DSR_RPS_WAITING (0x3UL << 8)
#else
typedef struct {
    __IO uint32_t MACCR;
    __IO uint32_t DMARPDR;
    __IO uint32_t DMATPDR;
    __IO uint32_t DMASR;
    __IO uint32_t DMAIER;
    __IO uint32_t DMARSWTR;
    __IO uint32_t DMAOMR;
} ETH_TypeDef;
#define ETH_DMAIER_TIE (1UL << 0)
#define ETH_DMAIER_RIE (1UL << 6)
#define ETH_DMAIER_RBUIE (1UL << 7)
#define ETH_DMAIER_FBEIE (1UL << 13)
#define ETH_DMAIER_AISE (1UL << 15)
#define ETH_DMAIER_NISE (1UL << 16)
#define ETH_DMASR_TS (1UL << 0)
#define ETH_DMASR_TPSS (1UL << 1)
#define ETH_DMASR_RS (1UL << 6)
#define ETH_DMASR_RBUS (1UL << 7)
#define ETH_DMASR_RPSS (1UL << 8)
#define ETH_DMASR_FBES (1UL << 13)
#define ETH_DMASR_AIS (1UL << 15)
#define ETH_DMASR_NIS (1UL << 16)
#define ETH_MACCR_RE (1UL << 2)
#define ETH_MACCR_TE (1UL << 3)
#define ETH_MACCR_DM (1UL << 11)
#define ETH_MACCR_FES (1UL << 14)
#define ETH_DMAOMR_SR (1UL << 1)
#define ETH_DMAOMR_ST (1UL << 13)
#define ETH_DMAOMR_FTF (1UL << 20)
#define ETH_DMASR_RPS (0x7UL << 17)
#define ETH_DMASR_TPS (0x7UL << 20)
#define SIM_ETH_SR DMASR
#define SIM_ETH_IER DMAIER
#define SIM_SR_RX ETH_DMASR_RS
#define SIM_SR_TX ETH_DMASR_TS
#define SIM_SR_RBU ETH_DMASR_RBUS
#define SIM_SR_FBE ETH_DMASR_FBES
#define SIM_SR_AIS ETH_DMASR_AIS
#define SIM_SR_NIS ETH_DMASR_NIS
#define SIM_SR_TPS ETH_DMASR_TPSS
#define SIM_SR_RPS ETH_DMASR_RPSS
#define SIM_IER_RX ETH_DMAIER_RIE
#define SIM_IER_TX ETH_DMAIER_TIE
#define SIM_IER_RBU ETH_DMAIER_RBUIE
#define SIM_IER_FBE ETH_DMAIER_FBEIE
#define SIM_IER_AIS ETH_DMAIER_AISE
#define SIM_IER_NIS ETH_DMAIER_NISE
#define SIM_RX_POLL_REG DMARPDR
#define SIM_TX_CTL DMAOMR
#define SIM_TX_START ETH_DMAOMR_ST
#define SIM_RX_CTL DMAOMR
#define SIM_RX_START ETH_DMAOMR_SR
#define SIM_DSR DMASR
#define SIM_DSR_TPS ETH_DMASR_TPS
#define SIM_DSR_RPS ETH_DMASR_RPS
#define SIM_DSR_TPS_SUSPENDED (0x6UL << 20)
#define SIM_DSR_RPS_WAITING (0x3UL << 17)
#endif
extern ETH_TypeDef lwipgen_sim_eth_regs;
#define ETH (&lwipgen_sim_eth_regs)

/* ---- HAL ETH ---- */
#ifndef ETH_TX_DESC_CNT
#define ETH_TX_DESC_CNT 4U
#endif
#ifndef ETH_RX_DESC_CNT
#define ETH_RX_DESC_CNT 4U
#endif

typedef struct {
    __IO uint32_t DESC0;
    __IO uint32_t DESC1;
    __IO uint32_t DESC2;
    __IO uint32_t DESC3;
#if !defined(SIM_ETH_H7)
    __IO uint32_t DESC4;
    __IO uint32_t DESC5;
    __IO uint32_t DESC6;
    __IO uint32_t DESC7;
#endif
    uintptr_t BackupAddr0; /* the HAL's copy of the buffer address (uint32_t on the target) */
    uintptr_t BackupAddr1;
} ETH_DMADescTypeDef;

typedef struct __ETH_BufferTypeDef {
    uint8_t *buffer;
    uint32_t len;
    struct __ETH_BufferTypeDef *next;
} ETH_BufferTypeDef;

typedef struct {
    uint32_t Attributes;
    uint32_t Length;
    ETH_BufferTypeDef *TxBuffer;
    uint32_t SrcAddrCtrl;
    uint32_t CRCPadCtrl;
    uint32_t ChecksumCtrl;
    uint32_t MaxSegmentSize;
    uint32_t PayloadLen;
    uint32_t TCPHeaderLen;
    uint32_t VlanTag;
    uint32_t VlanCtrl;
    uint32_t InnerVlanTag;
    uint32_t InnerVlanCtrl;
    void *pData;
} ETH_TxPacketConfigTypeDef;
typedef ETH_TxPacketConfigTypeDef ETH_TxPacketConfig; /* the H7 HAL's older spelling */

#define ETH_TX_PACKETS_FEATURES_CSUM 0x00000001U
#define ETH_TX_PACKETS_FEATURES_CRCPAD 0x00000020U
#define ETH_CRC_PAD_INSERT 0x00000000U
#define ETH_CHECKSUM_DISABLE 0x00000000U
#if defined(SIM_ETH_H7)
#define ETH_CHECKSUM_IPHDR_PAYLOAD_INSERT_PHDR_CALC 0x00030000U
#else
#define ETH_CHECKSUM_IPHDR_PAYLOAD_INSERT_PHDR_CALC 0x00C00000U
#endif

typedef struct {
    uintptr_t RxDesc[ETH_RX_DESC_CNT];
    uint32_t ItMode;
    uint32_t RxDescIdx;
    uint32_t RxDescCnt;
    uint32_t RxDataLength;
    uint32_t RxBuildDescIdx;
    uint32_t RxBuildDescCnt;
    uint32_t pRxLastRxDesc;
    void *pRxStart;
    void *pRxEnd;
} ETH_RxDescListTypeDef;

typedef struct {
    uintptr_t TxDesc[ETH_TX_DESC_CNT];
    uint32_t CurTxDesc;
    uint32_t *PacketAddress[ETH_TX_DESC_CNT];
    uint32_t *CurrentPacketAddress;
    uint32_t BuffersInUse;
    uint32_t releaseIndex;
} ETH_TxDescListTypeDef;

typedef enum { HAL_ETH_MII_MODE = 0x00000000U, HAL_ETH_RMII_MODE = 0x00800000U } ETH_MediaInterfaceTypeDef;

typedef struct {
    uint8_t *MACAddr;
    ETH_MediaInterfaceTypeDef MediaInterface;
    ETH_DMADescTypeDef *TxDesc;
    ETH_DMADescTypeDef *RxDesc;
    uint32_t RxBuffLen;
} ETH_InitTypeDef;

typedef uint32_t HAL_ETH_StateTypeDef;
#define HAL_ETH_STATE_RESET 0x00000000U
#define HAL_ETH_STATE_READY 0x00000010U
#if defined(SIM_ETH_H7)
#define HAL_ETH_STATE_BUSY 0x00000020U
#define HAL_ETH_STATE_STARTED 0x00000040U
#else
#define HAL_ETH_STATE_BUSY 0x00000023U
#define HAL_ETH_STATE_STARTED 0x00000023U
#endif
#define HAL_ETH_STATE_ERROR 0x000000E0U

#define HAL_ETH_ERROR_NONE 0x00000000U
#define HAL_ETH_ERROR_PARAM 0x00000001U
#define HAL_ETH_ERROR_BUSY 0x00000002U
#define HAL_ETH_ERROR_TIMEOUT 0x00000004U
#define HAL_ETH_ERROR_DMA 0x00000008U
#define HAL_ETH_ERROR_MAC 0x00000010U

typedef struct {
    ETH_TypeDef *Instance;
    ETH_InitTypeDef Init;
    ETH_TxDescListTypeDef TxDescList;
    ETH_RxDescListTypeDef RxDescList;
    __IO HAL_ETH_StateTypeDef gState;
    __IO uint32_t ErrorCode;
    __IO uint32_t DMAErrorCode;
    __IO uint32_t MACErrorCode;
} ETH_HandleTypeDef;

typedef struct {
    FunctionalState ChecksumOffload;
    uint32_t Speed;
    uint32_t DuplexMode;
} ETH_MACConfigTypeDef;

#define ETH_SPEED_10M 0x00000000U
#define ETH_SPEED_100M ETH_MACCR_FES
#define ETH_FULLDUPLEX_MODE ETH_MACCR_DM
#define ETH_HALFDUPLEX_MODE 0x00000000U

/* Interrupt enable/clear: register writes the model sees (write 1 to clear for the status). */
void sim_eth_ier_set(ETH_HandleTypeDef *h, uint32_t bits);
void sim_eth_ier_clear(ETH_HandleTypeDef *h, uint32_t bits);
void sim_eth_sr_clear(ETH_HandleTypeDef *h, uint32_t bits);
#define __HAL_ETH_DMA_ENABLE_IT(__HANDLE__, __INTERRUPT__) sim_eth_ier_set((__HANDLE__), (__INTERRUPT__))
#define __HAL_ETH_DMA_DISABLE_IT(__HANDLE__, __INTERRUPT__) sim_eth_ier_clear((__HANDLE__), (__INTERRUPT__))
#define __HAL_ETH_DMA_CLEAR_IT(__HANDLE__, __INTERRUPT__) sim_eth_sr_clear((__HANDLE__), (__INTERRUPT__))
#define __HAL_ETH_DMA_GET_IT(__HANDLE__, __INTERRUPT__) (((__HANDLE__)->Instance->SIM_ETH_SR & (__INTERRUPT__)) == (__INTERRUPT__))

HAL_StatusTypeDef HAL_ETH_Init(ETH_HandleTypeDef *heth);
HAL_StatusTypeDef HAL_ETH_DeInit(ETH_HandleTypeDef *heth);
void HAL_ETH_MspInit(ETH_HandleTypeDef *heth);
void HAL_ETH_SetMDIOClockRange(ETH_HandleTypeDef *heth);
HAL_StatusTypeDef HAL_ETH_Start(ETH_HandleTypeDef *heth);
HAL_StatusTypeDef HAL_ETH_Start_IT(ETH_HandleTypeDef *heth);
HAL_StatusTypeDef HAL_ETH_Stop(ETH_HandleTypeDef *heth);
HAL_StatusTypeDef HAL_ETH_Stop_IT(ETH_HandleTypeDef *heth);
HAL_StatusTypeDef HAL_ETH_ReadData(ETH_HandleTypeDef *heth, void **pAppBuff);
HAL_StatusTypeDef HAL_ETH_ReleaseTxPacket(ETH_HandleTypeDef *heth);
HAL_StatusTypeDef HAL_ETH_Transmit_IT(ETH_HandleTypeDef *heth, ETH_TxPacketConfigTypeDef *pTxConfig);
HAL_StatusTypeDef HAL_ETH_WritePHYRegister(const ETH_HandleTypeDef *heth, uint32_t PHYAddr, uint32_t PHYReg, uint32_t RegValue);
HAL_StatusTypeDef HAL_ETH_ReadPHYRegister(const ETH_HandleTypeDef *heth, uint32_t PHYAddr, uint32_t PHYReg, uint32_t *pRegValue);
HAL_StatusTypeDef HAL_ETH_GetMACConfig(const ETH_HandleTypeDef *heth, ETH_MACConfigTypeDef *macconf);
HAL_StatusTypeDef HAL_ETH_SetMACConfig(ETH_HandleTypeDef *heth, ETH_MACConfigTypeDef *macconf);
uint32_t HAL_ETH_GetDMAError(const ETH_HandleTypeDef *heth);
uint32_t HAL_ETH_GetError(const ETH_HandleTypeDef *heth);
HAL_ETH_StateTypeDef HAL_ETH_GetState(const ETH_HandleTypeDef *heth);
void HAL_ETH_IRQHandler(ETH_HandleTypeDef *heth);
void HAL_ETH_TxCpltCallback(ETH_HandleTypeDef *heth);
void HAL_ETH_RxCpltCallback(ETH_HandleTypeDef *heth);
void HAL_ETH_ErrorCallback(ETH_HandleTypeDef *heth);
void HAL_ETH_RxAllocateCallback(uint8_t **buff);
void HAL_ETH_RxLinkCallback(void **pStart, void **pEnd, uint8_t *buff, uint16_t Length);
void HAL_ETH_TxFreeCallback(uint32_t *buff);

#endif /* LWIPGEN_SIM_STM32_HAL_H */
