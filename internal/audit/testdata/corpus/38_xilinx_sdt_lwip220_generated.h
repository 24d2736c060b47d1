/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: the lwipopts.h the lwip220 SDT flow generates (Xilinx/embeddedsw@97f2baf7f6 ThirdParty/sw_services/lwip220 lwipopts.h.in through lwip220.cmake; a public user repository's generated copy): tabs between names and values, "#undef" comments for options left out, the adapter's switches, lwIP 2.2 names, audited against lwIP 2.1.3 as a user with the older tree would
 * args: --chip xc7z035
 * expect: info audit.vendor_glue PROCESSOR_LITTLE_ENDIAN
 * expect: info audit.vendor_glue LWIP_FULL_CSUM_OFFLOAD_RX
 * expect: info audit.vendor_glue CONFIG_LINKSPEED_AUTODETECT
 * expect: info audit.vendor_glue LWIP_UDP_OPT_BLOCK_TX_TILL_COMPLETE
 * expect: info audit.vendor_glue SGMII_FIXED_LINK
 * expect: info audit.other_line_option LWIP_ACD
 * expect: warning audit.unknown_option MEMP_SEPARATE_POOLS
 * expect: warning audit.unknown_option IP_FRAG_MAX_MTU
 * expect: warning audit.tcp_wnd_small TCP_WND
 * expect-not: audit.unknown_option LWIP_UDP_OPT_BLOCK_TX_TILL_COMPLETE
 * expect-not: audit.unknown_option SGMII_FIXED_LINK
 */
#ifndef __LWIPOPTS_H_
#define __LWIPOPTS_H_

#ifndef PROCESSOR_LITTLE_ENDIAN
#define PROCESSOR_LITTLE_ENDIAN
#endif

#define SYS_LIGHTWEIGHT_PROT 1

#define NO_SYS			  1
#define LWIP_SOCKET 		 0
#define LWIP_COMPAT_SOCKETS	 0
#define LWIP_NETCONN		 0

#define NO_SYS_NO_TIMERS   1
#define LWIP_TCP_KEEPALIVE  0

#define SGMII_FIXED_LINK 1
#define MEM_ALIGNMENT 64
#define MEM_SIZE 262144
#define MEMP_NUM_PBUF 32
#define MEMP_NUM_UDP_PCB 4
#define MEMP_NUM_TCP_PCB 16
#define MEMP_NUM_TCP_PCB_LISTEN 4
#define MEMP_NUM_TCP_SEG 512
#define MEMP_NUM_SYS_TIMEOUT 8

#define PBUF_POOL_SIZE 1024
#define PBUF_POOL_BUFSIZE 1700
#define PBUF_LINK_HLEN 16

#define ARP_TABLE_SIZE 10
#define ARP_QUEUEING 1
#define ICMP_TTL 255
#define LWIP_IPV6  0
/* #undef LWIP_IGMP */
/* #undef IP_FORWARD */
#define IP_REASSEMBLY 1
#define IP_FRAG 1
#define IP_REASS_MAX_PBUFS 64
#define IP_FRAG_MAX_MTU 1500
#define IP_DEFAULT_TTL 255
#define LWIP_CHKSUM_ALGORITHM 3

#define LWIP_UDP 1
#define UDP_TTL 255
#define LWIP_UDP_OPT_BLOCK_TX_TILL_COMPLETE 0

#define LWIP_TCP 1
#define TCP_MSS 1460
#define TCP_SND_BUF 16384
#define TCP_WND 2048
#define TCP_TTL 255
#define TCP_MAXRTX 12
#define TCP_SYNMAXRTX 4
#define TCP_QUEUE_OOSEQ 1
#define TCP_SND_QUEUELEN   16 * TCP_SND_BUF/TCP_MSS

#define CHECKSUM_GEN_TCP	   0
#define CHECKSUM_GEN_UDP    0
#define CHECKSUM_GEN_IP     0
#define CHECKSUM_CHECK_TCP  0
#define CHECKSUM_CHECK_UDP  0
#define CHECKSUM_CHECK_IP   0

#define LWIP_FULL_CSUM_OFFLOAD_RX 1
#define LWIP_FULL_CSUM_OFFLOAD_TX 1

#define MEMP_SEPARATE_POOLS 1
#define MEMP_NUM_FRAG_PBUF 256
#define IP_OPTIONS_ALLOWED 0
#define TCP_OVERSIZE TCP_MSS
/* #undef USE_JUMBO_FRAMES */

#define LWIP_DHCP  1
#define LWIP_DHCP_DOES_ACD_CHECK  0
#define LWIP_ACD  0

#define CONFIG_LINKSPEED_AUTODETECT 1
/* #undef LWIP_STATS */
/* #undef LWIP_DEBUG */
#endif
