/*
 * tests/check.h - what the RTOS model's C scenario programs (model.c, rtthread.c) share: a
 * virtual-time trace of named events and the "ok NAME" / "FAIL NAME" lines the Go tests read.
 * Included once per program (static functions). lwipgen's own code.
 */
#ifndef SIM_TESTS_CHECK_H
#define SIM_TESTS_CHECK_H
#include <stdio.h>
#include <string.h>

#include "vrtos.h"

static char trace[4096];
static int fails;
#define MS 1000000ull

/* note appends "NAME@<virtual time in us> " to the trace */
static void note(const char *s)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%s@%llu ", s, (unsigned long long)(vrtos_now_ns() / 1000ull));
    strncat(trace, buf, sizeof trace - strlen(trace) - 1);
}
static void expect(const char *name, int cond)
{
    if (cond) {
        printf("ok %s\n", name);
    } else {
        printf("FAIL %s\n", name);
        fails++;
    }
}
/* expect_trace compares the trace so far with want and starts a new one */
static void expect_trace(const char *name, const char *want)
{
    if (strcmp(trace, want) == 0) {
        printf("ok %s\n", name);
    } else {
        printf("FAIL %s\n  got  %s\n  want %s\n", name, trace, want);
        fails++;
    }
    trace[0] = 0;
}
#endif
