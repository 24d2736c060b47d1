/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: ssilverman/QNEthernet@9b6018d81d src/lwipopts.h (the library bundles lwIP 2.2: it sets the
 * 2.2 name LWIP_DHCP_DOES_ACD_CHECK and not the 2.1 one, and a hooks header only lwIP's sources include
 * through LWIP_HOOK_FILENAME, whose absence stopped the compile with "No such file or directory")
 * args: --cpu cortex-m7
 * expect: info audit.lwip_version LWIP_DHCP_DOES_ACD_CHECK
 * expect: info audit.other_line_option LWIP_DHCP_DOES_ACD_CHECK
 * expect: info audit.include_not_found
 * expect-not: lwip.compile.error
 */
#ifndef LWIPOPTS_TEENSY_H_
#define LWIPOPTS_TEENSY_H_

#define NO_SYS                     1
#define MEM_ALIGNMENT              4
#define MEM_SIZE                   24000
#define MEMP_NUM_TCP_PCB           5
#define PBUF_POOL_SIZE             16
#define LWIP_ETHERNET              1
#define TCP_MSS                    1460
#define TCP_WND                    (4 * TCP_MSS)
#define TCP_SND_BUF                (4 * TCP_MSS)
#define TCP_SND_QUEUELEN           (4 * TCP_SND_BUF / TCP_MSS)
#define MEMP_NUM_TCP_SEG           TCP_SND_QUEUELEN
#define LWIP_DHCP                  1
#define LWIP_DHCP_DOES_ACD_CHECK   0
#define LWIP_DNS                   1
#define LWIP_IGMP                  1
#define LWIP_NETCONN               0
#define LWIP_SOCKET                0
#define LWIP_HOOK_FILENAME         "teensy_net/lwip_hooks.h"

#endif
