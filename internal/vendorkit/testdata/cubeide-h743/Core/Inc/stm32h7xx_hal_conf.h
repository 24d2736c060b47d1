/* USER CODE BEGIN Header */
/* stm32h7xx_hal_conf.h - Written for lwipgen's tests in the shape of a CubeMX-generated file; contains no ST code. Only the ETH lines CubeMX writes. */
/* USER CODE END Header */
#ifndef STM32H7xx_HAL_CONF_H
#define STM32H7xx_HAL_CONF_H
#define HAL_ETH_MODULE_ENABLED
/* ########################### Ethernet Configuration ######################### */
#define ETH_TX_DESC_CNT         8U  /* number of Ethernet Tx DMA descriptors */
#define ETH_RX_DESC_CNT         8U  /* number of Ethernet Rx DMA descriptors */
#endif /* STM32H7xx_HAL_CONF_H */
