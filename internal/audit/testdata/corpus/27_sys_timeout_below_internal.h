/* audit corpus: written for lwipgen; no vendor or lwIP text.
 * modelled on: a GD32/STM32 bare-metal lwipopts.h that copied MEMP_NUM_SYS_TIMEOUT 3 from an lwIP 1.3 example while enabling DHCP and DNS
 * args: --chip gd32f407
 * expect: error MEMP_NUM_SYS_TIMEOUT
 */
#ifndef LWIPOPTS_H
#define LWIPOPTS_H

#define NO_SYS                      1
#define LWIP_NETCONN                0
#define LWIP_SOCKET                 0
#define MEM_ALIGNMENT               4
#define MEM_SIZE                    (8*1024)
#define MEMP_NUM_SYS_TIMEOUT        3
#define LWIP_DHCP                   1
#define LWIP_DNS                    1
#define TCP_MSS                     1460
#define TCP_SND_BUF                 (2*TCP_MSS)

#endif
