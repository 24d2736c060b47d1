/* arch/cc.h - a minimal lwIP port header written for lwipgen's tests (not ST's). The lwIP sources
 * themselves are not part of the fixture: the test links Middlewares/Third_Party/LwIP/src to the
 * lwIP tree lwipgen fetched. */
#ifndef LWIPGEN_TEST_CC_H
#define LWIPGEN_TEST_CC_H
#include <stdlib.h>
#define LWIP_PLATFORM_DIAG(x) do { } while (0)
#define LWIP_PLATFORM_ASSERT(x) do { for (;;) { } } while (0)
#define LWIP_RAND() ((u32_t)rand())
#endif
