/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: AvengerGear/chibios-stm32f407-discovery-mqtt@808bb99dd9 lwipopts.h (a whole lwIP 1.4-era option list, each option inside its own #ifndef guard, lwIP 1.4 names that 2.1 no longer reads, and one #if that tests the file's own switch)
 * args: --chip stm32f407
 * expect: error audit.lightweight_prot_rtos SYS_LIGHTWEIGHT_PROT
 * expect: warning audit.unknown_option ETHARP_TRUST_IP_MAC
 * expect: warning audit.unknown_option MEMP_NUM_SNMP_NODE
 * expect: warning audit.unknown_option MEMP_SEPARATE_POOLS
 * expect: warning audit.tcp_mss_small TCP_MSS
 * expect: info audit.helper_macro APP_STATIC_FRAG_BUF
 * expect-not: audit.helper_macro ETHARP_TRUST_IP_MAC
 * expect-not: audit.helper_macro MEMP_NUM_SNMP_NODE
 */
#ifndef __LWIPOPTS_H__
#define __LWIPOPTS_H__

#ifndef SYS_LIGHTWEIGHT_PROT
#define SYS_LIGHTWEIGHT_PROT            0
#endif

#ifndef NO_SYS
#define NO_SYS                          0
#endif

#ifndef MEMP_SEPARATE_POOLS
#define MEMP_SEPARATE_POOLS             0
#endif

#ifndef MEM_ALIGNMENT
#define MEM_ALIGNMENT                   4
#endif

#ifndef MEM_SIZE
#define MEM_SIZE                        16000
#endif

#ifndef MEMP_NUM_SNMP_NODE
#define MEMP_NUM_SNMP_NODE              50
#endif

#ifndef ETHARP_TRUST_IP_MAC
#define ETHARP_TRUST_IP_MAC             0
#endif

#ifndef APP_STATIC_FRAG_BUF
#define APP_STATIC_FRAG_BUF             1
#endif

#if APP_STATIC_FRAG_BUF && !defined(IP_FRAG)
#define IP_FRAG                         1
#endif

#ifndef TCP_MSS
#define TCP_MSS                         536
#endif

#ifndef TCP_SND_BUF
#define TCP_SND_BUF                     (4 * TCP_MSS)
#endif

#ifndef TCP_WND
#define TCP_WND                         (4 * TCP_MSS)
#endif

#ifndef TCPIP_THREAD_STACKSIZE
#define TCPIP_THREAD_STACKSIZE          1024
#endif

#endif /* __LWIPOPTS_H__ */
