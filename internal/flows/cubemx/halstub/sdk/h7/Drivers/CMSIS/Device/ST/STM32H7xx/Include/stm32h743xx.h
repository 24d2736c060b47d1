/* stm32h743xx.h - lwipgen test stand-in for the CMSIS device header (our own text): interrupt numbers and the
 * register blocks, fields and bits lwipgen's glue and the fixture's CubeMX-shaped code name. Addresses are the
 * RM0433 memory map; layouts only list the fields that are used (never run). */
#ifndef LWIPGEN_SDK_STM32H743XX_H
#define LWIPGEN_SDK_STM32H743XX_H
typedef enum {
    NonMaskableInt_IRQn = -14, HardFault_IRQn = -13, MemoryManagement_IRQn = -12, BusFault_IRQn = -11,
    UsageFault_IRQn = -10, SVCall_IRQn = -5, DebugMonitor_IRQn = -4, PendSV_IRQn = -2, SysTick_IRQn = -1,
    TIM6_DAC_IRQn = 54, ETH_IRQn = 61, ETH_WKUP_IRQn = 62
} IRQn_Type;
#include "core_cm7.h"
#include <stdint.h>

typedef struct {
    __IO uint32_t MACCR;
    __IO uint32_t MACPFR;
    __IO uint32_t MACMDIOAR;
    __IO uint32_t MACMDIODR;
    __IO uint32_t DMAMR;
    __IO uint32_t DMACIER;
    __IO uint32_t DMACRIWTR;
    __IO uint32_t DMACRDTPR;
    __IO uint32_t DMACSR;
    __IO uint32_t MTLTQOMR;
    __IO uint32_t DMADSR;
    __IO uint32_t DMACTCR;
    __IO uint32_t DMACRCR;
} ETH_TypeDef;
typedef struct {
    __IO uint32_t AHB1ENR;
    __IO uint32_t AHB2ENR;
    __IO uint32_t AHB4ENR;
    __IO uint32_t APB1LENR;
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
#define RCC ((RCC_TypeDef *)0x58024400UL)
#define GPIOA ((GPIO_TypeDef *)0x58020000UL)
#define GPIOB ((GPIO_TypeDef *)0x58020400UL)
#define GPIOC ((GPIO_TypeDef *)0x58020800UL)
#define GPIOG ((GPIO_TypeDef *)0x58021800UL)

#define ETH_DMACSR_TI (1UL << 0)
#define ETH_DMACSR_RI (1UL << 6)
#define ETH_DMACSR_RBU (1UL << 7)
#define ETH_DMACSR_FBE (1UL << 12)
#define ETH_DMACSR_AIS (1UL << 14)
#define ETH_DMACSR_NIS (1UL << 15)
#define ETH_DMACIER_TIE (1UL << 0)
#define ETH_DMACIER_RIE (1UL << 6)
#define ETH_DMACIER_RBUE (1UL << 7)
#define ETH_DMACIER_FBEE (1UL << 12)
#define ETH_DMACIER_AIE (1UL << 14)
#define ETH_DMACIER_NIE (1UL << 15)
#define ETH_MACPFR_PM (1UL << 4)
/* DMA/MAC start-stop bits and the DMA debug status (RM0433; the glue's ethif_dma_halt) */
#define ETH_DMACTCR_ST (1UL << 0)
#define ETH_DMACRCR_SR (1UL << 0)
#define ETH_MACCR_RE (1UL << 0)
#define ETH_MACCR_TE (1UL << 1)
#define ETH_MTLTQOMR_FTQ (1UL << 0)
#define ETH_DMADSR_RPS (0xFUL << 8)
#define ETH_DMADSR_TPS (0xFUL << 12)

#define RCC_AHB1ENR_ETH1MACEN (1UL << 15)
#define RCC_AHB1ENR_ETH1TXEN (1UL << 16)
#define RCC_AHB1ENR_ETH1RXEN (1UL << 17)
#define RCC_AHB2ENR_D2SRAM1EN (1UL << 29)
#define RCC_AHB2ENR_D2SRAM2EN (1UL << 30)
#define RCC_AHB2ENR_D2SRAM3EN (1UL << 31)
#endif
