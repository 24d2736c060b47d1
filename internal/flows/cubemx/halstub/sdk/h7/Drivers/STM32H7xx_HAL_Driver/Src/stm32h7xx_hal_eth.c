/* stm32h7xx_hal_eth.c - lwipgen test stand-in (our own text): bodies that compile and link; the fixture
 * ELF is verified, never run. The callbacks are weak, as in the HAL, for the project to override. */
#include "stm32h7xx_hal.h"

HAL_StatusTypeDef HAL_ETH_Init(ETH_HandleTypeDef *heth) { HAL_ETH_MspInit(heth); heth->gState = HAL_ETH_STATE_READY; return HAL_OK; }
HAL_StatusTypeDef HAL_ETH_DeInit(ETH_HandleTypeDef *heth) { HAL_ETH_MspDeInit(heth); heth->gState = HAL_ETH_STATE_RESET; return HAL_OK; }
HAL_StatusTypeDef HAL_ETH_Start(ETH_HandleTypeDef *heth) { heth->gState = HAL_ETH_STATE_STARTED; return HAL_OK; }
HAL_StatusTypeDef HAL_ETH_Start_IT(ETH_HandleTypeDef *heth) { heth->RxDescList.ItMode = 1U; return HAL_ETH_Start(heth); }
HAL_StatusTypeDef HAL_ETH_Stop(ETH_HandleTypeDef *heth) { heth->gState = HAL_ETH_STATE_READY; return HAL_OK; }
HAL_StatusTypeDef HAL_ETH_Stop_IT(ETH_HandleTypeDef *heth) { heth->RxDescList.ItMode = 0U; return HAL_ETH_Stop(heth); }
HAL_StatusTypeDef HAL_ETH_ReadData(ETH_HandleTypeDef *heth, void **pAppBuff)
{
    uint8_t *buff = NULL;
    if (heth->gState != HAL_ETH_STATE_STARTED) { return HAL_ERROR; }
    HAL_ETH_RxAllocateCallback(&buff); /* rebuild one descriptor */
    heth->Init.RxDesc[0].BackupAddr0 = (uint32_t)(uintptr_t)buff;
    *pAppBuff = NULL;
    return HAL_ERROR;
}
HAL_StatusTypeDef HAL_ETH_Transmit(ETH_HandleTypeDef *heth, @TXCFG@ *pTxConfig, uint32_t Timeout) { (void)Timeout; return HAL_ETH_Transmit_IT(heth, pTxConfig); }
HAL_StatusTypeDef HAL_ETH_Transmit_IT(ETH_HandleTypeDef *heth, @TXCFG@ *pTxConfig) { heth->TxDescList.CurrentPacketAddress = (uint32_t *)pTxConfig->pData; return HAL_OK; }
HAL_StatusTypeDef HAL_ETH_ReleaseTxPacket(ETH_HandleTypeDef *heth)
{
    if (heth->TxDescList.CurrentPacketAddress != NULL) { HAL_ETH_TxFreeCallback(heth->TxDescList.CurrentPacketAddress); heth->TxDescList.CurrentPacketAddress = NULL; }
    return HAL_OK;
}
HAL_StatusTypeDef HAL_ETH_WritePHYRegister(ETH_HandleTypeDef *heth, uint32_t PHYAddr, uint32_t PHYReg, uint32_t RegValue) { heth->Instance->MACMDIODR = RegValue | (PHYAddr << 21) | (PHYReg << 16); return HAL_OK; }
HAL_StatusTypeDef HAL_ETH_ReadPHYRegister(ETH_HandleTypeDef *heth, uint32_t PHYAddr, uint32_t PHYReg, uint32_t *pRegValue) { (void)PHYAddr; (void)PHYReg; *pRegValue = heth->Instance->MACMDIODR & 0xFFFFU; return HAL_OK; }
HAL_StatusTypeDef HAL_ETH_GetMACConfig(ETH_HandleTypeDef *heth, ETH_MACConfigTypeDef *macconf) { macconf->Speed = heth->Instance->MACCR & ETH_SPEED_100M; return HAL_OK; }
HAL_StatusTypeDef HAL_ETH_SetMACConfig(ETH_HandleTypeDef *heth, ETH_MACConfigTypeDef *macconf) { heth->Instance->MACCR = macconf->Speed | macconf->DuplexMode; return HAL_OK; }
void HAL_ETH_SetMDIOClockRange(ETH_HandleTypeDef *heth) { heth->Instance->MACMDIOAR = 4U << 8; }
void HAL_ETH_IRQHandler(ETH_HandleTypeDef *heth)
{
    if (__HAL_ETH_DMA_GET_IT(heth, ETH_DMACSR_RI)) { __HAL_ETH_DMA_CLEAR_IT(heth, ETH_DMACSR_RI | ETH_DMACSR_NIS); HAL_ETH_RxCpltCallback(heth); }
    if (__HAL_ETH_DMA_GET_IT(heth, ETH_DMACSR_TI)) { __HAL_ETH_DMA_CLEAR_IT(heth, ETH_DMACSR_TI | ETH_DMACSR_NIS); HAL_ETH_TxCpltCallback(heth); }
    if (__HAL_ETH_DMA_GET_IT(heth, ETH_DMACSR_AIS)) { heth->DMAErrorCode = heth->Instance->DMACSR; if (heth->DMAErrorCode & ETH_DMACSR_FBE) { heth->gState = HAL_ETH_STATE_ERROR; } HAL_ETH_ErrorCallback(heth); }
}
__WEAK void HAL_ETH_MspInit(ETH_HandleTypeDef *heth) { (void)heth; }
__WEAK void HAL_ETH_MspDeInit(ETH_HandleTypeDef *heth) { (void)heth; }
__WEAK void HAL_ETH_TxCpltCallback(ETH_HandleTypeDef *heth) { (void)heth; }
__WEAK void HAL_ETH_RxCpltCallback(ETH_HandleTypeDef *heth) { (void)heth; }
__WEAK void HAL_ETH_ErrorCallback(ETH_HandleTypeDef *heth) { (void)heth; }
__WEAK void HAL_ETH_RxAllocateCallback(uint8_t **buff) { *buff = NULL; }
__WEAK void HAL_ETH_RxLinkCallback(void **pStart, void **pEnd, uint8_t *buff, uint16_t Length) { (void)pStart; (void)pEnd; (void)buff; (void)Length; }
__WEAK void HAL_ETH_TxFreeCallback(uint32_t *buff) { (void)buff; }
HAL_ETH_StateTypeDef HAL_ETH_GetState(ETH_HandleTypeDef *heth) { return heth->gState; }
uint32_t HAL_ETH_GetError(ETH_HandleTypeDef *heth) { return heth->ErrorCode; }
uint32_t HAL_ETH_GetDMAError(ETH_HandleTypeDef *heth) { return heth->DMAErrorCode; }
uint32_t HAL_ETH_GetMACError(ETH_HandleTypeDef *heth) { return heth->MACErrorCode; }
