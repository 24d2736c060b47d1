/*
 * board.h - the part of an RT-Thread STM32H7 BSP's board/board.h (which includes stm32h7xx.h and the
 * HAL) that lwipgen_rtthread.c uses, for the simulator: the D2 SRAM clock enables and the D-cache
 * maintenance call, recorded by the model (rtthread_bsp.c) so that a test can check what the board
 * init did and in which order. lwipgen's own file, modelled on the ART-Pi BSP
 * (RT-Thread-Studio/sdk-bsp-stm32h750-realthread-artpi, projects/<app>/board/board.h: includes
 * <stm32h7xx.h>, <drv_common.h>). No vendor code.
 */
#ifndef VRTT_BSP_BOARD_H
#define VRTT_BSP_BOARD_H

#include "rtthread.h"

/* What the board-level init did, in order, before the scheduler started ("clock:D2SRAM1 dcache mpu"). */
const char *vrtt_bsp_trace(void);
void vrtt_bsp_note(const char *what);

/* RCC->AHB2ENR bits of the D2 SRAMs (RM0433 8.7.41): the model records the enable */
#define __HAL_RCC_D2SRAM1_CLK_ENABLE() vrtt_bsp_note("clock:D2SRAM1")
#define __HAL_RCC_D2SRAM2_CLK_ENABLE() vrtt_bsp_note("clock:D2SRAM2")
#define __HAL_RCC_D2SRAM3_CLK_ENABLE() vrtt_bsp_note("clock:D2SRAM3")
/* CMSIS core_cm7.h */
void SCB_CleanInvalidateDCache(void);

#endif
