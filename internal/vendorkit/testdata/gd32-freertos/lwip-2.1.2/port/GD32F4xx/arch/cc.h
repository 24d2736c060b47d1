/* cc.h - written for lwipgen's tests in the shape of the GD32F4xx demo port's arch/cc.h (GCC branch);
 * no GigaDevice or lwIP code. */
#ifndef CC_H
#define CC_H
#include <stdint.h>
#include <stdio.h>
typedef int sys_prot_t;
#ifndef BYTE_ORDER
#define BYTE_ORDER LITTLE_ENDIAN
#endif
#define LWIP_TIMEVAL_PRIVATE 0 /* newlib's <sys/time.h> has struct timeval */
#include <sys/time.h>
#define PACK_STRUCT_BEGIN
#define PACK_STRUCT_STRUCT __attribute__((__packed__))
#define PACK_STRUCT_END
#define PACK_STRUCT_FIELD(x) x
#define LWIP_PLATFORM_DIAG(x) do { printf x; } while (0)
#define LWIP_PLATFORM_ASSERT(x) do { printf("Assertion \"%s\" failed at line %d in %s\n", x, __LINE__, __FILE__); } while (0)
#endif
