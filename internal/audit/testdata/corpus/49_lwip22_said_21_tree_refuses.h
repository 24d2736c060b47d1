/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: raspberrypi/pico-examples@4c3a3dc019 pico_w/wifi/lwipopts_examples_common.h (a pico-sdk file,
 * whose SDK bundles lwIP 2.2.1), with the DHCP client off (an access point) while the 2.1 name
 * DHCP_DOES_ARP_CHECK stays on; audited with --lwip-version 2.2 against the 2.1.3 tree, the only one at hand:
 * 2.1.3's init.c refuses it, 2.2 ignores the old name, so the refusal is not a verdict on this file
 * args: --cpu cortex-m0plus --lwip-version 2.2
 * expect: info audit.lwip_version
 * expect: warning lwip.init.dhcp_arp_check
 * expect: warning audit.not_an_option DHCP_DOES_ARP_CHECK
 */
#ifndef _LWIPOPTS_AP_H
#define _LWIPOPTS_AP_H

#define NO_SYS                      1
#define LWIP_SOCKET                 0
#define LWIP_NETCONN                0
#define MEM_LIBC_MALLOC             0
#define MEM_ALIGNMENT               4
#define MEM_SIZE                    16000
#define MEMP_NUM_TCP_SEG            32
#define PBUF_POOL_SIZE              24
#define LWIP_ARP                    1
#define LWIP_ETHERNET               1
#define TCP_MSS                     1460
#define TCP_WND                     (8 * TCP_MSS)
#define TCP_SND_BUF                 (8 * TCP_MSS)
#define TCP_SND_QUEUELEN            ((4 * (TCP_SND_BUF) + (TCP_MSS - 1)) / (TCP_MSS))
#define LWIP_DHCP                   0
#define DHCP_DOES_ARP_CHECK         1
#define LWIP_DNS                    1
#define LWIP_NETIF_HOSTNAME         1

#endif
