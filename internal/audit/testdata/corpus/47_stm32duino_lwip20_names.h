/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: stm32duino/STM32Ethernet@d6f3a8e95f src/lwipopts_default.h (written for lwIP 2.0: options
 * 2.1 removed, a misspelt socket switch, the library's own RMII switch)
 * args: --cpu cortex-m4
 * expect: info audit.lwip_version
 * expect: warning audit.unknown_option LWIP_DHCP_CHECK_LINK_UP
 * expect: warning audit.unknown_option LWIP_RANDOMIZE_INITIAL_LOCAL_PORTS
 * expect: warning audit.unknown_option LWIP_SO_RCVRCVTIMEO_NONSTANDARD
 * expect: info audit.vendor_glue ETHERNET_RMII_MODE_CONFIGURATION
 * expect: warning audit.reass_pool IP_REASS_MAX_PBUFS
 * expect-not: audit.unknown_option ETHERNET_RMII_MODE_CONFIGURATION
 */
#ifndef __LWIPOPTS_BOARD_H__
#define __LWIPOPTS_BOARD_H__

#define NO_SYS                  1
#define SYS_LIGHTWEIGHT_PROT    0
#define MEM_ALIGNMENT           4
#define MEM_SIZE                (10 * 1024)
#define MEMP_NUM_PBUF           10
#define MEMP_NUM_TCP_PCB        5
#define MEMP_NUM_TCP_SEG        8
#define PBUF_POOL_SIZE          8
#define IP_REASSEMBLY           1
#define IP_REASS_MAX_PBUFS      10
#define LWIP_SO_RCVRCVTIMEO_NONSTANDARD 1
#define LWIP_RANDOMIZE_INITIAL_LOCAL_PORTS 1
#define TCP_MSS                 (1500 - 40)
#define TCP_SND_BUF             (2 * TCP_MSS)
#define TCP_WND                 (2 * TCP_MSS)
#define LWIP_DHCP               1
#define LWIP_DHCP_CHECK_LINK_UP 1
#define LWIP_NETCONN            0
#define LWIP_SOCKET             0
#define ETHERNET_RMII_MODE_CONFIGURATION 1

#endif
