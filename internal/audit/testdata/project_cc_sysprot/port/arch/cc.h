/* fixture port: types only; sys_prot_t is the OS port's (see sys_arch.h) */
#ifndef FIXTURE_CC_H
#define FIXTURE_CC_H
#include <stdint.h>
#include <sys/time.h>
#define LWIP_TIMEVAL_PRIVATE 0
#define LWIP_ERRNO_STDINCLUDE 1
/* typedef int sys_prot_t; */
//typedef int sys_prot_t;
#define LWIP_PLATFORM_DIAG(x) do { } while (0)
#define LWIP_PLATFORM_ASSERT(x) do { } while (0)
#endif
