/* stm32f4xx_hal_eth.h - lwipgen test stand-in (our own text) for the "new" F4 ETH driver API (HAL 1.8.x):
 * the types, constants and functions of ST's header that CubeMX's code and lwipgen's glue use, under the
 * same names. The TX packet configuration typedef is @TXCFG@ (ST renamed it after HAL 1.8.2). */
#ifndef LWIPGEN_SDK_STM32F4XX_HAL_ETH_H
#define LWIPGEN_SDK_STM32F4XX_HAL_ETH_H
#include "stm32f4xx_hal_def.h"

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
    uint32_t BackupAddr0; /* the buffer armed on this descriptor */
    uint32_t BackupAddr1;
} ETH_DMADescTypeDef;

typedef struct __ETH_BufferTypeDef {
    uint8_t *buffer;
    uint32_t len;
    struct __ETH_BufferTypeDef *next;
} ETH_BufferTypeDef;

typedef struct {
    uint32_t TxDesc[ETH_TX_DESC_CNT];
    uint32_t CurTxDesc;
    uint32_t *PacketAddress[ETH_TX_DESC_CNT];
    uint32_t *CurrentPacketAddress;
    uint32_t BuffersInUse;
    uint32_t releaseIndex;
} ETH_TxDescListTypeDef;

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
} @TXCFG@;

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
    uint32_t SourceAddrControl;
    FunctionalState ChecksumOffload;
    uint32_t InterPacketGapVal;
    FunctionalState GiantPacketSizeLimitControl;
    FunctionalState Support2KPacket;
    FunctionalState CRCStripTypePacket;
    FunctionalState AutomaticPadCRCStrip;
    FunctionalState Watchdog;
    FunctionalState Jabber;
    FunctionalState JumboPacket;
    uint32_t Speed;
    uint32_t DuplexMode;
    FunctionalState LoopbackMode;
} ETH_MACConfigTypeDef;

typedef enum { HAL_ETH_MII_MODE = 0x00U, HAL_ETH_RMII_MODE = 0x01U } ETH_MediaInterfaceTypeDef;

typedef struct {
    uint8_t *MACAddr;
    ETH_MediaInterfaceTypeDef MediaInterface;
    ETH_DMADescTypeDef *TxDesc;
    ETH_DMADescTypeDef *RxDesc;
    uint32_t RxBuffLen;
} ETH_InitTypeDef;

typedef uint32_t HAL_ETH_StateTypeDef;
#define HAL_ETH_STATE_RESET ((uint32_t)0x00000000U)
#define HAL_ETH_STATE_READY ((uint32_t)0x00000010U)
#define HAL_ETH_STATE_BUSY ((uint32_t)0x00000023U)
#define HAL_ETH_STATE_STARTED ((uint32_t)0x00000023U)
#define HAL_ETH_STATE_ERROR ((uint32_t)0x000000E0U)

typedef struct __ETH_HandleTypeDef {
    ETH_TypeDef *Instance;
    ETH_InitTypeDef Init;
    ETH_TxDescListTypeDef TxDescList;
    ETH_RxDescListTypeDef RxDescList;
    __IO HAL_ETH_StateTypeDef gState;
    __IO uint32_t ErrorCode;
    __IO uint32_t DMAErrorCode;
    __IO uint32_t MACErrorCode;
    __IO uint32_t MACWakeUpEvent;
    __IO uint32_t IsPtpConfigured;
} ETH_HandleTypeDef;

#define ETH_SPEED_10M 0x00000000U
#define ETH_SPEED_100M ETH_MACCR_FES
#define ETH_FULLDUPLEX_MODE ETH_MACCR_DM
#define ETH_HALFDUPLEX_MODE 0x00000000U
#define ETH_TX_PACKETS_FEATURES_CSUM 0x00000001U
#define ETH_TX_PACKETS_FEATURES_CRCPAD 0x00000020U
#define ETH_CRC_PAD_INSERT 0x00000000U
#define ETH_CHECKSUM_DISABLE 0x00000000U
#define ETH_CHECKSUM_IPHDR_PAYLOAD_INSERT_PHDR_CALC 0x00C00000U
#define ETH_DMA_FATAL_BUS_ERROR_FLAG ETH_DMASR_FBES
#define ETH_MAX_PAYLOAD 1500U
#define ETH_MAX_PACKET_SIZE 1528U
#define HAL_ETH_ERROR_DMA 0x00000008U

