/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: raspberrypi/pico-examples pico_w/wifi/mqtt/lwipopts.h (includes the common header, adds MQTT and its timer)
 * args: --cpu cortex-m0plus
 * expect: warning audit.mem_size_send MEM_SIZE
 * expect: warning audit.debug_on LWIP_DEBUG
 * expect: warning other_line.ignored DHCP_DOES_ARP_CHECK
 * expect: info audit.other_line_option LWIP_DHCP_DOES_ACD_CHECK
 */
#ifndef _LWIPOPTS_H
#define _LWIPOPTS_H

/* the generic options of all examples */
#include "14_pico_lwipopts_common.h"

/* MQTT keeps one sys_timeout per client */
#define MEMP_NUM_SYS_TIMEOUT        (LWIP_NUM_SYS_TIMEOUT_INTERNAL + 1)
#define MQTT_REQ_MAX_IN_FLIGHT      (5)
#define MQTT_OUTPUT_RINGBUF_SIZE    1024

#endif
