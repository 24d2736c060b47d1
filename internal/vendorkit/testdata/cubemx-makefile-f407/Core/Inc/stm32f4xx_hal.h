/* Fixture copy of internal/glue/testdata/include/stm32f4/stm32f4xx_hal.h (lwipgen's own declarations, no ST code), plus HAL_Init/HAL_Delay and the 40-byte descriptor the fixture's ethernetif.c uses. */
/*
 * Minimal declarations of the STMicroelectronics STM32F4 HAL (ETH "new" driver, stm32f4xx_hal_driver
 * >= v1.8.0) and CMSIS-Core API subset lwipgen's glue uses, written from the vendor's documentation;
 * not vendor code. Only for lwipgen's compile tests: types are shaped like the documented ones,
 * register blocks contain only the fields the glue touches.
 */
#ifndef LWIPGEN_TEST_STM32F4XX_HAL_H
#define LWIPGEN_TEST_STM32F4XX_HAL_H

#include <stddef.h>
#include <stdint.h>

#define __IO volatile

/* ---- CMSIS-Core (Cortex-M4: no data cache, so no SCB cache maintenance functions) ---- */
typedef enum { ETH_IRQn = 61 } IRQn_Type;
uint32_t __get_PRIMASK(void);
void __set_PRIMASK(uint32_t priMask);
void __disable_irq(void);
#define WRITE_REG(REG, VAL) ((REG) = (VAL))
#define READ_REG(REG) ((REG))
#define SET_BIT(REG, BIT) ((REG) |= (BIT))
#define CLEAR_BIT(REG, BIT) ((REG) &= ~(BIT))

/* ---- HAL basics ---- */
typedef enum { HAL_OK = 0x00U, HAL_ERROR = 0x01U, HAL_BUSY = 0x02U, HAL_TIMEOUT = 0x03U } HAL_StatusTypeDef;
typedef enum { DISABLE = 0U, ENABLE = !DISABLE } FunctionalState;
void HAL_IncTick(void);
uint32_t HAL_GetTick(void);
uint32_t HAL_RCC_GetHCLKFreq(void);
void HAL_NVIC_SetPriority(IRQn_Type IRQn, uint32_t PreemptPriority, uint32_t SubPriority);
void HAL_NVIC_EnableIRQ(IRQn_Type IRQn);

/* ---- ETH registers (subset) ---- */
typedef struct {
    __IO uint32_t MACCR;
    __IO uint32_t DMARPDR;
    __IO uint32_t DMASR;
    __IO uint32_t DMAOMR;
    __IO uint32_t DMAIER;
    __IO uint32_t DMARSWTR;
} ETH_TypeDef;
extern ETH_TypeDef lwipgen_test_eth_regs;
#define ETH (&lwipgen_test_eth_regs)

#define ETH_DMAIER_TIE (1UL << 0)
#define ETH_DMAIER_RIE (1UL << 6)
#define ETH_DMAIER_RBUIE (1UL << 7)
#define ETH_DMAIER_FBEIE (1UL << 13)
#define ETH_DMAIER_AISE (1UL << 15)
#define ETH_DMAIER_NISE (1UL << 16)
#define ETH_DMASR_TS (1UL << 0)
#define ETH_DMASR_RS (1UL << 6)
#define ETH_DMASR_RBUS (1UL << 7)
#define ETH_DMASR_NIS (1UL << 16)
#define ETH_DMASR_FBES (1UL << 13)
#define ETH_MACCR_DM (1UL << 11)
#define ETH_MACCR_FES (1UL << 14)
/* DMA/MAC start-stop bits and the DMA process states (RM0090; the glue's ethif_dma_halt) */
#define ETH_DMAOMR_SR (1UL << 1)
#define ETH_DMAOMR_ST (1UL << 13)
#define ETH_DMAOMR_FTF (1UL << 20)
#define ETH_MACCR_RE (1UL << 2)
#define ETH_MACCR_TE (1UL << 3)
#define ETH_DMASR_RPS (0x7UL << 17)
#define ETH_DMASR_TPS (0x7UL << 20)

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
    __IO uint32_t DESC4;
    __IO uint32_t DESC5;
    __IO uint32_t DESC6;
    __IO uint32_t DESC7;
    uint32_t BackupAddr0;
    uint32_t BackupAddr1;
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

#define ETH_TX_PACKETS_FEATURES_CSUM 0x00000001U
#define ETH_TX_PACKETS_FEATURES_CRCPAD 0x00000020U
#define ETH_CRC_PAD_INSERT 0x00000000U
#define ETH_CHECKSUM_DISABLE 0x00000000U
#define ETH_CHECKSUM_IPHDR_PAYLOAD_INSERT_PHDR_CALC 0x00C00000U

