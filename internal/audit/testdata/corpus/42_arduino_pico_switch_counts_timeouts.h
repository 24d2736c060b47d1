/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: earlephilhower/arduino-pico@387294c5fe include/lwipopts.h (NO_SYS core, SNTP and mDNS on,
 * MEMP_NUM_SYS_TIMEOUT left at lwIP's default and LWIP_ARP set to 7 so that LWIP_NUM_SYS_TIMEOUT_INTERNAL,
 * which adds its switches as numbers, leaves 6 timeouts for the apps)
 * args: --cpu cortex-m0plus
 * expect: info audit.switch_counts_timeouts LWIP_ARP
 * expect: warning other_line.ignored DHCP_DOES_ARP_CHECK
 * expect: info audit.other_line_option LWIP_DHCP_DOES_ACD_CHECK
 * expect: info audit.helper_macro BOARD_MEM_SCALE
 * expect-not: audit.sys_timeout_apps
 */
#pragma once

extern unsigned long board_random(void);
#define LWIP_RAND() board_random()

#ifndef BOARD_MEM_SCALE
#define BOARD_MEM_SCALE 1
#endif

#define NO_SYS                     1
#define LWIP_SOCKET                0
#define LWIP_NETCONN               0
#define MEM_ALIGNMENT              4
#define MEM_SIZE                   (BOARD_MEM_SCALE * 16384)
#define MEMP_NUM_TCP_SEG           32
#define PBUF_POOL_SIZE             24
/* a switch used as a count: six more sys_timeout slots */
#define LWIP_ARP                   7
#define LWIP_ETHERNET              1
#define TCP_MSS                    1460
#define TCP_WND                    (8 * TCP_MSS)
#define TCP_SND_BUF                (8 * TCP_MSS)
#define TCP_SND_QUEUELEN           ((4 * (TCP_SND_BUF) + (TCP_MSS - 1)) / (TCP_MSS))
#define LWIP_DHCP                  1
#define LWIP_DNS                   1
#define LWIP_IGMP                  1
#define LWIP_NETIF_HOSTNAME        1
#define LWIP_NETIF_STATUS_CALLBACK 1
#define LWIP_NETIF_LINK_CALLBACK   1
#define DHCP_DOES_ARP_CHECK        0
#define LWIP_DHCP_DOES_ACD_CHECK   0
#define LWIP_MDNS_RESPONDER        1
#define MDNS_MAX_SERVICES          4
#define SNTP_MAX_SERVERS           2
#define SNTP_SERVER_DNS            1
