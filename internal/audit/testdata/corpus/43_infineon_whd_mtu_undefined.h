/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: Infineon/wifi-core-freertos-lwip-mbedtls@5d6289a configs/lwipopts.h (the MSS and link header
 * come from the Wi-Fi host driver's whd_types.h, which a file audited alone does not have: #if reads them as
 * 0, so lwIP's sanity #errors fire only because of the missing header; the FreeRTOS port's own switch)
 * args: --cpu cortex-m4
 * expect: info audit.include_not_found
 * expect: warning audit.unresolved_identifier TCP_MSS
 * expect: info lwip.init.tcp_snd_queuelen_min2
 * expect: info lwip.init.tx_single_pbuf_oversize
 * expect: info audit.vendor_glue LWIP_FREERTOS_CHECK_CORE_LOCKING
 * expect-not: lwip.compile.followup
 * expect-not: lwip.compile.error
 * expect-not: audit.unknown_option LWIP_FREERTOS_CHECK_CORE_LOCKING
 */
#ifndef LWIPOPTS_WIFI_H
#define LWIPOPTS_WIFI_H

#include <wifi_host_driver_types.h>

#define NO_SYS                      0
#define SYS_LIGHTWEIGHT_PROT        1
#define MEM_ALIGNMENT               4
#define MEM_SIZE                    (16 * 1024)
#define LWIP_TCPIP_CORE_LOCKING     1
#define LWIP_FREERTOS_CHECK_CORE_LOCKING 1

/* the driver's link header and payload MTU */
#define PBUF_LINK_HLEN              (WIFI_LINK_HEADER_BYTES)
#define TCP_MSS                     (WIFI_PAYLOAD_MTU_BYTES)
#define TCP_WND                     (4 * TCP_MSS)
#define TCP_SND_BUF                 (4 * TCP_MSS)
#define TCP_SND_QUEUELEN            ((6 * (TCP_SND_BUF) + (TCP_MSS - 1)) / (TCP_MSS))
#define LWIP_NETIF_TX_SINGLE_PBUF   1
#define PBUF_POOL_SIZE              12
#define PBUF_POOL_BUFSIZE           LWIP_MEM_ALIGN_SIZE(TCP_MSS + 40 + PBUF_LINK_ENCAPSULATION_HLEN + PBUF_LINK_HLEN)
#define LWIP_DHCP                   1
#define LWIP_DNS                    1
#define LWIP_SOCKET                 1
#define LWIP_NETCONN                1
#define LWIP_SO_RCVTIMEO            1
#define LWIP_TIMEVAL_PRIVATE        0

#endif
