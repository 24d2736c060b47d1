/* arch/cc.h - lwipgen test stand-in for the compiler/platform header of ST's lwIP port (our own text). The
 * lwIP sources are not part of the fixture: the test links Middlewares/Third_Party/LwIP/src to the lwIP tree
 * lwipgen fetched. */
#ifndef LWIPGEN_SDK_CC_H
#define LWIPGEN_SDK_CC_H
#include <stdlib.h>
#include <sys/errno.h> /* errno and the E* values from newlib (the include path has src/include/lwip, where <errno.h> is lwIP's) */
#define LWIP_PLATFORM_DIAG(x) do { } while (0)
#define LWIP_PLATFORM_ASSERT(x) do { for (;;) { } } while (0)
#define LWIP_RAND() ((u32_t)rand())
typedef int sys_prot_t;
#endif
