/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: fehleme97/felipe_leme_embarcatech_HBr_2025 projetos/projeto-final-felipe_vitor-main/code/
 * hw_control/inc/lwipopts.h (pico W, NO_SYS 1, MQTT): MEMP_NUM_SYS_TIMEOUT chosen by
 * `#ifdef LWIP_NUM_SYS_TIMEOUT_INTERNAL`, a macro opt.h defines only after it has read lwipopts.h, so the
 * #else value is always the one used.
 * args: --cpu cortex-m0plus
 * expect: warning audit.tests_later_definition LWIP_NUM_SYS_TIMEOUT_INTERNAL
 * expect-text: audit.tests_later_definition src/include/lwip/opt.h
 */
#ifndef PICO_APP_LWIPOPTS_H
#define PICO_APP_LWIPOPTS_H

#define NO_SYS                  1
#define LWIP_SOCKET             0
#define LWIP_NETCONN            0
#define LWIP_RAW                1
#define SYS_LIGHTWEIGHT_PROT    1
#define LWIP_IPV6               0
#define LWIP_DHCP               1
#define LWIP_DNS                1
#define LWIP_NETIF_HOSTNAME     1
#define MEM_ALIGNMENT           4
#define MEM_SIZE                (24 * 1024)
#define PBUF_POOL_SIZE          32
#define MEMP_NUM_TCP_SEG        64
#define TCP_MSS                 1460
#define TCP_SND_BUF             (8 * TCP_MSS)
#define TCP_WND                 (8 * TCP_MSS)
#define TCP_SND_QUEUELEN        (4 * TCP_SND_BUF / TCP_MSS)
#define MQTT_REQ_MAX_IN_FLIGHT  5
#define LWIP_STATS              0

#ifdef LWIP_NUM_SYS_TIMEOUT_INTERNAL
#define MEMP_NUM_SYS_TIMEOUT    (LWIP_NUM_SYS_TIMEOUT_INTERNAL + 10)
#else
#define MEMP_NUM_SYS_TIMEOUT    24
#endif

#endif
