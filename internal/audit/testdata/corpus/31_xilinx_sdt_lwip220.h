/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: Xilinx embeddedsw lwip220 (SDT/CMake flow) generated lwipopts.h shape for lwIP 2.2 (LWIP_DHCP_DOES_ACD_CHECK, ACD)
 * args: --chip xc7z035 --lwip-version 2.2.x
 * expect: info audit.vendor_glue PROCESSOR_LITTLE_ENDIAN
 * expect: info audit.vendor_glue CONFIG_LINKSPEED_AUTODETECT
 * expect: warning audit.tcp_wnd_small TCP_WND
 */
#ifndef __LWIPOPTS_H_
#define __LWIPOPTS_H_

#ifndef PROCESSOR_LITTLE_ENDIAN
#define PROCESSOR_LITTLE_ENDIAN
#endif

#define SYS_LIGHTWEIGHT_PROT 1
#define NO_SYS 1
#define LWIP_SOCKET 0
#define LWIP_NETCONN 0

#define MEM_ALIGNMENT 64
#define MEM_SIZE 131072
#define MEMP_NUM_PBUF 16
#define MEMP_NUM_TCP_PCB 32
#define MEMP_NUM_TCP_SEG 256
#define PBUF_POOL_SIZE 256
#define PBUF_POOL_BUFSIZE 1700
#define PBUF_LINK_HLEN 16

#define IP_REASSEMBLY 1
#define IP_FRAG 1
#define IP_REASS_MAX_PBUFS 128
#define LWIP_CHKSUM_ALGORITHM 3

#define TCP_MSS 1460
#define TCP_SND_BUF 8192
#define TCP_WND 2048
#define TCP_SND_QUEUELEN (16 * TCP_SND_BUF/TCP_MSS)

#define LWIP_DHCP 1
#define LWIP_DHCP_DOES_ACD_CHECK 1
#define CONFIG_LINKSPEED_AUTODETECT 1

#endif
