/* stm32f407xx.h - lwipgen test stand-in for the CMSIS device header (our own text): interrupt numbers and the
 * register blocks, fields and bits lwipgen's glue and the fixture's CubeMX-shaped code name. Addresses are the
 * reference manual's memory map; layouts only list the fields that are used (never run). */
#ifndef LWIPGEN_SDK_STM32F407XX_H
#define LWIPGEN_SDK_STM32F407XX_H
typedef enum {
    NonMaskableInt_IRQn = -14, MemoryManagement_IRQn = -12, BusFault_IRQn = -11, UsageFault_IRQn = -10,
    SVCall_IRQn = -5, DebugMonitor_IRQn = -4, PendSV_IRQn = -2, SysTick_IRQn = -1,
    TIM6_DAC_IRQn = 54, ETH_IRQn = 61, ETH_WKUP_IRQn = 62
} IRQn_Type;
#include "core_cm4.h"
#include <stdint.h>

typedef struct {
    __IO uint32_t MACCR;
    __IO uint32_t MACFFR;
    __IO uint32_t MACMIIAR;
    __IO uint32_t MACMIIDR;
    __IO uint32_t DMABMR;
    __IO uint32_t DMATPDR;
    __IO uint32_t DMARPDR;
    __IO uint32_t DMASR;
    __IO uint32_t DMAOMR;
    __IO uint32_t DMAIER;
    __IO uint32_t DMARSWTR;
} ETH_TypeDef;
typedef struct {
    __IO uint32_t AHB1ENR;
    __IO uint32_t APB1ENR;
} RCC_TypeDef;
typedef struct {
    __IO uint32_t MODER, OTYPER, OSPEEDR, PUPDR, IDR, ODR, BSRR, LCKR, AFR[2];
} GPIO_TypeDef;

#ifdef LWIPGEN_HALSTUB_HOST /* on the host the registers are the test program's variable */
extern ETH_TypeDef lwipgen_test_eth_regs;
#define ETH (&lwipgen_test_eth_regs)
#else
#define ETH ((ETH_TypeDef *)0x40028000UL)
#endif
#define RCC ((RCC_TypeDef *)0x40023800UL)
#define GPIOA ((GPIO_TypeDef *)0x40020000UL)
#define GPIOB ((GPIO_TypeDef *)0x40020400UL)
#define GPIOC ((GPIO_TypeDef *)0x40020800UL)
#define GPIOG ((GPIO_TypeDef *)0x40021800UL)

/* DMA/MAC start-stop bits and the DMA process states (RM0090; the glue's ethif_dma_halt) */
#define ETH_DMAOMR_SR (1UL << 1)
#define ETH_DMAOMR_ST (1UL << 13)
#define ETH_DMAOMR_FTF (1UL << 20)
#define ETH_MACCR_RE (1UL << 2)
#define ETH_MACCR_TE (1UL << 3)
#define ETH_DMASR_RPS (0x7UL << 17)
#define ETH_DMASR_TPS (0x7UL << 20)
#define ETH_DMASR_TS (1UL << 0)
#define ETH_DMASR_RS (1UL << 6)
#define ETH_DMASR_RBUS (1UL << 7)
#define ETH_DMASR_FBES (1UL << 13)
#define ETH_DMASR_AIS (1UL << 15)
#define ETH_DMASR_NIS (1UL << 16)
#define ETH_DMAIER_TIE (1UL << 0)
#define ETH_DMAIER_RIE (1UL << 6)
#define ETH_DMAIER_RBUIE (1UL << 7)
#define ETH_DMAIER_FBEIE (1UL << 13)
#define ETH_DMAIER_AISE (1UL << 15)
#define ETH_DMAIER_NISE (1UL << 16)
#define ETH_MACCR_DM (1UL << 11)
#define ETH_MACCR_FES (1UL << 14)

#define RCC_AHB1ENR_ETHMACEN (1UL << 25)
#define RCC_AHB1ENR_ETHMACTXEN (1UL << 26)
#define RCC_AHB1ENR_ETHMACRXEN (1UL << 27)
#endif
