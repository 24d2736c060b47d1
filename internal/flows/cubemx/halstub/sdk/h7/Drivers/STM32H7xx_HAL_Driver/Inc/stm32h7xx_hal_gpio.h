/* stm32h7xx_hal_gpio.h - lwipgen test stand-in (our own text). */
#ifndef LWIPGEN_SDK_STM32H7XX_HAL_GPIO_H
#define LWIPGEN_SDK_STM32H7XX_HAL_GPIO_H
#include "stm32h7xx_hal_def.h"
typedef struct { uint32_t Pin, Mode, Pull, Speed, Alternate; } GPIO_InitTypeDef;
typedef enum { GPIO_PIN_RESET = 0U, GPIO_PIN_SET } GPIO_PinState;
#define GPIO_PIN_1 ((uint16_t)0x0002U)
#define GPIO_PIN_2 ((uint16_t)0x0004U)
#define GPIO_PIN_4 ((uint16_t)0x0010U)
#define GPIO_PIN_5 ((uint16_t)0x0020U)
#define GPIO_PIN_7 ((uint16_t)0x0080U)
#define GPIO_PIN_11 ((uint16_t)0x0800U)
#define GPIO_PIN_13 ((uint16_t)0x2000U)
#define GPIO_MODE_AF_PP 0x00000002U
#define GPIO_NOPULL 0x00000000U
#define GPIO_SPEED_FREQ_LOW 0x00000000U
#define GPIO_AF11_ETH ((uint8_t)0x0BU)
void HAL_GPIO_Init(GPIO_TypeDef *GPIOx, GPIO_InitTypeDef *GPIO_Init);
void HAL_GPIO_DeInit(GPIO_TypeDef *GPIOx, uint32_t GPIO_Pin);
#endif
