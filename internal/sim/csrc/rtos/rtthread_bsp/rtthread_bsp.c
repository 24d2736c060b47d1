/*
 * rtthread_bsp.c - the model side of rtthread_bsp/board.h: records the board-level calls of the
 * generated lwipgen_rtthread.c (clock enables, D-cache clean+invalidate, lwipgen_mpu_setup) with
 * whether the scheduler had started and whether a thread ran them, so a run can check that the
 * board init ran as INIT_BOARD_EXPORT (before the scheduler, before lwip_system_init) and in order:
 * the SRAM clock before the cache maintenance, the cache before the MPU attributes change.
 * lwipgen_mpu.c itself writes the Cortex-M MPU registers at their absolute addresses and is not
 * compiled on the host; lwipgen_mpu_setup here stands for it (the region values are checked by
 * the ELF verifier, not here).
 */
#include <stdio.h>
#include <string.h>

#include "board.h"

static char trace[256];

void vrtt_bsp_note(const char *what)
{
    if (vrtos_started() || rt_thread_self()) {
        vrtos_fault("board-level call %s after the scheduler started (not an INIT_BOARD_EXPORT step)", what);
    }
    if (trace[0]) {
        strncat(trace, " ", sizeof trace - strlen(trace) - 1);
    }
    strncat(trace, what, sizeof trace - strlen(trace) - 1);
}
const char *vrtt_bsp_trace(void) { return trace; }
void SCB_CleanInvalidateDCache(void) { vrtt_bsp_note("dcache"); }
void lwipgen_mpu_setup(void) { vrtt_bsp_note("mpu"); }
