/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: micropython/micropython@1c3c201149 ports/mimxrt/lwip_inc/lwipopts.h, which includes
 * extmod/lwip-include/lwipopts_common.h (where MEM_ALIGNMENT 4, NO_SYS and the pools are set) and adds
 * the port's few values; audited alone, without -I for the common header (i.MX RT: Cortex-M7).
 * The alignment rule reads lwIP's default 1 only because the common header was not read: unknown, an
 * info that names the header to pass, not an error.
 * args: --cpu cortex-m7
 * expect: info audit.include_not_found
 * expect: info audit.mem_alignment MEM_ALIGNMENT
 * expect-text: audit.mem_alignment lwipopts_common.h
 */
#ifndef PORT_LWIP_LWIPOPTS_H
#define PORT_LWIP_LWIPOPTS_H

#include "lwipopts_common.h"

#define LWIP_IPV6                   0
#define LWIP_NETIF_HOSTNAME         1
#define LWIP_RAND()                 ((u32_t)0x1234abcdu)

#endif
