/* stm32f7xx_hal_stub.c - no-op stand-ins for the HAL functions the fixture links against, written for
 * lwipgen's tests (no ST code). The fixture is built and its ELF verified, never run. */
#include "stm32f7xx_hal.h"

ETH_TypeDef lwipgen_test_eth_regs;
extern volatile uint32_t uwTick; /* main.c */

uint32_t __get_PRIMASK(void) { return 0; }
void __set_PRIMASK(uint32_t priMask) { (void)priMask; }
void __disable_irq(void) {}
void SCB_CleanDCache_by_Addr(volatile void *addr, int32_t dsize) { (void)addr; (void)dsize; }
void SCB_InvalidateDCache_by_Addr(volatile void *addr, int32_t dsize) { (void)addr; (void)dsize; }
void HAL_Init(void) {}
void HAL_Delay(uint32_t ms) { (void)ms; }
void HAL_IncTick(void) { uwTick++; }
uint32_t HAL_GetTick(void) { return uwTick; }
uint32_t HAL_RCC_GetHCLKFreq(void) { return 216000000u; }
void HAL_NVIC_SetPriority(IRQn_Type IRQn, uint32_t p, uint32_t s) { (void)IRQn; (void)p; (void)s; }
void HAL_NVIC_EnableIRQ(IRQn_Type IRQn) { (void)IRQn; }
HAL_StatusTypeDef HAL_ETH_Init(ETH_HandleTypeDef *h) { h->gState = HAL_ETH_STATE_READY; return HAL_OK; }
HAL_StatusTypeDef HAL_ETH_DeInit(ETH_HandleTypeDef *h) { h->gState = HAL_ETH_STATE_RESET; return HAL_OK; }
void HAL_ETH_SetMDIOClockRange(ETH_HandleTypeDef *h) { (void)h; }
HAL_StatusTypeDef HAL_ETH_Start(ETH_HandleTypeDef *h) { h->gState = HAL_ETH_STATE_STARTED; return HAL_OK; }
HAL_StatusTypeDef HAL_ETH_Start_IT(ETH_HandleTypeDef *h) { h->gState = HAL_ETH_STATE_STARTED; return HAL_OK; }
HAL_StatusTypeDef HAL_ETH_Stop(ETH_HandleTypeDef *h) { (void)h; return HAL_OK; }
HAL_StatusTypeDef HAL_ETH_Stop_IT(ETH_HandleTypeDef *h) { (void)h; return HAL_OK; }
HAL_StatusTypeDef HAL_ETH_ReadData(ETH_HandleTypeDef *h, void **b) { (void)h; *b = 0; return HAL_ERROR; }
HAL_StatusTypeDef HAL_ETH_ReleaseTxPacket(ETH_HandleTypeDef *h) { (void)h; return HAL_OK; }
HAL_StatusTypeDef HAL_ETH_Transmit_IT(ETH_HandleTypeDef *h, ETH_TxPacketConfigTypeDef *c) { (void)h; (void)c; return HAL_OK; }
HAL_StatusTypeDef HAL_ETH_WritePHYRegister(const ETH_HandleTypeDef *h, uint32_t a, uint32_t r, uint32_t v) { (void)h; (void)a; (void)r; (void)v; return HAL_OK; }
HAL_StatusTypeDef HAL_ETH_ReadPHYRegister(ETH_HandleTypeDef *h, uint32_t a, uint32_t r, uint32_t *v) { (void)h; (void)a; (void)r; *v = 0; return HAL_OK; }
HAL_StatusTypeDef HAL_ETH_GetMACConfig(const ETH_HandleTypeDef *h, ETH_MACConfigTypeDef *m) { (void)h; (void)m; return HAL_OK; }
HAL_StatusTypeDef HAL_ETH_SetMACConfig(ETH_HandleTypeDef *h, ETH_MACConfigTypeDef *m) { (void)h; (void)m; return HAL_OK; }
uint32_t HAL_ETH_GetDMAError(const ETH_HandleTypeDef *h) { (void)h; return 0; }
void HAL_ETH_IRQHandler(ETH_HandleTypeDef *h) { (void)h; }
void SCB_EnableICache(void) {}
void SCB_EnableDCache(void) {}
void HAL_MPU_Disable(void) {}
void HAL_MPU_Enable(uint32_t MPU_Control) { (void)MPU_Control; }
void HAL_MPU_ConfigRegion(MPU_Region_InitTypeDef *MPU_Init) { (void)MPU_Init; }
