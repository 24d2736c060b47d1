/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: Xilinx embeddedsw ThirdParty/sw_services/lwip211 BSP output (the lwipopts.h the lwip211 Tcl writes into <bsp>/ps7_cortexa9_0/include for RAW_API mode)
 * args: --chip xc7z035
 * expect: info audit.vendor_glue PROCESSOR_LITTLE_ENDIAN
 * expect: info audit.vendor_glue LWIP_FULL_CSUM_OFFLOAD_RX
 * expect: info audit.vendor_glue LWIP_FULL_CSUM_OFFLOAD_TX
 * expect: info audit.vendor_glue CONFIG_LINKSPEED_AUTODETECT
 * expect: warning audit.tcp_wnd_small TCP_WND
 * expect: warning audit.csum_offload_vs_frag CHECKSUM_GEN_UDP
 * expect-text: audit.csum_offload_vs_frag unverified
 * expect-text-not: audit.csum_offload_vs_frag GEM
 * expect-text-not: audit.csum_offload_vs_frag STM32
 * expect-text-not: audit.csum_offload_vs_frag GD32
 * expect: warning audit.unknown_option MEMP_SEPARATE_POOLS
 * expect: warning audit.unknown_option LWIP_DBG_LEVEL
 * expect: warning audit.unknown_option IP_OPTIONS
 * expect: warning audit.unknown_option IP_FRAG_MAX_MTU
 * expect: warning other_line.ignored DHCP_DOES_ARP_CHECK
 * expect: warning audit.reass_pool IP_REASS_MAX_PBUFS
 */
#ifndef __LWIPOPTS_H_
#define __LWIPOPTS_H_

#ifndef PROCESSOR_LITTLE_ENDIAN
#define PROCESSOR_LITTLE_ENDIAN
#endif

#define SYS_LIGHTWEIGHT_PROT 1

#define NO_SYS 1
#define LWIP_SOCKET 0
#define LWIP_COMPAT_SOCKETS 0
#define LWIP_NETCONN 0

#define LWIP_TCP_KEEPALIVE 0

#define MEM_ALIGNMENT 64
#define MEM_SIZE 131072
#define MEMP_NUM_PBUF 16
#define MEMP_NUM_UDP_PCB 4
#define MEMP_NUM_TCP_PCB 32
#define MEMP_NUM_TCP_PCB_LISTEN 8
#define MEMP_NUM_TCP_SEG 256
#define MEMP_NUM_SYS_TIMEOUT 8
#define MEMP_NUM_NETBUF 8
#define MEMP_NUM_NETCONN 16
#define MEMP_NUM_TCPIP_MSG_API 16
#define MEMP_NUM_TCPIP_MSG_INPKT 64

#define LWIP_PROVIDE_ERRNO  1
#define PBUF_POOL_SIZE 128
#define PBUF_POOL_BUFSIZE 1700
#define PBUF_LINK_HLEN 16

#define ARP_TABLE_SIZE 10
#define ARP_QUEUEING 1
#define ICMP_TTL 255

#define IP_OPTIONS 0
#define IP_FORWARD 0
#define IP_REASSEMBLY 1
#define IP_FRAG 1
#define IP_REASS_MAX_PBUFS 128
#define IP_FRAG_MAX_MTU 1500
#define IP_DEFAULT_TTL 255
#define LWIP_CHKSUM_ALGORITHM 3

#define LWIP_UDP 1
#define UDP_TTL 255

#define LWIP_TCP 1
#define TCP_MSS 1460
#define TCP_SND_BUF 8192
#define TCP_WND 2048
#define TCP_TTL 255
#define TCP_MAXRTX 12
#define TCP_SYNMAXRTX 4
#define TCP_QUEUE_OOSEQ 1
#define TCP_SND_QUEUELEN   16 * TCP_SND_BUF/TCP_MSS
#define CHECKSUM_GEN_TCP 	0
#define CHECKSUM_GEN_UDP 	0
#define CHECKSUM_GEN_IP  	0
#define CHECKSUM_CHECK_TCP  0
#define CHECKSUM_CHECK_UDP  0
#define CHECKSUM_CHECK_IP 	0
#define LWIP_FULL_CSUM_OFFLOAD_RX  1
#define LWIP_FULL_CSUM_OFFLOAD_TX  1

#define MEMP_SEPARATE_POOLS 1
#define MEMP_NUM_FRAG_PBUF 256
#define IP_OPTIONS_ALLOWED 0
#define TCP_OVERSIZE TCP_MSS

#define LWIP_DHCP 1
#define DHCP_DOES_ARP_CHECK 1

#define CONFIG_LINKSPEED_AUTODETECT 1

#define LWIP_DBG_LEVEL LWIP_DBG_LEVEL_ALL
#endif
