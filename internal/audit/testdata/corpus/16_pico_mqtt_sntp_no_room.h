/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: a Pico W user project built on pico-examples' pattern that adds SNTP to the MQTT example but keeps its +1 timeout (public pico W projects, lwipopts.h)
 * args: --cpu cortex-m0plus
 * expect: warning audit.mem_size_send MEM_SIZE
 * expect: warning audit.debug_on LWIP_DEBUG
 * expect: warning other_line.ignored DHCP_DOES_ARP_CHECK
 * expect: info audit.other_line_option LWIP_DHCP_DOES_ACD_CHECK
 * expect: warning audit.sys_timeout_apps
 */
#ifndef _LWIPOPTS_H
#define _LWIPOPTS_H

#include "14_pico_lwipopts_common.h"

#define MEMP_NUM_SYS_TIMEOUT        (LWIP_NUM_SYS_TIMEOUT_INTERNAL + 1)
#define MQTT_REQ_MAX_IN_FLIGHT      (5)

/* network time */
#define SNTP_SERVER_DNS             1
#define SNTP_STARTUP_DELAY          0
void set_rtc_from_ntp(unsigned long secs);
#define SNTP_SET_SYSTEM_TIME(sec)   set_rtc_from_ntp(sec)

#endif