#define __HAL_ETH_DMA_ENABLE_IT(__HANDLE__, __INTERRUPT__) ((__HANDLE__)->Instance->DMAIER |= (__INTERRUPT__))
#define __HAL_ETH_DMA_DISABLE_IT(__HANDLE__, __INTERRUPT__) ((__HANDLE__)->Instance->DMAIER &= ~(__INTERRUPT__))
#define __HAL_ETH_DMA_CLEAR_IT(__HANDLE__, __INTERRUPT__) ((__HANDLE__)->Instance->DMASR = (__INTERRUPT__))
#define __HAL_ETH_DMA_GET_IT(__HANDLE__, __INTERRUPT__) (((__HANDLE__)->Instance->DMASR & (__INTERRUPT__)) == (__INTERRUPT__))

HAL_StatusTypeDef HAL_ETH_Init(ETH_HandleTypeDef *heth);
HAL_StatusTypeDef HAL_ETH_DeInit(ETH_HandleTypeDef *heth);
void HAL_ETH_MspInit(ETH_HandleTypeDef *heth);
void HAL_ETH_MspDeInit(ETH_HandleTypeDef *heth);
HAL_StatusTypeDef HAL_ETH_Start(ETH_HandleTypeDef *heth);
HAL_StatusTypeDef HAL_ETH_Start_IT(ETH_HandleTypeDef *heth);
HAL_StatusTypeDef HAL_ETH_Stop(ETH_HandleTypeDef *heth);
HAL_StatusTypeDef HAL_ETH_Stop_IT(ETH_HandleTypeDef *heth);
HAL_StatusTypeDef HAL_ETH_ReadData(ETH_HandleTypeDef *heth, void **pAppBuff);
HAL_StatusTypeDef HAL_ETH_Transmit(ETH_HandleTypeDef *heth, @TXCFG@ *pTxConfig, uint32_t Timeout);
HAL_StatusTypeDef HAL_ETH_Transmit_IT(ETH_HandleTypeDef *heth, @TXCFG@ *pTxConfig);
HAL_StatusTypeDef HAL_ETH_ReleaseTxPacket(ETH_HandleTypeDef *heth);
HAL_StatusTypeDef HAL_ETH_WritePHYRegister(ETH_HandleTypeDef *heth, uint32_t PHYAddr, uint32_t PHYReg, uint32_t RegValue);
HAL_StatusTypeDef HAL_ETH_ReadPHYRegister(ETH_HandleTypeDef *heth, uint32_t PHYAddr, uint32_t PHYReg, uint32_t *pRegValue);
HAL_StatusTypeDef HAL_ETH_GetMACConfig(ETH_HandleTypeDef *heth, ETH_MACConfigTypeDef *macconf);
HAL_StatusTypeDef HAL_ETH_SetMACConfig(ETH_HandleTypeDef *heth, ETH_MACConfigTypeDef *macconf);
void HAL_ETH_SetMDIOClockRange(ETH_HandleTypeDef *heth);
void HAL_ETH_IRQHandler(ETH_HandleTypeDef *heth);
void HAL_ETH_TxCpltCallback(ETH_HandleTypeDef *heth);
void HAL_ETH_RxCpltCallback(ETH_HandleTypeDef *heth);
void HAL_ETH_ErrorCallback(ETH_HandleTypeDef *heth);
void HAL_ETH_RxAllocateCallback(uint8_t **buff);
void HAL_ETH_RxLinkCallback(void **pStart, void **pEnd, uint8_t *buff, uint16_t Length);
void HAL_ETH_TxFreeCallback(uint32_t *buff);
HAL_ETH_StateTypeDef HAL_ETH_GetState(ETH_HandleTypeDef *heth);
uint32_t HAL_ETH_GetError(ETH_HandleTypeDef *heth);
uint32_t HAL_ETH_GetDMAError(ETH_HandleTypeDef *heth);
uint32_t HAL_ETH_GetMACError(ETH_HandleTypeDef *heth);
#endif
