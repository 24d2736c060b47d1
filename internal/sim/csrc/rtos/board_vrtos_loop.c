/*
 * board_vrtos_loop.c - what every RTOS board of the simulator's device node (FreeRTOS and RT-Thread)
 * shares with devhost.c: the critical-section mask and the main-loop pass on the virtual-time
 * scheduler. Compiled with the board file for every RTOS device (build.go). lwipgen's own code.
 */
#include <stdint.h>

#include "devhost.h"
#include "vrtos.h"

/* A critical section (taskENTER_CRITICAL raising BASEPRI over every interrupt that may call FreeRTOS,
 * rt_hw_interrupt_disable setting PRIMASK) holds devhost's interrupts; leaving it delivers the pending. */
void vrtos_port_mask(int masked)
{
    dev_primask = (dev_primask & 1) | (masked ? 2 : 0);
    if (!masked) {
        dev_irq_poll();
    }
}

/* One pass of "the main loop": every thread runs until it blocks at the current time. */
void board_loop_once(void)
{
    uint64_t before = vrtos_switches();
    (void)vrtos_run(dev_now_ns);
    if (vrtos_switches() != before) {
        dev_progress++;
    }
}

uint64_t board_next_event(void) { return vrtos_next_event_ns(); }