typedef struct {
    uint32_t RxDesc[ETH_RX_DESC_CNT];
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
    uint32_t TxDesc[ETH_TX_DESC_CNT];
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
#define HAL_ETH_STATE_BUSY 0x00000023U
#define HAL_ETH_STATE_STARTED 0x00000023U
#define HAL_ETH_STATE_ERROR 0x000000E0U

typedef struct {
    ETH_TypeDef *Instance;
    ETH_InitTypeDef Init;
    ETH_TxDescListTypeDef TxDescList;
    ETH_RxDescListTypeDef RxDescList;
    __IO HAL_ETH_StateTypeDef gState;
    __IO uint32_t ErrorCode;
    __IO uint32_t DMAErrorCode;
} ETH_HandleTypeDef;

typedef struct {
    FunctionalState ChecksumOffload;
    uint32_t Speed;
    uint32_t DuplexMode;
} ETH_MACConfigTypeDef;

#define ETH_SPEED_10M 0x00000000U
#define ETH_SPEED_100M 0x00004000U
#define ETH_FULLDUPLEX_MODE ETH_MACCR_DM
#define ETH_HALFDUPLEX_MODE 0x00000000U

#define __HAL_ETH_DMA_ENABLE_IT(__HANDLE__, __INTERRUPT__) ((__HANDLE__)->Instance->DMAIER |= (__INTERRUPT__))
#define __HAL_ETH_DMA_DISABLE_IT(__HANDLE__, __INTERRUPT__) ((__HANDLE__)->Instance->DMAIER &= ~(__INTERRUPT__))
#define __HAL_ETH_DMA_CLEAR_IT(__HANDLE__, __INTERRUPT__) ((__HANDLE__)->Instance->DMASR = (__INTERRUPT__))

HAL_StatusTypeDef HAL_ETH_Init(ETH_HandleTypeDef *heth);
HAL_StatusTypeDef HAL_ETH_DeInit(ETH_HandleTypeDef *heth);
void HAL_ETH_SetMDIOClockRange(ETH_HandleTypeDef *heth);
HAL_StatusTypeDef HAL_ETH_Start(ETH_HandleTypeDef *heth);
HAL_StatusTypeDef HAL_ETH_Start_IT(ETH_HandleTypeDef *heth);
HAL_StatusTypeDef HAL_ETH_Stop(ETH_HandleTypeDef *heth);
HAL_StatusTypeDef HAL_ETH_Stop_IT(ETH_HandleTypeDef *heth);
HAL_StatusTypeDef HAL_ETH_ReadData(ETH_HandleTypeDef *heth, void **pAppBuff);
HAL_StatusTypeDef HAL_ETH_ReleaseTxPacket(ETH_HandleTypeDef *heth);
HAL_StatusTypeDef HAL_ETH_Transmit_IT(ETH_HandleTypeDef *heth, ETH_TxPacketConfigTypeDef *pTxConfig);
HAL_StatusTypeDef HAL_ETH_WritePHYRegister(const ETH_HandleTypeDef *heth, uint32_t PHYAddr, uint32_t PHYReg, uint32_t RegValue);
HAL_StatusTypeDef HAL_ETH_ReadPHYRegister(ETH_HandleTypeDef *heth, uint32_t PHYAddr, uint32_t PHYReg, uint32_t *pRegValue);
HAL_StatusTypeDef HAL_ETH_GetMACConfig(const ETH_HandleTypeDef *heth, ETH_MACConfigTypeDef *macconf);
HAL_StatusTypeDef HAL_ETH_SetMACConfig(ETH_HandleTypeDef *heth, ETH_MACConfigTypeDef *macconf);
uint32_t HAL_ETH_GetDMAError(const ETH_HandleTypeDef *heth);
void HAL_ETH_IRQHandler(ETH_HandleTypeDef *heth);
void HAL_ETH_TxCpltCallback(ETH_HandleTypeDef *heth);
void HAL_ETH_RxCpltCallback(ETH_HandleTypeDef *heth);
void HAL_ETH_ErrorCallback(ETH_HandleTypeDef *heth);
void HAL_ETH_RxAllocateCallback(uint8_t **buff);
void HAL_ETH_RxLinkCallback(void **pStart, void **pEnd, uint8_t *buff, uint16_t Length);
void HAL_ETH_TxFreeCallback(uint32_t *buff);

void HAL_Init(void);
void HAL_Delay(uint32_t ms);
#define ETH_RX_BUF_SIZE 1536U
#endif /* LWIPGEN_TEST_STM32F4XX_HAL_H */
