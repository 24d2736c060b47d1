/* audit fixture: a project's lwIP port header, written for lwipgen; no vendor or lwIP text.
 * modelled on: the arch/cc.h of ST's STM32F4x7 lwIP examples and GD32F4 ENET demos (they provide
 * errno themselves and, under GCC, take struct timeval from the C library)
 */
#ifndef FIXTURE_PORT_CC_H
#define FIXTURE_PORT_CC_H
#include <stdint.h>
#include <stddef.h>
typedef uint32_t sys_prot_t;
#define LWIP_PROVIDE_ERRNO
#define LWIP_TIMEVAL_PRIVATE 0
#include <sys/time.h>
#define LWIP_PLATFORM_DIAG(x) do { } while (0)
#define LWIP_PLATFORM_ASSERT(x) do { } while (0)
#define FIXTURE_PORT_MARK 42
#endif
