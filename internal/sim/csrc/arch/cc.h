/*
 * arch/cc.h - the lwipgen simulation port (host, NO_SYS=1, virtual time).
 * Part of lwipgen's simulator, not of lwIP. Nothing here reads a wall clock:
 * time comes from the scheduler (sim_node.c), randomness from a seeded PRNG.
 */
#ifndef LWIPGEN_SIM_ARCH_CC_H
#define LWIPGEN_SIM_ARCH_CC_H

#include <stdio.h>
#include <stdlib.h>

void sim_diag(const char *fmt, ...);
unsigned int sim_rand(void);

#define LWIP_PLATFORM_DIAG(x) do { sim_diag x; } while (0)
#define LWIP_PLATFORM_ASSERT(x) do { fprintf(stderr, "lwIP assertion \"%s\" failed at %s:%d\n", x, __FILE__, __LINE__); fflush(stderr); abort(); } while (0)
#define LWIP_RAND() ((u32_t)sim_rand())

#endif
